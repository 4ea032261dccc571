public import Timeline
import TimelinePlugins
public import CadenceHostCore
import CadenceIO
import CadencePNG
package import CadenceRaster
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When a golden check writes the golden instead of failing: swift-snapshot-testing's names, from
/// the `CADENCE_RECORD` environment variable.
public enum GoldenRecordMode: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Write every golden; a check passes (review the changes in the diff before committing).
    case all
    /// Write goldens that do not exist yet; a check against an existing one fails on a difference.
    case missing
    /// Write goldens that do not exist or do not match; a check that differed still fails, once.
    case failed
    /// Never write: a missing golden fails, as a difference does.
    case never

    /// The mode an environment asks for: `CADENCE_RECORD` if set; else `never` under `CI=true`
    /// (or `CI=1`), as Jest's `--ci` does, and `missing` elsewhere.
    ///
    /// - Throws: ``GoldenError/unknownRecordMode(_:)`` for any other `CADENCE_RECORD`.
    public static func from(environment: [String: String]) throws(GoldenError) -> GoldenRecordMode {
        if let value = environment["CADENCE_RECORD"], !value.isEmpty {
            guard let mode = GoldenRecordMode(rawValue: value.lowercased()) else { throw .unknownRecordMode(value) }
            return mode
        }
        let ci = environment["CI"]?.lowercased()
        return ci == "true" || ci == "1" ? .never : .missing
    }

    /// The mode this process's environment asks for (``from(environment:)``).
    public static func current() throws(GoldenError) -> GoldenRecordMode {
        var environment: [String: String] = [:]
        for name in ["CADENCE_RECORD", "CI"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return try from(environment: environment)
    }

    /// The raw value.
    public var description: String { rawValue }
}

/// What a golden check did when it did not fail.
public enum GoldenOutcome: Sendable, Hashable {
    /// The render matches the golden.
    case matched
    /// There was no golden; it was written.
    case recorded
    /// The golden differed and was written again (record mode `all`).
    case rerecorded(GoldenMismatch)
}

/// Golden tests: a render checked against a golden file at tolerance zero.
///
/// ```swift
/// var source = try PresetSource(preset: preset, frameRate: .fps60)
/// let outcome = try Golden.check(
///     &source, subject: "my transition", frameRate: .fps60, scene: .scene(preset.scene),
///     file: "Tests/MyAppTests/Goldens/my-transition.golden", mode: try .current())
/// ```
///
/// Cadence's values and pixels are the same bits on every run, so nothing is compared with a
/// tolerance. Swift Testing users call `expectGolden` from the `CadenceTesting` product instead.
public enum Golden {
    /// The platform this build runs on, as goldens' folders may be named: `linux-x86_64`,
    /// `macos-arm64`, `ios-arm64`…
    ///
    /// Values computed with the C library's `exp`, `sin`, `cos`, `atan2` (springs, rotations, arcs)
    /// can differ in the last place between C libraries; a project checked on several platforms
    /// keeps a folder of goldens per platform (Docs/GoldenTests.md).
    public static var platform: String {
        #if os(Linux)
        let system = "linux"
        #elseif os(macOS)
        let system = "macos"
        #elseif os(iOS)
        let system = "ios"
        #elseif os(tvOS)
        let system = "tvos"
        #elseif os(watchOS)
        let system = "watchos"
        #elseif os(visionOS)
        let system = "visionos"
        #elseif os(Windows)
        let system = "windows"
        #else
        let system = "unknown"
        #endif
        #if arch(x86_64)
        return system + "-x86_64"
        #elseif arch(arm64)
        return system + "-arm64"
        #else
        return system + "-other"
        #endif
    }

