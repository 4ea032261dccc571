import Timeline
import TimelinePlugins
import CadenceIO

/// The typed values of one document track, before they are placed in a frame.
enum DocumentTrackValues: Sendable {
    case number(Track<Double>)
    case vector([Track<Double>])
    case color(Track<Color>)
    case path(PathTrack)

    var duration: Double {
        switch self {
        case .number(let track): track.duration
        case .vector(let tracks): tracks.map(\.duration).max() ?? 0
        case .color(let track): track.duration
        case .path(let track): track.duration
        }
    }

    /// The first keyframe's value, in frame form.
    var initialValue: DocumentValue {
        switch self {
        case .number(let track): .numbers([track.initialValue])
        case .vector(let tracks): .numbers(tracks.map(\.initialValue))
        case .color(let track):
            .numbers([track.initialValue.red, track.initialValue.green, track.initialValue.blue, track.initialValue.alpha])
        case .path(let track): .path(track.keyframes[0].path)
        }
    }

    /// A clip that writes the values into a frame at `offset` (numbers) or `offset` (paths).
    ///
    /// Number, vector and colour tracks are bound to the frame's numbers from `offset` on, so the
    /// clip's compiled program plays them from one bank and writes them in place, one reach of the
    /// frame's numbers for every track in a row (a colour then divides its three components by its
    /// alpha); paths write through closures.
    func makeClip(offset: Int, name: String) -> Clip<Frame> {
        let length = duration
        let body: @Sendable (Double, Bool, inout Frame) -> Void
        switch self {
        case .number(let track):
            return Clip([track], elementsOf: \Frame.numbers, startingAt: offset, name: name)
        case .vector(let tracks):
            return Clip(tracks, elementsOf: \Frame.numbers, startingAt: offset, name: name)
        case .color(let track):
            // The premultiplied components play as lanes (a colour interpolates in that space),
            // then red, green and blue are divided by alpha in place, as `Color.red` reads them.
            let lanes = Clip(track.componentTracks, elementsOf: \Frame.numbers, startingAt: offset, name: name)
            let straighten = (try? Clip<Frame>(duration: length) { _, _, frame in
                frame.numbers.withUnsafeMutableBufferPointer { numbers in
                    let alpha = numbers[offset + 3]
                    for component in offset..<offset + 3 {
                        numbers[component] = alpha == 0 ? 0 : numbers[component] / alpha
                    }
                }
            })!
            // Both fill both ways, so that the group applies wherever the colour's one clip did.
            return Clip.group([lanes.filling(.both), straighten.filling(.both)])
        case .path(let track):
            // In place: the frame's path keeps its storage from frame to frame.
            body = { time, beforeFlag, frame in track.evaluate(at: time, beforeFlag: beforeFlag, into: &frame.paths[offset]) }
        }
        // The duration is finite and not negative: tracks are validated.
        return (try? Clip(duration: length, name: name, body))!
    }
}

/// One keyframe as read from JSON, before the track is built.
private struct RawKeyframe<Value: Animatable> {
    var time: Double
    var value: Value
    var kind: SegmentKind<Value>
    var path: String
    var timeKey: String
}

/// Reads a track's keyframes for its value kind, collecting every error with its JSON path.
struct KeyframeListReader: ErrorCollecting {
    let kind: DocumentTrack.ValueKind
    let trackPath: String
    let plugins: PluginRegistry
    var errors: [DocumentError] = []

    init(kind: DocumentTrack.ValueKind, trackPath: String, plugins: PluginRegistry) {
        self.kind = kind
        self.trackPath = trackPath
        self.plugins = plugins
    }

    mutating package func read(_ keyframes: [JSONCursor]) -> DocumentTrackValues? {
        switch kind {
        case .number:
            return readAnimatable(keyframes, value: { cursor throws(DocumentError) in try cursor.number() })
                .map { .number($0) }
        case .vector(let count):
            guard let track = readAnimatable(keyframes, value: { cursor throws(DocumentError) in
                try Self.vector(cursor, count: count)
            }) else { return nil }
            return .vector(track.componentTracks(count: count) { $0.component($1) })
        case .color:
            return readAnimatable(keyframes, value: { cursor throws(DocumentError) in
                let text = try cursor.string()
                do { return try Color(hex: text) } catch { throw cursor.error("invalid colour: \(error)") }
            }).map { .color($0) }
        case .path:
            return readPaths(keyframes).map { .path($0) }
        }
    }

