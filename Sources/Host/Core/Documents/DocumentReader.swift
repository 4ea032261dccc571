import Timeline
import TimelinePlugins
import CadenceIO

/// Reads and validates a version 1 document, collecting every error it finds.
struct DocumentReader: ErrorCollecting {
    let plugins: PluginRegistry
    var errors: [DocumentError] = []

    init(plugins: PluginRegistry) {
        self.plugins = plugins
    }

    static let topKeys = ["cadence", "name", "fps", "duration", "tracks", "labels", "timeline", "scene"]
    static let trackKeys = ["name", "type", "keyframes", "gesture", "base", "delay", "speed", "repeat", "autoreverse", "fill"]
    static let keyframeKeys = ["time", "duration", "value", "curve", "spring", "velocity", "startVelocity", "endVelocity"]

    mutating package func read(_ root: JSONCursor) -> TimelineDocument? {
        guard attempt({ () throws(DocumentError) in _ = try root.object() }) != nil else { return nil }
        _ = attempt { () throws(DocumentError) in try root.checkKeys(Self.topKeys) }
        let versionOK = attempt { () throws(DocumentError) -> Bool in
            let version = try root.required("cadence")
            let number = try version.number()
            guard TimelineDocument.supportedVersions.contains(where: { Double($0) == number }) else {
                throw version.error(
                    "unsupported format version \(NumberFormat.string(number)) (this build reads version 1)")
            }
            return true
        }
        guard versionOK == true else { return nil }
        let name = attempt { () throws(DocumentError) in try root.child("name")?.string() ?? "document" } ?? "document"
        let frameRate = attempt { () throws(DocumentError) -> FrameRate in
            guard let fps = root.child("fps") else { return .fps60 }
            let value = try fps.positiveNumber()
            guard let rate = FrameRate(framesPerSecond: value) else {
                throw fps.error("frame rate must be greater than 0 and at most 100000, got \(NumberFormat.string(value))")
            }
            return rate
        } ?? .fps60
        let explicitDuration = attempt { () throws(DocumentError) in try root.child("duration")?.nonNegativeNumber() } ?? nil

        var tracks: [DocumentTrack] = []
        var trackPaths: [String] = []
        var schema = FrameSchema([])
        var names = Set<String>()
        // Every track's name, in document order, those that failed their own checks included.
        var orderedNames: [String] = []
        if let list = attempt({ () throws(DocumentError) in try root.required("tracks").array() }) {
            var numberOffset = 0
            var pathOffset = 0
            for cursor in list {
                // Names are checked first, so a duplicate is reported even when a track is invalid.
                if case .string(let name)? = cursor.value["name"], !names.contains(name) { orderedNames.append(name) }
                if case .string(let name)? = cursor.value["name"], !names.insert(name).inserted {
                    record(cursor.child("name")!.error("duplicate track name \"\(InputExcerpt.excerpt(name))\""))
                    continue
                }
                guard let (name, kind, values) = readTrack(cursor) else { continue }
                let offset: Int
                if case .path = kind {
                    offset = pathOffset
                    pathOffset += 1
                } else {
                    offset = numberOffset
                    numberOffset += Self.width(kind)
                }
                // A document has one track per channel, so a track shows its first value before
                // it starts and its last after it ends, unless the document says otherwise.
                let clip = values.makeClip(offset: offset, name: name).filling(.both)
                guard let timed = attempt({ () throws(DocumentError) in try Self.applyTiming(cursor, to: clip) }),
                    let base = attempt({ () throws(DocumentError) in try Self.base(of: cursor, kind: kind, values: values) })
                else { continue }
                tracks.append(DocumentTrack(name: name, kind: kind, duration: values.duration, clip: timed, base: base))
                trackPaths.append(cursor.path)
            }
            // Names whose CSV columns would coincide (a vector "e" and a number "e[0]").
            // The document's schema, built once: the clashes, the scene and the document read it.
            schema = FrameSchema(tracks.map { ($0.name, $0.kind.channelKind) })
            for clash in CSVColumns.clashes(in: schema) {
                let message = CSVColumns.message(for: clash, in: schema) { trackPaths[$0] }
                record(DocumentError(path: trackPaths[clash.channel] + ".name", message: message))
            }
            if list.isEmpty { record(root.child("tracks")!.error("a document needs at least one track")) }
        }
        let labels = readLabels(root.child("labels"))
        var clip: Clip<Frame>?
        if let timeline = root.child("timeline") {
            // Tracks that failed their own checks are reported there, not again as unknown.
            let invalid = names.subtracting(tracks.map(\.name))
            var composer = DocumentComposer(tracks: tracks, labels: labels, invalidTracks: invalid, allNames: orderedNames)
            clip = composer.compose(timeline)
            errors += composer.errors
        } else {
            var choreography = Choreography<Frame>()
            for track in tracks { _ = try? choreography.add(track.clip, at: .time(0)) }
            for label in labels {
                do throws(CompositionError) {
                    try choreography.addLabel(label.name, at: .time(label.time))
                } catch {
                    record(DocumentError(path: "labels.\(InputExcerpt.excerpt(label.name))", message: error.description))
                }
            }
            clip = choreography.clip
        }
        if let scene = root.child("scene") {
            errors += Scene.validationErrors(in: scene.value, schema: schema)
        }
        guard let clip, errors.isEmpty else { return nil }
        let duration: Double
        if let explicitDuration {
            duration = explicitDuration
        } else if clip.duration.isFinite {
            duration = clip.duration
        } else {
            record(root.error("a track repeats forever, so the document needs an explicit \"duration\""))
            return nil
        }
        guard frameRate.frameCount(covering: duration) != nil else {
            record((root.child("duration") ?? root).error(
                "\(NumberFormat.string(duration)) s at \(frameRate) is more than \(FrameRate.maximumFrameCount) frames"))
            return nil
        }
        return TimelineDocument(
            name: name, frameRate: frameRate, duration: duration, tracks: tracks, schema: schema, clip: clip,
            base: DocumentBase(tracks), scene: root.child("scene")?.value)
    }

