import Testing
import Timeline
import TimelinePlugins

/// Reference transitions 2 (circular mask reveal) and 3 (punch-out with shadow), from
/// /work/shared/TRANSITIONS.md: the mask paths, built and morphed as the transitions define them.
@Suite("Path: reference transitions 2 and 3")
struct ReferenceTransitionPathTests {
    // A phone-sized container.
    let width = 390.0
    let height = 844.0
    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }
    var centre: Point { Point(x: width / 2, y: height / 2) }
    /// Core Animation ease-in, cubic-bezier(0.42, 0, 1, 1), solved by bisection in the tests.
    let easeIn = BisectedCubicBezier.easeIn

    /// The circle of the reveal at a diameter: corner radius = diameter / 2 on a square layer.
    func revealMask(diameter: Double) throws -> Path {
        try .circle(center: centre, radius: diameter / 2)
    }

    // MARK: 2. Circular mask reveal

    @Test func circularRevealGrowsTheDiameterFrom4To1Point2H() throws {
        let from = try revealMask(diameter: 4)
        let to = try revealMask(diameter: 1.2 * height)
        let track = try PathTrack(keyframes: [
            PathKeyframe(time: 0, path: from),
            PathKeyframe(time: 1, path: to, curve: TimingCurve(easeIn)),
        ])
        #expect(track.value(at: 0) == from)
        #expect(track.value(at: 1) == to)
        for time in [0.25, 0.5, 0.75] {
            // Same structure: the radius at eased progress y is the linear interpolation.
            let y = easeIn.value(at: time)
            let radius = 2 + (0.6 * height - 2) * y
            let frame = track.value(at: time)
            let parts = cubics(of: frame)
            #expect(parts.count == 4)
            for part in parts {
                #expect(abs(distance(part.0, centre) - radius) < 1e-9)
                let middle = bernstein(part.0, part.1, part.2, part.3, 0.5)
                #expect(abs(distance(middle, centre) - radius) < 1e-9)
            }
        }
        // Hand-checked middle: ease-in at half time is well under half way (y(0.5) ≈ 0.315).
        #expect(abs(easeIn.value(at: 0.5) - 0.3153) < 1e-3)
    }

    @Test func roundedSquareWithHalfSideCornersIsTheSameCircle() throws {
        // The platform animates a square layer's corner radius = diameter / 2: the same curves.
        let diameter = 100.0
        let square = Rect(x: centre.x - 50, y: centre.y - 50, width: diameter, height: diameter)
        let rounded = try Path.roundedRectangle(square, cornerRadius: diameter / 2)
        let circle = try revealMask(diameter: diameter)
        for part in cubics(of: rounded) {
            #expect(cubics(of: circle).contains { other in
                isClose(part.0, other.0, 1e-12) && isClose(part.1, other.1, 1e-12)
                    && isClose(part.2, other.2, 1e-12) && isClose(part.3, other.3, 1e-12)
            })
        }
        // Morphing the rounded squares is just as linear.
        let morph = PathMorph(
            from: try .roundedRectangle(square.insetBy(dx: 48, dy: 48), cornerRadius: 2),
            to: try .roundedRectangle(square, cornerRadius: 50))
        for part in cubics(of: morph.path(at: 0.5)) where distance(part.0, part.3) > 1e-9 {
            #expect(abs(distance(part.0, centre) - 26) < 1e-9)
        }
    }

    // MARK: 3. Punch-out with shadow

    func punchOutPaths() throws -> (from: Path, to: Path) {
        var from = try Path.rectangle(bounds, fillRule: .evenOdd)
        from.addPath(try .oval(in: Rect(x: centre.x - 2, y: centre.y - 2, width: 4, height: 4)))
        var to = try Path.rectangle(bounds.insetBy(dx: -40, dy: -40), fillRule: .evenOdd)
        let big = 1.2 * height
        to.addPath(try .oval(in: Rect(x: centre.x - big / 2, y: centre.y - big / 2, width: big, height: big)))
        return (from, to)
    }

    @Test func punchOutPathsAreTheDefinedShapes() throws {
        let (from, to) = try punchOutPaths()
        #expect(from.svgPathData.hasPrefix("M 0 0 L 390 0 L 390 844 L 0 844 Z M 197 422 C "))
        #expect(to.svgPathData.hasPrefix("M -40 -40 L 430 -40 L 430 884 L -40 884 Z M 701.4 422 C "))
        #expect(from.fillRule == .evenOdd && to.fillRule == .evenOdd)
        // The big oval overflows the container: 0.6 H = 506.4 around the centre (195, 422).
        let box = to.bounds
        #expect(abs(box.minX - -311.4) < 1e-9 && abs(box.maxX - 701.4) < 1e-9)
        #expect(abs(box.minY - -84.4) < 1e-9 && abs(box.maxY - 928.4) < 1e-9)
        #expect(from.bounds == bounds)
    }

    @Test func punchOutMorphHasExactEndsAndALinearHole() throws {
        let (from, to) = try punchOutPaths()
        let push = PathMorph(from: from, to: to)
        #expect(push.path(at: 0) == from)
        #expect(push.path(at: 1) == to)
        for progress in [0.25, 0.5, 0.75] {
            let frame = push.path(at: progress)
            #expect(frame.fillRule == .evenOdd)
            let subpaths = frame.subpaths
            #expect(subpaths.count == 2)
            // The rectangle's corners move linearly to the inset-by-−40 corners.
            let inset = -40 * progress
            let corners = cubics(of: subpaths[0]).map(\.0)
            #expect(corners.count == 4)
            let want = [
                Point(x: inset, y: inset), Point(x: width - inset, y: inset),
                Point(x: width - inset, y: height - inset), Point(x: inset, y: height - inset),
            ]
            for (a, b) in zip(corners, want) { #expect(isClose(a, b, 1e-9)) }
            // The hole is the circle of the linearly interpolated radius 2 → 0.6 H.
            let radius = 2 + (0.6 * height - 2) * progress
            for part in cubics(of: subpaths[1]) {
                #expect(abs(distance(part.0, centre) - radius) < 1e-9)
                #expect(abs(distance(bernstein(part.0, part.1, part.2, part.3, 0.5), centre) - radius) < 1e-9)
            }
        }
        // Hand-checked midpoint: hole radius (2 + 506.4) / 2 = 254.2, rectangle inset by −20.
        let middle = push.path(at: 0.5)
        #expect(isClose(cubics(of: middle)[0].0, Point(x: -20, y: -20), 1e-9))
        #expect(abs(distance(cubics(of: middle.subpaths[1])[0].0, centre) - 254.2) < 1e-9)
        // Even-odd: the hole is clear, the ring between hole and edge is masked in.
        #expect(!isInsideEvenOdd(middle, centre))
        #expect(!isInsideEvenOdd(middle, Point(x: centre.x, y: centre.y + 253)))
        #expect(isInsideEvenOdd(middle, Point(x: centre.x, y: centre.y + 256)))
        #expect(isInsideEvenOdd(middle, Point(x: -10, y: -10)))
        #expect(!isInsideEvenOdd(middle, Point(x: -30, y: -30)))
    }

    @Test func popRunsTheSameMorphBackwards() throws {
        let (from, to) = try punchOutPaths()
        let push = PathMorph(from: from, to: to)
        let pop = PathMorph(from: to, to: from)
        #expect(pop.path(at: 0) == to && pop.path(at: 1) == from)
        for progress in [0.1, 0.5, 0.9] {
            let a = cubics(of: pop.path(at: progress)), b = cubics(of: push.path(at: 1 - progress))
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) {
                #expect(isClose(x.0, y.0, 1e-9) && isClose(x.1, y.1, 1e-9) && isClose(x.3, y.3, 1e-9))
            }
        }
    }

    @Test func punchOutOverOneSecondWithEaseIn() throws {
        // The shadow path morphs in step with the mask: one track serves both.
        let (from, to) = try punchOutPaths()
        let track = try PathTrack(keyframes: [
            PathKeyframe(time: 0, path: from),
            PathKeyframe(time: 1, path: to, curve: TimingCurve(easeIn)),
        ])
        var mask = track.makeBuffer()
        var shadow = track.makeBuffer()
        for step in 0...60 {
            let time = Double(step) / 60
            track.evaluate(at: time, into: &mask)
            track.evaluate(at: time, into: &shadow)
            #expect(mask == shadow)
            let radius = 2 + (0.6 * height - 2) * easeIn.value(at: time)
            let hole = cubics(of: mask.subpaths[1])[0].0
            #expect(abs(distance(hole, centre) - radius) < 1e-9)
        }
        #expect(mask == to)
    }
}
