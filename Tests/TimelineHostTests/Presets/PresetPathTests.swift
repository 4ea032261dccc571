import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// Path channels: a frame holds the geometry the preset computes, and the text sinks print it as
/// its SVG path data, byte for byte.
@Suite("Preset path channels")
struct PresetPathTests {
    /// The published constant of the 4-cubic circle: 4/3 · (√2 − 1), to 10 places.
    static let kappa = 0.5522847498

    /// The circle of radius `r` about `c` as four cubic curves, counter-clockwise in y-down
    /// coordinates from the rightmost point: written out by hand, not with `Path.circle`.
    static func referenceCircle(center c: Point, radius r: Double) -> [PathElement] {
        let k = kappa * r
        func p(_ x: Double, _ y: Double) -> Point { Point(x: c.x + x, y: c.y + y) }
        return [
            .move(to: p(r, 0)),
            .curve(to: p(0, r), control1: p(r, k), control2: p(k, r)),
            .curve(to: p(-r, 0), control1: p(-k, r), control2: p(-r, k)),
            .curve(to: p(0, -r), control1: p(-r, -k), control2: p(-k, -r)),
            .curve(to: p(r, 0), control1: p(k, -r), control2: p(r, -k)),
            .closeSubpath,
        ]
    }

    /// The command letter and points of an element, in the order path data lists them.
    static func parts(_ element: PathElement) -> (Character, [Point]) {
        switch element {
        case .move(let p): ("M", [p])
        case .line(let p): ("L", [p])
        case .quadCurve(let p, let c): ("Q", [c, p])
        case .curve(let p, let c1, let c2): ("C", [c1, c2, p])
        case .closeSubpath: ("Z", [])
        }
    }

    /// Whether two element lists have the same kinds and points within `tolerance`.
    static func matches(_ got: [PathElement], _ want: [PathElement], tolerance: Double) -> Bool {
        guard got.count == want.count else { return false }
        for (a, b) in zip(got, want) {
            let (kindA, pointsA) = parts(a), (kindB, pointsB) = parts(b)
            guard kindA == kindB else { return false }
            for (u, v) in zip(pointsA, pointsB) where abs(u.x - v.x) > tolerance || abs(u.y - v.y) > tolerance { return false }
        }
        return true
    }

