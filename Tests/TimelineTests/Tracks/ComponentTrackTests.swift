import Testing
import Timeline

/// A track split into scalar tracks, one per component: against hand-computed values, against
/// the vector track itself, and against scalar tracks built from each component's keyframes.
@Suite("Component tracks")
struct ComponentTrackTests {
    @Test("a linear point track's components are their own lines, worked by hand")
    func linearComponentsAreTheirLines() throws {
        let track = try Track<Point>(keyframes: [
            Keyframe(time: 0, value: Point(x: 0, y: 10)),
            Keyframe(time: 2, value: Point(x: 100, y: 20)),
        ])
        let components = track.componentTracks
        #expect(components.count == 2)
        #expect(components[0].value(at: 0.5) == 25)      // 0 + 100 × 0.25
        #expect(components[1].value(at: 0.5) == 12.5)    // 10 + 10 × 0.25
        #expect(components[1].value(at: 3) == 20)
        #expect(components[0].keyframes.map(\.time) == [0, 2])
        #expect(components[1].keyframes.map(\.value) == [10, 20])
    }

    @Test("every kind's components are the vector's components and the per-component tracks, bit for bit")
    func componentsAreBitForBit() throws {
        var random = ValuesTestRandom(seed: 23)
        let kinds: [SegmentKind<Point>] = [
            .linear, .hold, .cubic, .timing(TimingCurve(QuadraticTiming())), .timing(TimingCurve(SquareTiming())),
            .cubic(startVelocity: Point(x: 40, y: -3), endVelocity: nil),
            .cubic(startVelocity: nil, endVelocity: Point(x: -7, y: 12)),
            .custom(OscillatorSegment(omega: 5), startVelocity: nil),
            .custom(OscillatorSegment(omega: 3), startVelocity: Point(x: 2, y: 9)),
        ]
        for _ in 0..<40 {
            var time = 0.0
            var keyframes = [Keyframe(time: 0, value: Point(x: random.double(in: -50...50), y: random.double(in: -50...50)))]
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                time += random.double(in: 0.1...1)
                let value = Point(x: random.double(in: -50...50), y: random.double(in: -50...50))
                keyframes.append(Keyframe(time: time, value: value, kinds[Int.random(in: 0..<kinds.count, using: &random)]))
            }
            let track = try Track(keyframes: keyframes)
            let split = track.componentTracks
            // Each component's keyframes, built and resolved as a scalar track of their own.
            let rebuilt = try (0..<2).map { component in
                try Track<Double>(keyframes: keyframes.map { keyframe in
                    let kind: SegmentKind<Double> = switch keyframe.kind {
                    case .hold: .hold
                    case .timing(let curve): .timing(curve)
                    case .cubic(let start, let end):
                        .cubic(startVelocity: start?.component(component), endVelocity: end?.component(component))
                    case .custom(let interpolator, let start): .custom(interpolator, startVelocity: start?.component(component))
                    }
                    return Keyframe(time: keyframe.time, value: keyframe.value.component(component), kind)
                })
            }
            for step in -2...Int(time * 40) + 4 {
                let t = Double(step) / 40
                let vector = track.value(at: t)
                for component in 0..<2 {
                    let value = split[component].value(at: t)
                    #expect(value.bitPattern == vector.component(component).bitPattern, "component \(component) at \(t)")
                    #expect(value.bitPattern == rebuilt[component].value(at: t).bitPattern, "rebuilt \(component) at \(t)")
                    #expect(split[component].velocity(at: t).bitPattern == rebuilt[component].velocity(at: t).bitPattern)
                }
            }
        }
    }

    @Test("a bank of point tracks is its tracks' components, in order")
    func bankOfPointsIsItsComponents() throws {
        let points = try (0..<3).map { index in
            try Track<Point>(keyframes: [
                Keyframe(time: 0, value: Point(x: Double(index), y: -1)),
                Keyframe(time: 1, value: Point(x: 10, y: Double(index) * 4), .cubic),
            ])
        }
        let bank = try ScalarTrackBank(componentsOf: points, precision: .identical)
        #expect(bank.trackCount == 6)
        var lanes = [Double](repeating: 0, count: 6)
        bank.evaluate(at: 0.3, into: &lanes)
        for (index, track) in points.enumerated() {
            #expect(lanes[2 * index] == track.value(at: 0.3).x)
            #expect(lanes[2 * index + 1] == track.value(at: 0.3).y)
        }
        // A track of numbers is its own one component.
        let number = try Track<Double>(keyframes: [Keyframe(time: 0, value: 1), Keyframe(time: 1, value: 3)])
        #expect(number.componentTracks.count == 1)
        #expect(number.componentTracks[0].value(at: 0.25) == 1.5)
    }
}