    private mutating func readLabels(_ cursor: JSONCursor?) -> [Marker] {
        guard let cursor else { return [] }
        guard let members = attempt({ () throws(DocumentError) in try cursor.object() }) else { return [] }
        var labels: [Marker] = []
        for member in members {
            // The member itself: looking each label up by key would be quadratic in their number.
            let child = cursor.member(member.key, member.value)
            if let time = attempt({ () throws(DocumentError) in try child.nonNegativeNumber() }) {
                labels.append(Marker(name: member.key, time: time))
            }
        }
        return labels
    }

    // MARK: - Tracks

    /// The numbers a value of this kind takes in a frame.
    private static func width(_ kind: DocumentTrack.ValueKind) -> Int {
        switch kind {
        case .number: 1
        case .vector(let count): count
        case .color: 4
        case .path: 0
        }
    }

    private mutating func readTrack(
        _ cursor: JSONCursor
    ) -> (String, DocumentTrack.ValueKind, DocumentTrackValues)? {
        let before = errors.count
        guard attempt({ () throws(DocumentError) in _ = try cursor.object() }) != nil else { return nil }
        _ = attempt { () throws(DocumentError) in try cursor.checkKeys(Self.trackKeys) }
        guard let name = attempt({ () throws(DocumentError) -> String in
            let name = try cursor.required("name")
            let text = try name.string()
            guard !text.isEmpty else { throw name.error("a track name must not be empty") }
            return text
        }) else { return nil }
        if let gesture = cursor.child("gesture") {
            // A scripted finger and its release: one number track (Docs/Gestures.md).
            guard let track = attempt({ () throws(DocumentError) -> Track<Double> in
                if let keyframes = cursor.child("keyframes") { throw keyframes.error("a track has \"keyframes\" or a \"gesture\", not both") }
                if let type = cursor.child("type"), try type.string() != "number" { throw type.error("a gesture's track is a number track") }
                return try GestureReader.track(gesture)
            }) else { return nil }
            return (name, .number, .number(track))
        }
        guard let keyframes = attempt({ () throws(DocumentError) -> [JSONCursor] in
            let list = try cursor.required("keyframes")
            let array = try list.array()
            guard !array.isEmpty else { throw list.error("a track needs at least one keyframe") }
            return array
        }) else { return nil }
        guard let kind = attempt({ () throws(DocumentError) in try Self.valueKind(of: cursor, firstKeyframe: keyframes[0]) })
        else { return nil }

        var reader = KeyframeListReader(kind: kind, trackPath: cursor.path, plugins: plugins)
        let values = reader.read(keyframes)
        errors += reader.errors
        guard errors.count == before, let values else { return nil }
        return (name, kind, values)
    }