    @Test func circularRevealsMaskIsTheCircleOfTheStatesDiameter() throws {
        let preset = try CircularRevealPreset(context: phone, parameters: [:])
        let r = try render(preset)
        #expect(r.frames.count == 61)
        let center = Point(x: 195, y: 422)
        for frame in r.frames {
            let mask = r.path("reveal.mask", at: frame.index)
            let elements = Array(mask.elements)
            if r.value("reveal.masked", at: frame.index) == 1 {
                let radius = r.value("reveal.diameter", at: frame.index) / 2
                // The constant is given to 10 places: 1e-10 × 506 is well below the tolerance.
                let want = Self.referenceCircle(center: center, radius: radius)
                #expect(Self.matches(elements, want, tolerance: 1e-7), "frame \(frame.index): \(mask)")
                #expect(abs(mask.bounds.width - 2 * radius) <= 1e-9)
            } else {
                // The completion removes the mask: the whole container.
                #expect(elements == [
                    .move(to: Point(x: 0, y: 0)), .line(to: Point(x: 390, y: 0)), .line(to: Point(x: 390, y: 844)),
                    .line(to: Point(x: 0, y: 844)), .closeSubpath,
                ])
            }
        }
        // Frame 0 is the 4-point circle, frame 60 the whole screen.
        #expect(Self.matches(Array(r.path("reveal.mask", at: 0).elements), Self.referenceCircle(center: center, radius: 2), tolerance: 1e-9))
        #expect(r.value("reveal.masked", at: 60) == 0)
    }

    @Test func punchOutsMaskIsTheMorphOfItsPathsAtTheStatesProgress() throws {
        for operation in [TransitionOperation.push, .pop] {
            let context = TransitionContext(containerSize: phone.containerSize, operation: operation)
            let preset = try PunchOutPreset(context: context, parameters: [:])
            let r = try render(preset)
            let (from, to) = operation == .push ? (preset.fromPath, preset.toPath) : (preset.toPath, preset.fromPath)
            let morph = PathMorph(from: from, to: to)
            for frame in r.frames where r.value("punch.masked", at: frame.index) == 1 {
                let mask = r.path("punch.mask", at: frame.index)
                #expect(mask == morph.path(at: r.value("punch.progress", at: frame.index)), "\(operation) frame \(frame.index)")
                #expect(mask.fillRule == .evenOdd)
            }
            let last = try #require(r.frames.last)
            #expect(r.path("punch.mask", at: last.index) == (try Path.rectangle(context.bounds)))
        }
    }

    @Test func punchOutsMaskMorphsIntoTheFramesPathInPlace() throws {
        let preset = try PunchOutPreset(context: phone, parameters: [:])
        // Past the end (frame 60) too: the bounds are written into the same storage.
        let addresses = try Self.maskStorage(preset, channel: "punch.mask", frames: 0...70) { frame in
            var state = preset.initialState
            state.progress = try #require(frame.scalar("punch.progress"))
            state.isMasked = frame.scalar("punch.masked") == 1
            // The morph (checked against its endpoints in `PathMorphTests`), then the bounds.
            return state.isMasked ? preset.morph.path(at: state.progress) : try Path.rectangle(phone.bounds)
        }
        // The first frames size the storage (the end path, then the morph's points); from then
        // on every frame morphs into the same memory.
        #expect(Set(addresses.dropFirst(2)).count == 1)
    }

    @Test func punchOutsMaskPathIntoAPathReplacesWhatItHeld() throws {
        let preset = try PunchOutPreset(context: phone, parameters: [:])
        // A path holding something else first: the mask replaces it, whatever it was.
        var path = try Path.circle(center: Point(x: 3, y: 4), radius: 5)
        var state = preset.initialState
        state.isMasked = true
        state.progress = 0.25
        preset.maskPath(state, into: &path)
        #expect(path == preset.morph.path(at: 0.25))
        state.isMasked = false
        preset.maskPath(state, into: &path)
        #expect(path == (try Path.rectangle(phone.bounds)))
        #expect(path.fillRule == .nonZero)
        #expect(preset.maskPath(state) == path)
    }

    @Test func circularRevealsMaskIsRebuiltInTheFramesPath() throws {
        let preset = try CircularRevealPreset(context: phone, parameters: [:])
        let addresses = try Self.maskStorage(preset, channel: "reveal.mask", frames: 0...70) { frame in
            let diameter = try #require(frame.scalar("reveal.diameter"))
            // A circle of the frame's diameter at the centre, then the whole container.
            return frame.scalar("reveal.masked") == 1
                ? try Path.circle(center: phone.center, radius: diameter / 2)
                : try Path.rectangle(phone.bounds)
        }
        // The first frame sizes the storage; every later frame rebuilds the mask in it.
        #expect(Set(addresses.dropFirst()).count == 1)
    }

    /// Renders `frames` into one reused frame, checks the path channel against `expected` at
    /// each, and returns the address of its point storage at each.
    static func maskStorage<P: TransitionPreset>(
        _ preset: P, channel name: String, frames: ClosedRange<Int>, expected: (Frame) throws -> Path
    ) throws -> [UnsafeRawPointer?] {
        var source = try PresetSource(preset: preset, frameRate: .fps60)
        var frame = Frame(schema: source.schema)
        let channel = try #require(source.schema.channel(named: name))
        var addresses: [UnsafeRawPointer?] = []
        for index in frames {
            frame.index = index
            frame.time = FrameRate.fps60.seconds(ofFrame: index)
            frame.events.removeAll()
            try source.evaluate(into: &frame)
            #expect(frame.paths[channel.offset] == (try expected(frame)), "\(P.name) frame \(index)")
            addresses.append(frame.paths[channel.offset]._pointStorageAddress)
        }
        return addresses
    }

    @Test(arguments: ["circular-reveal", "punch-out"])
    func textSinksPrintTheFramesPathsAsTheirSVGPathData(name: String) throws {
        let type = try #require(PresetCatalog.preset(named: name))
        for operation in type.operations {
            try Self.compare(type, operation: operation)
        }
    }

    /// Renders a preset to frames, to JSON Lines and to CSV, and checks every line's path against
    /// the frame's `svgPathData`.
    static func compare<P: TransitionPreset>(_ type: P.Type, operation: TransitionOperation) throws {
        let preset = try P(context: TransitionContext(operation: operation), parameters: [:])
        let frames = try render(preset).frames
        var source = try PresetSource(preset: preset, frameRate: .fps60)
        var json = JSONLinesSink(output: StringOutput())
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &json)
        source = try PresetSource(preset: preset, frameRate: .fps60)
        var csv = CSVSink(output: StringOutput())
        try HostLoop.renderOffline(&source, frameRate: .fps60, to: &csv)
        let lines = json.output.text.split(separator: "\n").map(String.init)
        var rows = csv.output.text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = rows.removeFirst()
        #expect(lines.count == frames.count && rows.count == frames.count)
        let schema = try #require(frames.first?.schema)
        for channel in schema.channels where channel.kind == .path {
            let column = try #require(header.firstIndex(of: channel.name))
            for (frame, (line, row)) in zip(frames, zip(lines, rows)) {
                let data = frame.paths[channel.offset].svgPathData
                #expect(!data.isEmpty)
                #expect(line.contains("\"\(channel.name)\":\"\(data)\""), "\(P.name) \(operation) frame \(frame.index)")
                #expect(row[column] == data, "\(P.name) \(operation) frame \(frame.index)")
            }
        }
    }
}