    /// A vector value: an array of exactly `count` numbers, as a `VectorValue`.
    static func vector(_ cursor: JSONCursor, count: Int) throws(DocumentError) -> VectorValue {
        let elements = try cursor.array()
        guard elements.count == count else {
            throw cursor.error("expected \(count) numbers like the track's first value, found \(elements.count)")
        }
        var numbers: [Double] = []
        for element in elements { numbers.append(try element.number()) }
        return VectorValue(numbers)
    }

    private mutating func readAnimatable<Value: Animatable>(
        _ keyframes: [JSONCursor], value readValue: (JSONCursor) throws(DocumentError) -> Value
    ) -> Track<Value>? {
        var raw: [RawKeyframe<Value>] = []
        var time = 0.0
        let errorCount = errors.count
        for (index, cursor) in keyframes.enumerated() {
            do throws(DocumentError) {
                _ = try cursor.object()
                try cursor.checkKeys(DocumentReader.keyframeKeys)
                let value = try readValue(try cursor.required("value"))
                var (kind, relativeVelocity) = try Self.segmentKind(cursor, plugins: plugins, readValue: readValue)
                // The UIKit form's initial velocity is relative to the distance travelled.
                if let relativeVelocity, case .custom(let interpolator, nil) = kind, let previous = raw.last {
                    kind = .custom(interpolator, startVelocity: (value - previous.value).scaled(by: relativeVelocity))
                }
                let (keyframeTime, key) = try Self.time(of: cursor, index: index, previous: time, kind: kind)
                time = keyframeTime
                raw.append(RawKeyframe(time: keyframeTime, value: value, kind: kind, path: cursor.path, timeKey: key))
            } catch {
                record(error)
            }
        }
        guard errors.count == errorCount else { return nil }
        do {
            return try Track(keyframes: raw.map { Keyframe(time: $0.time, value: $0.value, $0.kind) })
        } catch {
            let index = error.keyframe ?? 0
            let keyframe = raw[min(index, raw.count - 1)]
            record(DocumentError(path: Self.path(for: error, keyframe: keyframe), message: Self.message(for: error)))
            return nil
        }
    }

    private mutating func readPaths(_ keyframes: [JSONCursor]) -> PathTrack? {
        var raw: [PathKeyframe] = []
        var paths: [String] = []
        var time = 0.0
        let errorCount = errors.count
        for (index, cursor) in keyframes.enumerated() {
            do throws(DocumentError) {
                _ = try cursor.object()
                try cursor.checkKeys(["time", "duration", "value", "curve"])
                let valueCursor = try cursor.required("value")
                let text = try valueCursor.string()
                let path: Path
                do { path = try Path(svgPathData: text) } catch {
                    throw valueCursor.error("invalid path data at character \(error.offset): \(error.reason)")
                }
                var curve = TimingCurve.linear
                if let curveCursor = cursor.child("curve") {
                    curve = try Self.curve(try curveCursor.string(), at: curveCursor, plugins: plugins)
                }
                let (keyframeTime, _) = try Self.time(of: cursor, index: index, previous: time, kind: SegmentKind<Double>.linear)
                time = keyframeTime
                raw.append(PathKeyframe(time: keyframeTime, path: path, curve: curve))
                paths.append(cursor.path)
            } catch {
                record(error)
            }
        }
        guard errors.count == errorCount else { return nil }
        do {
            return try PathTrack(keyframes: raw)
        } catch {
            let index = min(error.keyframe ?? 0, paths.count - 1)
            record(DocumentError(path: paths[index] + ".time", message: Self.message(for: error)))
            return nil
        }
    }