    static func valueKind(of track: JSONCursor, firstKeyframe: JSONCursor) throws(DocumentError) -> DocumentTrack.ValueKind {
        if let type = track.child("type") {
            switch try type.string() {
            case "number": return .number
            case "color": return .color
            case "path": return .path
            case "vector":
                guard case .array(let elements)? = firstKeyframe.value["value"] else {
                    throw firstKeyframe.child("value")?.error("a vector track's values are arrays of numbers")
                        ?? firstKeyframe.error("missing required key \"value\"")
                }
                return .vector(elements.count)
            case let other:
                throw type.error("unknown track type \"\(InputExcerpt.excerpt(other))\" (expected one of: number, vector, color, path)")
            }
        }
        let value = try firstKeyframe.required("value")
        switch value.value {
        case .number: return .number
        case .array(let elements):
            guard !elements.isEmpty else { throw value.error("a vector needs at least one number") }
            return .vector(elements.count)
        case .string(let text) where text.hasPrefix("#"): return .color
        case .string:
            throw value.error("a string value is a colour \"#RRGGBB\" or, with \"type\": \"path\" on the track, SVG path data")
        default:
            throw value.error("expected a number, an array of numbers or a colour \"#RRGGBB\", found \(value.value.typeName)")
        }
    }

    /// A track's base value: `"base"` if given, else its first keyframe's value.
    static func base(
        of track: JSONCursor, kind: DocumentTrack.ValueKind, values: DocumentTrackValues
    ) throws(DocumentError) -> DocumentValue {
        guard let cursor = track.child("base") else { return values.initialValue }
        switch kind {
        case .number:
            return .numbers([try cursor.number()])
        case .vector(let count):
            return .numbers(try KeyframeListReader.vector(cursor, count: count).numbers)
        case .color:
            let text = try cursor.string()
            do {
                let color = try Color(hex: text)
                return .numbers([color.red, color.green, color.blue, color.alpha])
            } catch {
                throw cursor.error("invalid colour: \(error)")
            }
        case .path:
            let text = try cursor.string()
            do {
                return .path(try Path(svgPathData: text))
            } catch {
                throw cursor.error("invalid path data at character \(error.offset): \(error.reason)")
            }
        }
    }

    /// Applies a track's or item's timing keys: delay, speed, repeat, autoreverse, fill.
    static func applyTiming(_ cursor: JSONCursor, to clip: Clip<Frame>) throws(DocumentError) -> Clip<Frame> {
        var clip = clip
        func compose(_ key: String, _ body: (JSONCursor) throws(CompositionError) -> Clip<Frame>) throws(DocumentError) {
            guard let child = cursor.child(key) else { return }
            do { clip = try body(child) } catch { throw child.error(error.description) }
        }
        if let fill = cursor.child("fill") {
            switch try fill.string() {
            case "none": clip = clip.filling(.none)
            case "forwards": clip = clip.filling(.forwards)
            case "backwards": clip = clip.filling(.backwards)
            case "both": clip = clip.filling(.both)
            case let other:
                throw fill.error("unknown fill \"\(InputExcerpt.excerpt(other))\" (expected one of: none, forwards, backwards, both)")
            }
        }
        if let autoreverse = cursor.child("autoreverse"), try autoreverse.bool() {
            try compose("autoreverse") { _ throws(CompositionError) in try clip.autoreversed() }
        }
        if let repeatCursor = cursor.child("repeat") {
            if case .string(let text) = repeatCursor.value {
                guard text == "forever" else {
                    throw repeatCursor.error("repeat is a number greater than 0 or \"forever\", got \"\(InputExcerpt.excerpt(text))\"")
                }
                try compose("repeat") { _ throws(CompositionError) in try clip.repeatedForever() }
            } else {
                let count = try repeatCursor.number()
                try compose("repeat") { _ throws(CompositionError) in try clip.repeated(count) }
            }
        }
        if let speed = cursor.child("speed") {
            let factor = try speed.number()
            try compose("speed") { _ throws(CompositionError) in try clip.speed(factor) }
        }
        if let delay = cursor.child("delay") {
            let seconds = try delay.number()
            try compose("delay") { _ throws(CompositionError) in try clip.delayed(by: seconds) }
        }
        return clip
    }
}
