import Timeline
import TimelinePlugins
import CadenceIO

/// Builds a document's `"timeline"`: tracks placed in time with sequences, groups, staggers,
/// labels and GSAP-style positions.
///
/// An item is `{"track": name}`, `{"sequence": [items]}`, `{"group": [items]}` or
/// `{"stagger": [items], "each": seconds, "from": "start" | "end" | "center"}`, with optional
/// `"at"` (a position), `"label"` (a label at the item's start) and the timing keys `delay`,
/// `speed`, `repeat`, `autoreverse`, `fill`. Positions: a number of seconds; `"<"` / `"<0.2"`
/// (with the previous item's start), `">"` / `">-0.1"` (after the previous item's end), `"+=0.5"` /
/// `"-=0.5"` (relative to the end of everything so far), `"name"` / `"name+=0.3"` (a label).
/// Items of the top-level timeline and of a sequence default to the end of everything so far;
/// items of a group default to 0. Tracks the timeline does not mention play from 0.
///
/// Every error is reported, not only the first: an item that fails is recorded and left out, and
/// the items after it are still checked. A track that failed its own checks is left out quietly
/// (its errors are already reported) instead of being called unknown.
struct DocumentComposer: ErrorCollecting {
    let tracks: [DocumentTrack]
    let labels: [Marker]
    /// Each track's index in ``tracks``, by name.
    private let trackIndex: [String: Int]
    /// Names of tracks that failed their own checks.
    let invalidTracks: Set<String>
    /// Every track's name in document order, for the hint of an unknown track.
    let allNames: [String]
    var errors: [DocumentError] = []

    /// At most this many timeline errors are collected (a broken document lists its first ones).
    static let errorLimit = 100

    static let itemKeys = [
        "track", "sequence", "group", "stagger", "each", "from", "at", "label", "delay", "speed",
        "repeat", "autoreverse", "fill",
    ]

