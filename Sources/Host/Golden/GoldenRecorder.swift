import Timeline
import TimelinePlugins
import Dispatch
package import CadenceHostCore
import CadenceIO
package import CadenceRaster

/// The sink that makes a golden of a render: the values of the kept frames as JSON Lines prints
/// them, their pictures' hashes, and every event.
///
/// Given the golden it is checked against, it also keeps the first kept frame whose picture
/// differs, with the golden's picture of it drawn again from the golden's values (the golden holds
/// only the pixels' hash), for the report and its difference image.
package struct GoldenRecorder: FrameSink {
    /// The kept frames (the sampling's, within the rendered frames).
    package let kept: Set<Int>
    /// The scene pictures are drawn from, if the golden draws pictures.
    package let scene: SceneDescription?
    /// The pictures' size.
    package let pictureSize: PictureSize
    /// How many pictures are drawn at once, each on its own thread (the same bits either way).
    package let workerCount: Int
    /// The golden the render is checked against, if any.
    package let expected: GoldenManifest?
    /// Changes a frame's values before they are recorded (the mutation tests).
    package var mutateFrame: (@Sendable (inout Frame) -> Void)?
    /// Changes a drawn picture before it is hashed (the mutation tests).
    package var mutatePicture: (@Sendable (Int, inout PixelBuffer) -> Void)?

    package private(set) var sampled: [GoldenManifest.SampledFrame] = []
    package private(set) var events: [GoldenManifest.Event] = []
    package private(set) var schema: FrameSchema?
    /// The first kept frame whose picture differs from the golden's: the golden's picture (drawn
    /// again from its values, `nil` when they cannot be read back) and this render's.
    package private(set) var firstPictureDifference: (frame: Int, expected: PixelBuffer?, actual: PixelBuffer)?

    private let line = GoldenLineOutput()
    private var lines: JSONLinesSink<GoldenLineOutput>
    private var bound: BoundScene?
    private var workers: [Worker] = []
    private var pending: [Frame] = []

    /// One thread's rasterizer and picture.
    private final class Worker: @unchecked Sendable {
        var rasterizer: SceneRasterizer
        var picture = PixelBuffer(width: 0, height: 0)
        var frame: Frame?

        init(_ rasterizer: SceneRasterizer) { self.rasterizer = rasterizer }

        func draw(_ bound: BoundScene) {
            guard let frame else { return }
            rasterizer.draw(bound.layers(at: frame), groups: bound.groups(at: frame), into: &picture)
        }
    }

    package init(
        kept: Set<Int>, scene: SceneDescription?, pictureSize: PictureSize, workerCount: Int = 1, expected: GoldenManifest? = nil
    ) {
        self.kept = kept
        self.scene = scene
        self.pictureSize = pictureSize
        self.workerCount = max(1, workerCount)
        self.expected = expected
        lines = JSONLinesSink(output: line)
    }

    package mutating func begin(schema: FrameSchema) throws {
        self.schema = schema
        try lines.begin(schema: schema)
        if let scene {
            let bound = try BoundScene(scene, schema: schema)
            self.bound = bound
            // As many workers as fit in memory (a count asked for that does not fit is an error).
            let pixels = try pictureSize.pixels(for: bound.scene.size)
            let count = try PictureSink.workersThatFit(
                workerCount, chosen: workerCount > 1, width: pixels.width, height: pixels.height, available: MemoryLimit.bytes())
            workers = try (0..<count).map { _ in Worker(try SceneRasterizer(scene: bound.scene, size: pictureSize)) }
        }
    }

    package mutating func write(_ frame: borrowing Frame) throws {
        for event in frame.events { events.append(.init(frame: frame.index, description: event.description)) }
        guard kept.contains(frame.index) else { return }
        var copy = copy frame
        copy.events = []
        mutateFrame?(&copy)
        try lines.write(copy)
        sampled.append(Self.sampledFrame(line.take(), index: frame.index))
        guard bound != nil else { return }
        pending.append(copy)
        if pending.count == workers.count { try drawPending() }
    }

    package mutating func finish() throws {
        try drawPending()
    }

    /// Draws the pending frames, one per worker at once, and records their pictures in order.
    private mutating func drawPending() throws {
        guard let bound, !pending.isEmpty else { return }
        for (worker, frame) in zip(workers, pending) { worker.frame = frame }
        let busy = Array(workers.prefix(pending.count))
        if busy.count == 1 {
            busy[0].draw(bound)
        } else {
            DispatchQueue.concurrentPerform(iterations: busy.count) { busy[$0].draw(bound) }
        }
        for (worker, frame) in zip(busy, pending) {
            if worker.rasterizer.lastFrameExceededPointBudget { throw PictureError.tooComplex(frame: frame.index) }
            mutatePicture?(frame.index, &worker.picture)
            let picture = worker.picture
            let hash = picture.bytes.withUnsafeBytes { FNV1a.words($0) }
            let record = GoldenManifest.Picture(width: picture.width, height: picture.height, hash: hash)
            let position = sampled.lastIndex { $0.index == frame.index }!
            sampled[position].picture = record
            if firstPictureDifference == nil, let golden = expected?.sampled.first(where: { $0.index == frame.index }),
               let goldenPicture = golden.picture, goldenPicture != record {
                firstPictureDifference = (frame.index, redraw(golden, like: frame, bound: bound), picture)
            }
            worker.frame = nil
        }
        pending.removeAll(keepingCapacity: true)
    }

    /// The golden's picture of a frame, drawn again from the golden's values by this build (the
    /// channels the golden's values name; paths keep this render's fill rules), or `nil` when its
    /// values cannot be read back.
    private func redraw(_ golden: GoldenManifest.SampledFrame, like frame: Frame, bound: BoundScene) -> PixelBuffer? {
        guard let values = GoldenValues(golden.values), var rasterizer = try? SceneRasterizer(scene: bound.scene, size: pictureSize)
        else { return nil }
        var rebuilt = frame
        for channel in frame.schema.channels {
            guard let value = values.members[channel.name] else { return nil }
            switch (channel.kind, value) {
            case (.scalar, .number(let number)):
                rebuilt.numbers[channel.offset] = number
            case (.vector, .array(let items)), (.color, .array(let items)):
                guard items.count == channel.width else { return nil }
                for (offset, item) in items.enumerated() {
                    guard case .number(let number) = item else { return nil }
                    rebuilt.numbers[channel.offset + offset] = number
                }
            case (.path, .string(let data)):
                guard let path = try? Path(svgPathData: data, fillRule: frame.paths[channel.offset].fillRule) else { return nil }
                rebuilt.paths[channel.offset] = path
            default:
                return nil
            }
        }
        return rasterizer.picture(of: bound.layers(at: rebuilt), groups: bound.groups(at: rebuilt))
    }

    /// A kept frame from its JSON Lines line: `{"frame":N,"time":T,"values":{…}}`.
    private static func sampledFrame(_ line: String, index: Int) -> GoldenManifest.SampledFrame {
        let text = line.hasSuffix("\n") ? line.dropLast() : Substring(line)
        let timeStart = text.firstRange(of: "\"time\":")!.upperBound
        let valuesKey = text.firstRange(of: ",\"values\":")!
        let time = String(text[timeStart..<valuesKey.lowerBound])
        let values = String(text[valuesKey.upperBound...].dropLast())
        return GoldenManifest.SampledFrame(index: index, time: time, values: values, picture: nil)
    }
}

/// The text a JSON Lines sink wrote since it was last taken.
private final class GoldenLineOutput: TextOutput {
    private var bytes: [UInt8] = []

    func write(_ text: String) throws { bytes += text.utf8 }
    func write(bytes buffer: UnsafeRawBufferPointer) throws { bytes += buffer }
    func flush() throws {}

    /// The text written, emptying the buffer.
    func take() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A golden's values read back: channel name → value.
struct GoldenValues {
    var members: [String: JSONValue] = [:]
    var order: [String] = []

    init?(_ text: String) {
        guard case .object(let pairs)? = try? JSONParser.parse(text) else { return nil }
        for (key, value) in pairs {
            members[key] = value
            order.append(key)
        }
    }
}