    /// The keyframe's time: `time`, or the previous time plus `duration`, or plus a spring's
    /// settling time.
    private static func time<Value>(
        of cursor: JSONCursor, index: Int, previous: Double, kind: SegmentKind<Value>
    ) throws(DocumentError) -> (Double, String) {
        let timeCursor = cursor.child("time")
        let durationCursor = cursor.child("duration")
        if timeCursor != nil, let durationCursor {
            throw durationCursor.error("give either \"time\" or \"duration\", not both")
        }
        if let timeCursor { return (try timeCursor.number(), "time") }
        if let durationCursor {
            guard index > 0 else {
                throw durationCursor.error("the first keyframe has no segment: give it a \"time\" (0 by default)")
            }
            let duration = try durationCursor.number()
            guard duration.isFinite, duration > 0 else {
                throw durationCursor.error("duration must be a number greater than 0, got \(NumberFormat.string(duration))")
            }
            return (previous + duration, "duration")
        }
        if index == 0 { return (0, "time") }
        if case .custom(let interpolator, _) = kind, let natural = interpolator.naturalDuration, natural.isFinite {
            return (previous + natural, "spring")
        }
        throw cursor.error("missing \"time\" or \"duration\"")
    }

    private static func segmentKind<Value: Animatable>(
        _ cursor: JSONCursor, plugins: PluginRegistry, readValue: (JSONCursor) throws(DocumentError) -> Value
    ) throws(DocumentError) -> (SegmentKind<Value>, relativeVelocity: Double?) {
        let curve = cursor.child("curve")
        let spring = cursor.child("spring")
        if curve != nil, let spring { throw spring.error("give either \"curve\" or \"spring\", not both") }
        if let spring {
            if let stray = cursor.child("startVelocity") ?? cursor.child("endVelocity") {
                throw stray.error("a spring segment takes \"velocity\", not start or end velocities")
            }
            let (parsed, relative) = try SpringReader.spring(spring)
            let velocity = try cursor.child("velocity").map { (c) throws(DocumentError) in try readValue(c) }
            return (.spring(parsed, startVelocity: velocity), velocity == nil ? relative : nil)
        }
        if let stray = cursor.child("velocity") {
            throw stray.error("\"velocity\" belongs to spring segments; cubic segments take startVelocity and endVelocity")
        }
        let name = try curve?.string() ?? "linear"
        if name == "cubic" {
            let start = try cursor.child("startVelocity").map { (c) throws(DocumentError) in try readValue(c) }
            let end = try cursor.child("endVelocity").map { (c) throws(DocumentError) in try readValue(c) }
            return (.cubic(startVelocity: start, endVelocity: end), nil)
        }
        if let stray = cursor.child("startVelocity") ?? cursor.child("endVelocity") {
            throw stray.error("start and end velocities belong to \"cubic\" segments")
        }
        if name == "hold" { return (.hold, nil) }
        guard let curve else { return (.linear, nil) }
        do {
            if let segment = try plugins.segment(parsing: name) { return (.custom(segment), nil) }
        } catch {
            throw curve.error("\(error)")
        }
        return (.timing(try Self.curve(name, at: curve, plugins: plugins)), nil)
    }

    /// A curve from the registered plugins (the easing plugin first); for text no plugin knows, the
    /// easing syntax's own error, which lists what is accepted.
    static func curve(_ text: String, at cursor: JSONCursor, plugins: PluginRegistry) throws(DocumentError) -> TimingCurve {
        do {
            if let curve = try plugins.curve(parsing: text) { return curve }
        } catch {
            throw cursor.error("\(error)")
        }
        do {
            return try TimingCurve(parsing: text)
        } catch {
            let others = plugins.acceptedNames.filter { !TimingCurve.acceptedNames.contains($0) && !TimingCurve.acceptedFunctions.contains($0) }
            let extra = others.isEmpty ? "" : ", " + others.joined(separator: ", ")
            throw cursor.error("\(error) (or \"hold\", \"cubic\"\(extra))")
        }
    }

    private static func path<Value>(for error: TrackError, keyframe: RawKeyframe<Value>) -> String {
        switch error {
        case .nonFiniteValue: keyframe.path + ".value"
        case .nonFiniteVelocity: keyframe.path + ".velocity"
        case .invalidSegment: keyframe.path + ".spring"
        default: keyframe.path + "." + keyframe.timeKey
        }
    }

    /// The track error's sentence without its "keyframe N:" prefix (the path says where).
    static func message(for error: TrackError) -> String {
        let text = error.description
        guard let colon = text.firstIndex(of: ":"), text.hasPrefix("keyframe") else { return text }
        return String(text[text.index(after: colon)...]).trimmingPrefix(while: { $0 == " " })
    }
}

extension String {
    fileprivate func trimmingPrefix(while predicate: (Character) -> Bool) -> String {
        String(drop(while: predicate))
    }
}