    /// Renders a source and checks it against a golden file, writing the golden where the record
    /// mode says to.
    ///
    /// - Parameters:
    ///   - source: What to render (from its first frame).
    ///   - subject: What it is, in words, for the golden's header and the reports.
    ///   - frameRate: The frame rate.
    ///   - scene: The scene pictures are drawn from, or `nil` for values only.
    ///   - sampling: Which frames are kept, and whether they are drawn.
    ///   - file: The golden's path (its folder is created when it is written).
    ///   - mode: When to write the golden instead of failing.
    ///   - slice: Only these frames are rendered and checked (events are then not checked); a
    ///     golden is always recorded from the whole render.
    ///   - workerCount: How many pictures are drawn at once, each on a thread of its own.
    ///   - artifacts: A folder for the expected, actual and difference images of the first
    ///     differing picture, or `nil` for none.
    /// - Returns: What was done, when nothing failed.
    /// - Throws: ``GoldenMismatch`` when the render differs (or the golden is missing under
    ///   `never`), ``GoldenError`` for an unreadable golden or a file that cannot be written, and
    ///   the render's own errors.
    @discardableResult
    public static func check<Source: FrameSource>(
        _ source: inout Source, subject: String, frameRate: FrameRate, scene: SceneDescription?,
        sampling: GoldenSampling = .standard, file: String, mode: GoldenRecordMode,
        slice: ClosedRange<Int>? = nil, workerCount: Int = 1, artifacts: String? = nil
    ) throws -> GoldenOutcome {
        let expected = try read(file)
        if expected == nil, mode == .never {
            var mismatch = GoldenMismatch(file: file, subject: subject)
            mismatch.settings = ["there is no golden at \(file); record it with CADENCE_RECORD=missing (or `cadence golden record`) and commit it"]
            throw mismatch
        }
        if slice != nil, expected == nil {
            throw GoldenError.render(subject: subject, reason: "there is no golden to check a slice against: record the whole render first")
        }
        var recorder = try render(
            &source, subject: subject, frameRate: frameRate, scene: scene, sampling: sampling, slice: slice,
            workerCount: workerCount, expected: expected)
        let actual = recorder.manifest
        guard let expected else {
            try write(actual, to: file)
            return .recorded
        }
        var mismatch = compare(expected, actual, file: file, slice: slice)
        if mismatch.isEmpty { return .matched }
        if let difference = recorder.recorder.firstPictureDifference, let index = mismatch.picture.map(\.frame), index == difference.frame {
            mismatch.picture = pictureChange(frame: index, expected: difference.expected, actual: difference.actual)
            if let artifacts {
                // When this build draws the golden's values into this very picture, the golden's
                // own picture is unknown: only this render's is written.
                let expected = mismatch.picture?.drawingChanged == true ? nil : difference.expected
                mismatch.artifacts = try writeImages(
                    expected: expected, actual: difference.actual, folder: artifacts,
                    name: baseName(file) + ".frame-\(index)")
            }
        }
        recorder.recorder = GoldenRecorder(kept: [], scene: nil, pictureSize: .natural)
        switch mode {
        case .all:
            guard slice == nil else { throw mismatch }
            try write(actual, to: file)
            return .rerecorded(mismatch)
        case .failed:
            if slice == nil {
                try write(actual, to: file)
                mismatch.rerecorded = true
            }
            throw mismatch
        case .missing, .never:
            throw mismatch
        }
    }

    /// Renders a source into a manifest, without a golden (what `cadence golden record` and the
    /// checks use).
    ///
    /// - Parameters:
    ///   - source: What to render.
    ///   - subject: What it is, in words.
    ///   - frameRate: The frame rate.
    ///   - scene: The scene pictures are drawn from, or `nil`.
    ///   - sampling: Which frames are kept, and whether they are drawn.
    ///   - workerCount: How many pictures are drawn at once.
    /// - Returns: The manifest of the whole render.
    public static func manifest<Source: FrameSource>(
        of source: inout Source, subject: String, frameRate: FrameRate, scene: SceneDescription?,
        sampling: GoldenSampling = .standard, workerCount: Int = 1
    ) throws -> GoldenManifest {
        try render(&source, subject: subject, frameRate: frameRate, scene: scene, sampling: sampling, slice: nil,
            workerCount: workerCount, expected: nil).manifest
    }