    init(tracks: [DocumentTrack], labels: [Marker], invalidTracks: Set<String> = [], allNames: [String]? = nil) {
        self.allNames = allNames ?? tracks.map(\.name)
        self.tracks = tracks
        self.labels = labels
        self.invalidTracks = invalidTracks
        trackIndex = Dictionary(tracks.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func compose(_ cursor: JSONCursor) -> Clip<Frame>? {
        do throws(DocumentError) {
            var referenced = Set<String>()
            var choreography = Choreography<Frame>()
            for label in labels {
                do throws(CompositionError) {
                    try choreography.addLabel(label.name, at: .time(label.time))
                } catch {
                    throw DocumentError(path: "labels.\(InputExcerpt.excerpt(label.name))", message: error.description)
                }
            }
            try add(try cursor.array(), to: &choreography, defaultPosition: .end(), referenced: &referenced)
            for track in tracks where !referenced.contains(track.name) {
                _ = try? choreography.add(track.clip, at: .time(0))
            }
            return errors.isEmpty ? choreography.clip : nil
        } catch {
            record(error)
            return nil
        }
    }

    /// Adds every item, recording the errors of those that fail and going on with the rest.
    private mutating func add(
        _ items: [JSONCursor], to choreography: inout Choreography<Frame>,
        defaultPosition: Choreography<Frame>.Position, referenced: inout Set<String>
    ) throws(DocumentError) {
        for item in items {
            do throws(DocumentError) {
                guard let clip = try self.clip(item, referenced: &referenced) else { continue }
                try place(clip, item: item, in: &choreography, defaultPosition: defaultPosition)
            } catch {
                try recordWithinLimit(error)
            }
        }
    }

    /// Records an error; past the limit, stops composing.
    private mutating func recordWithinLimit(_ error: DocumentError) throws(DocumentError) {
        guard errors.count < Self.errorLimit - 1 else { throw error }
        record(error)
    }

    private func place(
        _ clip: Clip<Frame>, item: JSONCursor, in choreography: inout Choreography<Frame>,
        defaultPosition: Choreography<Frame>.Position
    ) throws(DocumentError) {
        let position = try item.child("at").map { (at) throws(DocumentError) in try Self.position(at) } ?? defaultPosition
        let start: Double
        do throws(CompositionError) {
            start = try choreography.add(clip, at: position)
        } catch {
            throw (item.child("at") ?? item).error(error.description)
        }
        if let label = item.child("label") {
            let name = try label.string()
            do throws(CompositionError) {
                try choreography.addLabel(name, at: .time(start))
            } catch {
                throw label.error(error.description)
            }
        }
    }

    /// The item's clip, or `nil` for a track that failed its own checks.
    private mutating func clip(_ item: JSONCursor, referenced: inout Set<String>) throws(DocumentError) -> Clip<Frame>? {
        _ = try item.object()
        try item.checkKeys(Self.itemKeys)
        let kinds = ["track", "sequence", "group", "stagger"].filter { item.child($0) != nil }
        guard kinds.count == 1 else {
            throw item.error(kinds.isEmpty
                ? "an item needs one of \"track\", \"sequence\", \"group\" or \"stagger\""
                : "an item has exactly one of \"track\", \"sequence\", \"group\" or \"stagger\", found \(kinds.joined(separator: ", "))")
        }
        if kinds[0] != "stagger", let stray = item.child("each") ?? item.child("from") {
            throw stray.error("\"each\" and \"from\" belong to a stagger")
        }
        let clip: Clip<Frame>
        switch kinds[0] {
        case "track":
            let nameCursor = item.child("track")!
            let name = try nameCursor.string()
            if invalidTracks.contains(name) { return nil }
            guard let track = trackIndex[name].map({ tracks[$0] }) else {
                let known = allNames.prefix(20).map { InputExcerpt.excerpt($0) }.joined(separator: ", ")
                let more = allNames.count > 20 ? " and \(allNames.count - 20) more" : ""
                throw nameCursor.error("unknown track \"\(InputExcerpt.excerpt(name))\" (tracks: \(known)\(more))")
            }
            // A track is one channel: placing it twice would have the copies overwrite each other.
            guard referenced.insert(name).inserted else {
                throw nameCursor.error("track \"\(InputExcerpt.excerpt(name))\" is already placed in the timeline; a track plays once (repeat it with \"repeat\")")
            }
            clip = track.clip
        case "sequence", "group":
            let isSequence = kinds[0] == "sequence"
            var nested = Choreography<Frame>()
            try add(
                try item.child(kinds[0])!.array(), to: &nested,
                defaultPosition: isSequence ? .end() : .time(0), referenced: &referenced)
            // A container passes its children's fills through: a track shows what its own fill
            // says before and after it plays, wherever it is nested.
            clip = nested.clip.filling(.both)
        default:
            let children = try item.child("stagger")!.array()
            var clips: [Clip<Frame>] = []
            var leftOut = false
            for child in children {
                // A stagger places its children itself, one step apart.
                if let stray = child.child("at") ?? child.child("label") {
                    throw stray.error("a stagger places its children itself: \"at\" and \"label\" are not allowed on them (use a \"group\" with \"at\" on each item, or put the label on the stagger)")
                }
                do throws(DocumentError) {
                    if let clip = try self.clip(child, referenced: &referenced) { clips.append(clip) } else { leftOut = true }
                } catch {
                    try recordWithinLimit(error)
                    leftOut = true
                }
            }
            // A child already reported: the stagger itself is not checked again (it could only
            // repeat that error as "a stagger needs at least one clip").
            if leftOut { return nil }
            let each = try item.child("each")?.number() ?? 0
            let origin: Clip<Frame>.StaggerOrigin
            switch try item.child("from")?.string() ?? "start" {
            case "start": origin = .start
            case "end": origin = .end
            case "center": origin = .center
            case let other:
                throw item.child("from")!.error("unknown stagger origin \"\(InputExcerpt.excerpt(other))\" (expected one of: start, end, center)")
            }
            do throws(CompositionError) {
                clip = try Clip.stagger(clips, each: each, from: origin).filling(.both)
            } catch {
                throw item.error(error.description)
            }
        }
        return try DocumentReader.applyTiming(item, to: clip)
    }

    /// A GSAP-style position.
    static func position(_ cursor: JSONCursor) throws(DocumentError) -> Choreography<Frame>.Position {
        if case .number(let time) = cursor.value { return .time(time) }
        let text = try cursor.string()
        func offset(_ rest: Substring) throws(DocumentError) -> Double {
            if rest.isEmpty { return 0 }
            guard let value = Double(rest), value.isFinite else {
                throw cursor.error("invalid position \"\(InputExcerpt.excerpt(text))\": \"\(InputExcerpt.excerpt(rest))\" is not a number")
            }
            return value
        }
        if text.hasPrefix("<") { return .withPrevious(offset: try offset(text.dropFirst())) }
        if text.hasPrefix(">") { return .afterPrevious(offset: try offset(text.dropFirst())) }
        if text.hasPrefix("+=") { return .end(offset: try offset(text.dropFirst(2))) }
        if text.hasPrefix("-=") { return .end(offset: -(try offset(text.dropFirst(2)))) }
        if let range = text.range(of: "+=") {
            return .label(String(text[..<range.lowerBound]), offset: try offset(text[range.upperBound...]))
        }
        if let range = text.range(of: "-=") {
            return .label(String(text[..<range.lowerBound]), offset: -(try offset(text[range.upperBound...])))
        }
        guard !text.isEmpty else { throw cursor.error("a position must not be empty") }
        return .label(text, offset: 0)
    }
}

extension StringProtocol {
    /// The range of the first occurrence of `target`.
    fileprivate func range(of target: String) -> Range<Index>? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(target) {
                return index..<self.index(index, offsetBy: target.count)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