    /// The goldens in a folder that are not in `used` (file names, with or without the folder),
    /// sorted: goldens no check uses any more.
    public static func unused(in folder: String, used: some Sequence<String>) throws(GoldenError) -> [String] {
        let names = Set(used.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
        guard let directory = opendir(folder) else {
            if errno == ENOENT { return [] }
            throw .file(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var found: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix("." + GoldenManifest.fileExtension), !names.contains(name) {
                found.append((folder.hasSuffix("/") ? folder : folder + "/") + name)
            }
        }
        return found.sorted()
    }

    // MARK: - Rendering

    /// A render's manifest and the recorder that made it.
    package struct Recording {
        package var manifest: GoldenManifest
        package var recorder: GoldenRecorder
    }

    /// Renders `slice` (or the whole render) through a ``GoldenRecorder``.
    package static func render<Source: FrameSource>(
        _ source: inout Source, subject: String, frameRate: FrameRate, scene: SceneDescription?, sampling: GoldenSampling,
        slice: ClosedRange<Int>?, workerCount: Int, expected: GoldenManifest?,
        mutate: ((inout GoldenRecorder) -> Void)? = nil
    ) throws -> Recording {
        let whole = try HostLoop.defaultFrames(duration: source.duration, frameRate: frameRate)
        let frames = slice ?? whole
        guard whole.contains(frames.lowerBound), whole.contains(frames.upperBound) else {
            throw GoldenError.render(
                subject: subject, reason: "frames \(frames.lowerBound)...\(frames.upperBound) are not all in the render's \(whole.lowerBound)...\(whole.upperBound)")
        }
        let kept = Set(sampling.frames(of: whole).filter { frames.contains($0) })
        var recorder = GoldenRecorder(
            kept: kept, scene: sampling.drawsPictures ? scene : nil, pictureSize: sampling.pictureSize,
            workerCount: workerCount, expected: expected)
        mutate?(&recorder)
        try HostLoop.renderOffline(&source, frameRate: frameRate, frames: frames, to: &recorder)
        let schema = recorder.schema ?? source.schema
        let manifest = GoldenManifest(
            subject: subject, frames: whole, frameRate: frameRate, every: sampling.every,
            drawsPictures: sampling.drawsPictures && scene != nil, channelCount: schema.channels.count,
            schemaHash: GoldenManifest.schemaHash(of: schema), sampled: recorder.sampled, events: recorder.events)
        return Recording(manifest: manifest, recorder: recorder)
    }

    // MARK: - Comparing

    /// How `actual` differs from `expected` (empty when it does not). With a slice, only the kept
    /// frames in it are compared, and not the events.
    package static func compare(_ expected: GoldenManifest, _ actual: GoldenManifest, file: String, slice: ClosedRange<Int>?) -> GoldenMismatch {
        var mismatch = GoldenMismatch(file: file, subject: actual.subject)
        if expected.subject != actual.subject { mismatch.settings.append("subject '\(expected.subject)' in the golden, '\(actual.subject)' now") }
        if expected.frames != actual.frames {
            mismatch.settings.append("frames \(expected.frames.lowerBound)...\(expected.frames.upperBound) in the golden, "
                + "\(actual.frames.lowerBound)...\(actual.frames.upperBound) now (the duration changed)")
        }
        if expected.frameRate != actual.frameRate { mismatch.settings.append("\(expected.frameRate) in the golden, \(actual.frameRate) now") }
        if expected.every != actual.every { mismatch.settings.append("every \(expected.every)th frame kept in the golden, every \(actual.every)th now") }
        if expected.drawsPictures != actual.drawsPictures {
            mismatch.settings.append("pictures \(expected.drawsPictures ? "drawn" : "not drawn") in the golden, \(actual.drawsPictures ? "drawn" : "not drawn") now")
        }
        if expected.channelCount != actual.channelCount || expected.schemaHash != actual.schemaHash {
            mismatch.settings.append("the channels changed: \(expected.channelCount) in the golden, \(actual.channelCount) now, or their names, kinds or order")
        }
        guard mismatch.settings.isEmpty else { return mismatch }
        let range = slice ?? expected.frames
        let goldenFrames = expected.sampled.filter { range.contains($0.index) }
        let frames = actual.sampled
        var byIndex: [Int: GoldenManifest.SampledFrame] = [:]
        for frame in frames { byIndex[frame.index] = frame }
        var summaryPositions: [String: Int] = [:]
        for golden in goldenFrames {
            guard let frame = byIndex[golden.index] else {
                mismatch.frames.append(golden.index)
                continue
            }
            let valuesDiffer = golden.values != frame.values || golden.time != frame.time
            let picturesDiffer = golden.picture != frame.picture
            guard valuesDiffer || picturesDiffer else { continue }
            if mismatch.frames.isEmpty { mismatch.firstTime = frame.time }
            mismatch.frames.append(golden.index)
            if valuesDiffer {
                let changes = channelChanges(golden.values, frame.values)
                if mismatch.channelsFrame == nil {
                    mismatch.channelsFrame = golden.index
                    mismatch.channels = changes
                    if golden.time != frame.time {
                        mismatch.channels.insert(.init(name: "time", expected: golden.time, actual: frame.time), at: 0)
                    }
                }
                summarize(changes, frame: golden.index, into: &mismatch.channelSummary, positions: &summaryPositions)
            }
            if picturesDiffer, mismatch.picture == nil, let picture = frame.picture ?? golden.picture {
                let old = golden.picture ?? picture
                mismatch.picture = .init(
                    frame: golden.index, expectedWidth: old.width, expectedHeight: old.height,
                    actualWidth: picture.width, actualHeight: picture.height, drawingChanged: false)
            }
        }
        let extra = frames.map(\.index).filter { index in !goldenFrames.contains { $0.index == index } }
        if !extra.isEmpty { mismatch.frames = (mismatch.frames + extra).sorted() }
        if slice == nil || slice == expected.frames { mismatch.events = eventDifferences(expected.events, actual.events) }
        return mismatch
    }

    /// Adds one frame's changes to the per-channel summary: a count, and the largest change.
    private static func summarize(
        _ changes: [GoldenMismatch.ChannelChange], frame: Int, into summary: inout [GoldenMismatch.ChannelSummary],
        positions: inout [String: Int]
    ) {
        for change in changes {
            guard let position = positions[change.name] else {
                positions[change.name] = summary.count
                summary.append(.init(
                    name: change.name, frameCount: 1, frame: frame, expected: change.expected, actual: change.actual,
                    difference: change.difference))
                continue
            }
            summary[position].frameCount += 1
            if let difference = change.difference, abs(difference) > abs(summary[position].difference ?? 0) {
                summary[position].frame = frame
                summary[position].expected = change.expected
                summary[position].actual = change.actual
                summary[position].difference = difference
            }
        }
    }

    /// The channels whose values differ, in the golden's order, then the new ones.
    package static func channelChanges(_ expected: String, _ actual: String) -> [GoldenMismatch.ChannelChange] {
        guard let old = GoldenValues(expected), let new = GoldenValues(actual) else {
            return [.init(name: "values", expected: GoldenError.excerpt(expected), actual: GoldenError.excerpt(actual))]
        }
        var changes: [GoldenMismatch.ChannelChange] = []
        for name in old.order + new.order.filter({ old.members[$0] == nil }) {
            let before = old.members[name], after = new.members[name]
            guard before != after else { continue }
            var change = GoldenMismatch.ChannelChange(
                name: name, expected: before.map(Self.text) ?? "absent", actual: after.map(Self.text) ?? "absent")
            let pairs: [(Double, Double)]
            switch (before, after) {
            case (.number(let a)?, .number(let b)?): pairs = [(a, b)]
            case (.array(let a)?, .array(let b)?) where a.count == b.count:
                pairs = zip(a, b).compactMap { if case .number(let x) = $0, case .number(let y) = $1 { (x, y) } else { nil } }
            default: pairs = []
            }
            if let largest = pairs.max(by: { abs($0.1 - $0.0) < abs($1.1 - $1.0) }) {
                change.difference = largest.1 - largest.0
                change.ulps = pairs.map { ulpDistance($0.0, $0.1) }.max()
            }
            changes.append(change)
        }
        return changes
    }

    /// How many representable doubles lie between two finite numbers (0 for equal ones).
    package static func ulpDistance(_ a: Double, _ b: Double) -> UInt64 {
        func ordered(_ x: Double) -> Int64 {
            let bits = Int64(bitPattern: x.bitPattern)
            return bits < 0 ? Int64.min &- bits : bits
        }
        let difference = ordered(a).subtractingReportingOverflow(ordered(b))
        return difference.overflow ? UInt64.max : difference.partialValue.magnitude
    }

    /// A JSON value as JSON Lines would print it (numbers shortest, paths quoted).
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let bool): bool ? "true" : "false"
        case .number(let number): NumberFormat.string(number)
        case .string(let string): "\"" + GoldenError.excerpt(string) + "\""
        case .array(let items): "[" + items.map(text).joined(separator: ",") + "]"
        case .object: "{…}"
        }
    }

    /// The differences of two event lists: events that moved to another frame, went missing or
    /// are new.
    ///
    /// First every expected event that is still there (same frame and description) claims it;
    /// then each other expected event, in order, claims the first unclaimed actual event with its
    /// description (it moved) or is missing; the actual events no one claimed are new. So an event
    /// that stayed is never reported as moved because another of its name moved.
    ///
    /// - Complexity: O(n + m): the actual events are found through two dictionaries of queues (by
    ///   event, by description), so that 80,000 renamed labels take as long as 80,000 kept ones.
    package static func eventDifferences(_ expected: [GoldenManifest.Event], _ actual: [GoldenManifest.Event]) -> [String] {
        guard expected != actual else { return [] }
        var claimed = [Bool](repeating: false, count: actual.count)
        var same = EventQueues<GoldenManifest.Event>(), named = EventQueues<String>()
        for (index, event) in actual.enumerated() {
            same.append(index, for: event)
            named.append(index, for: event.description)
        }
        var kept = [Bool](repeating: false, count: expected.count)
        for (position, event) in expected.enumerated() {
            if let index = same.takeFirst(for: event, skipping: claimed) {
                claimed[index] = true
                kept[position] = true
            }
        }
        var differences: [String] = []
        for (position, event) in expected.enumerated() where !kept[position] {
            if let index = named.takeFirst(for: event.description, skipping: claimed) {
                claimed[index] = true
                differences.append("'\(event.description)' at frame \(event.frame) in the golden, at frame \(actual[index].frame) now")
            } else {
                differences.append("'\(event.description)' at frame \(event.frame) in the golden, missing now")
            }
        }
        for (index, event) in actual.enumerated() where !claimed[index] {
            differences.append("'\(event.description)' at frame \(event.frame) now, not in the golden")
        }
        if differences.isEmpty { differences.append("the same events in another order") }
        return differences
    }

    /// The pixel statistics of two pictures of a frame.
    package static func pictureChange(frame: Int, expected: PixelBuffer?, actual: PixelBuffer) -> GoldenMismatch.PictureChange {
        var change = GoldenMismatch.PictureChange(
            frame: frame, expectedWidth: expected?.width ?? actual.width, expectedHeight: expected?.height ?? actual.height,
            actualWidth: actual.width, actualHeight: actual.height, drawingChanged: false)
        guard let expected, expected.width == actual.width, expected.height == actual.height else { return change }
        if expected.bytes == actual.bytes {
            change.drawingChanged = true
            return change
        }
        var count = 0, largest = 0
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        expected.bytes.withUnsafeBufferPointer { old in
            actual.bytes.withUnsafeBufferPointer { new in
                for y in 0..<actual.height {
                    for x in 0..<actual.width {
                        let base = (y * actual.width + x) * 4
                        var differs = false
                        for channel in 0..<4 {
                            let delta = abs(Int(old[base + channel]) - Int(new[base + channel]))
                            if delta > 0 {
                                differs = true
                                largest = max(largest, delta)
                            }
                        }
                        guard differs else { continue }
                        count += 1
                        minX = min(minX, x); maxX = max(maxX, x)
                        minY = min(minY, y); maxY = max(maxY, y)
                    }
                }
            }
        }
        change.differingPixels = count
        change.columns = minX...maxX
        change.rows = minY...maxY
        change.largestChannelDifference = largest
        return change
    }

    // MARK: - Files

    /// The golden at `path`, or `nil` when there is none.
    static package func read(_ path: String) throws(GoldenError) -> GoldenManifest? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw .file(path: path, reason: String(cString: strerror(errno)))
        }
        // A golden is a file: a pipe or a device would be read without end (or wait forever).
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .file(path: path, reason: "it is not a regular file (a pipe, a device or a folder)")
        }
        let bytes: [UInt8]
        do { bytes = try FileInput.read(path, maximumCount: 64 << 20) } catch { throw .file(path: path, reason: error.reason) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .malformed(file: path, line: 1, reason: "it is not UTF-8 text")
        }
        return try GoldenManifest(parsing: text, file: path)
    }

    /// Writes a golden (replacing the file at once: a reader never sees half of it).
    static func write(_ manifest: GoldenManifest, to path: String) throws(GoldenError) {
        do {
            if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
                try PictureSink.makeFolder(String(path[..<slash]))
            }
            let output = try FileOutput(replacing: path)
            try output.write(manifest.description)
            try output.commit()
        } catch {
            throw .file(path: path, reason: "cannot write the golden: \(error)")
        }
    }

    /// The file name without its folder and extension.
    static func baseName(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix("." + GoldenManifest.fileExtension) ? String(name.dropLast(GoldenManifest.fileExtension.count + 1)) : name
    }

    /// Writes `NAME.expected.png` (when known), `NAME.actual.png` and `NAME.difference.png` into
    /// `folder` and returns their paths. The difference image shows this render's picture faded,
    /// and every differing pixel in opaque red.
    static func writeImages(expected: PixelBuffer?, actual: PixelBuffer, folder: String, name: String) throws(GoldenError) -> [String] {
        var written: [String] = []
        var encoder = PNGEncoder()
        func save(_ picture: PixelBuffer, _ suffix: String) throws(GoldenError) {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + name + "." + suffix + ".png"
            do {
                try PictureSink.makeFolder(folder)
                let bytes = try encoder.encode(width: picture.width, height: picture.height, rgba: picture.bytes, alpha: .premultiplied)
                let output = try FileOutput(replacing: path)
                try bytes.withUnsafeBytes { try output.write(bytes: $0) }
                try output.commit()
            } catch {
                throw .file(path: path, reason: "cannot write the image: \(error)")
            }
            written.append(path)
        }
        if let expected { try save(expected, "expected") }
        try save(actual, "actual")
        if let expected, expected.width == actual.width, expected.height == actual.height {
            var difference = PixelBuffer(width: actual.width, height: actual.height, filledWith: .init(red: 255, green: 255, blue: 255, alpha: 255))
            difference.withMutablePixels { pixels in
                expected.bytes.withUnsafeBufferPointer { old in
                    actual.bytes.withUnsafeBufferPointer { new in
                        for index in 0..<(actual.width * actual.height) {
                            let base = index * 4
                            let same = (0..<4).allSatisfy { old[base + $0] == new[base + $0] }
                            if same {
                                // The picture at a quarter of its contrast, over white.
                                let grey = (Int(new[base]) * 54 + Int(new[base + 1]) * 183 + Int(new[base + 2]) * 19) >> 8
                                let faded = UInt32(255 - (255 - grey * Int(new[base + 3]) / 255) / 4)
                                pixels[index] = faded | faded << 8 | faded << 16 | 0xFF00_0000
                            } else {
                                pixels[index] = 0xFF00_00FF
                            }
                        }
                    }
                }
            }
            try save(difference, "difference")
        }
        return written
    }
}

/// The indices of the events under each key, in order, with how far each queue has been taken:
/// the first unclaimed index under a key in amortised constant time.
private struct EventQueues<Key: Hashable> {
    private var queues: [Key: (indices: [Int], next: Int)] = [:]

    mutating func append(_ index: Int, for key: Key) {
        queues[key, default: ([], 0)].indices.append(index)
    }

    /// The first index under `key` not yet claimed (indices claimed through the other queues are
    /// passed over for good), or `nil`.
    mutating func takeFirst(for key: Key, skipping claimed: [Bool]) -> Int? {
        guard var queue = queues[key] else { return nil }
        defer { queues[key] = queue }
        while queue.next < queue.indices.count {
            let index = queue.indices[queue.next]
            queue.next += 1
            if !claimed[index] { return index }
        }
        return nil
    }
}
