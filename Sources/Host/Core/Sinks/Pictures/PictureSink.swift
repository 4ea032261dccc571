package import Timeline
import TimelinePlugins
import Dispatch
package import CadenceIO
package import CadencePNG
package import CadenceRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the pictures of a render go: the command-line tool's picture formats.
package enum PictureDestination {
    /// One PNG per frame in a folder, named by the frame's index zero-padded to `digits`.
    case pngFolder(String, digits: Int)
    /// One standalone SVG per frame in a folder, named as the PNGs are.
    case svgFolder(String, digits: Int)
    /// Raw RGBA8, frame after frame, straight or premultiplied.
    case raw(any TextOutput, straight: Bool)
    /// A video file through ffmpeg, encoded in one piece (GIF, APNG).
    case video(VideoFormat, path: String)
    /// An MP4, WebM or FFV1 video encoded in segments, several at once, then concatenated into a file or
    /// left in a folder for `cadence join`.
    case segmentedVideo(VideoFormat, segmentation: VideoSegmentation, output: SegmentedVideoOutput)
    /// A shard's lossless chunk of straight RGBA frames (``FrameChunk``), written all or nothing.
    case chunk(path: String)
}

/// Draws every frame of a scene and writes the pictures in order: the sink behind
/// `cadence render --format png|rgba|svg-frames|mp4|webm|gif|apng|mkv`.
///
/// Frames are drawn (and encoded) on every core: the sink keeps one batch of frames (one per
/// worker), draws the batch in parallel, then writes its pictures in frame order, so memory holds
/// a few frames whatever the render's length.
package struct PictureSink: FrameSink {
    package let scene: SceneDescription
    package let destination: PictureDestination
    package let size: PictureSize
    package let frameRate: FrameRate
    package let workerCount: Int
    /// Whether the worker count was asked for (`--jobs`): then a count that does not fit in memory
    /// is an error; a default one is lowered to what fits.
    package let workerCountIsChosen: Bool

    private var bound: BoundScene?
    private var workers: [PictureWorker] = []
    private var pending = 0
    private var video: VideoEncoder?
    private var segmented: SegmentedVideoWriter?
    private var chunk: FileOutput?
    /// Where raw frames go, written in place (an output may be a value).
    package private(set) var rawOutput: (any TextOutput)?
    private var pixelWidth = 0
    private var pixelHeight = 0

    /// The pictures' size in pixels (known once the render has begun).
    package var pixelSize: (width: Int, height: Int) { (pixelWidth, pixelHeight) }

    package init(
        scene: SceneDescription, destination: PictureDestination, size: PictureSize, frameRate: FrameRate, workerCount: Int,
        workerCountIsChosen: Bool = true
    ) {
        self.workerCountIsChosen = workerCountIsChosen
        self.scene = scene
        self.destination = destination
        if case .raw(let output, _) = destination { rawOutput = output }
        self.size = size
        self.frameRate = frameRate
        self.workerCount = max(1, workerCount)
    }

    /// What one worker holds for a `width` × `height` picture, at most: the premultiplied buffer,
    /// its straight copy, the encoded frame, the layers' masks and offscreen buffer (4 bytes a pixel
    /// each), and scratch. Measured: 12 bytes a pixel at 2048² and at 16384² (the audit's figures).
    package static func bytesPerWorker(width: Int, height: Int) -> Int {
        16 * width * height + (8 << 20)
    }

    /// How many workers draw pictures of `width` × `height` within `available` bytes.
    ///
    /// - Throws: ``PictureError/tooLarge(width:height:megabytesPerWorker:megabytesAvailable:)``
    ///   when one worker does not fit; ``PictureError/tooManyWorkers(jobs:fitting:width:height:megabytesPerWorker:megabytesAvailable:)``
    ///   when `count` was chosen and that many do not (a default count is lowered to what fits).
    package static func workersThatFit(_ count: Int, chosen: Bool, width: Int, height: Int, available: Int) throws(PictureError) -> Int {
        let each = bytesPerWorker(width: width, height: height)
        let fitting = available / each
        guard fitting >= 1 else {
            throw .tooLarge(
                width: width, height: height, megabytesPerWorker: MemoryLimit.megabytes(each),
                megabytesAvailable: MemoryLimit.megabytes(available))
        }
        guard count > fitting else { return count }
        guard !chosen else {
            throw .tooManyWorkers(
                jobs: count, fitting: fitting, width: width, height: height, megabytesPerWorker: MemoryLimit.megabytes(each),
                megabytesAvailable: MemoryLimit.megabytes(available))
        }
        return fitting
    }

    package mutating func begin(schema: FrameSchema) throws {
        let bound = try BoundScene(scene, schema: schema)
        self.bound = bound
        let pixels = try size.pixels(for: bound.scene.size)
        pixelWidth = pixels.width
        pixelHeight = pixels.height
        let workers = try Self.workersThatFit(
            workerCount, chosen: workerCountIsChosen, width: pixels.width, height: pixels.height, available: MemoryLimit.bytes())
        switch destination {
        case .pngFolder(let folder, _), .svgFolder(let folder, _):
            try Self.makeFolder(folder)
        case .video(let format, let path):
            video = try VideoEncoder(format: format, width: pixels.width, height: pixels.height, frameRate: frameRate, path: path)
        case .segmentedVideo(_, _, let output):
            if case .folder(let folder) = output { try Self.makeFolder(folder) }
        case .chunk(let path):
            let output = try FileOutput(replacing: path)
            try FrameChunk.header(width: pixels.width, height: pixels.height).withUnsafeBytes { try output.write(bytes: $0) }
            chunk = output
        case .raw:
            break
        }
        self.workers = (0..<workers).map { _ in
            PictureWorker(scene: bound, width: pixels.width, height: pixels.height, transform: pixels.transform)
        }
        if case .segmentedVideo(let format, let segmentation, let output) = destination {
            segmented = try SegmentedVideoWriter(
                format: format, segmentation: segmentation, output: output, width: pixels.width, height: pixels.height, frameRate: frameRate,
                workers: self.workers)
        }
        pending = 0
    }

    package mutating func write(_ frame: borrowing Frame) throws {
        if let segmented {
            try segmented.add(frame)
            return
        }
        workers[pending].frame = copy frame
        pending += 1
        if pending == workers.count { try drawPending() }
    }

    package mutating func finish() throws {
        try drawPending()
        try segmented?.finish()
        try video?.finish()
        try chunk?.commit()
        try rawOutput?.flush()
    }

    /// Draws the batch in parallel, then writes it in order.
    private mutating func drawPending() throws {
        guard pending > 0 else { return }
        let batch = Array(workers[..<pending])
        let kind = PictureWorker.Kind(destination)
        let job = UncheckedWorkers(workers: batch)
        if batch.count == 1 {
            batch[0].draw(kind)
        } else {
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in job.workers[index].draw(kind) }
        }
        for worker in batch { try emit(worker) }
        pending = 0
    }

    private mutating func emit(_ worker: PictureWorker) throws {
        if worker.exceededPointBudget { throw PictureError.tooComplex(frame: worker.frame.index) }
        switch destination {
        case .pngFolder(let folder, let digits):
            try Self.writeFile(worker.encoded, to: Self.fileName(folder, worker.frame.index, digits, "png"))
        case .svgFolder(let folder, let digits):
            try Self.writeFile(Array(worker.svg.utf8), to: Self.fileName(folder, worker.frame.index, digits, "svg"))
        case .raw:
            // Straight or premultiplied, as the worker made them (``PictureWorker/makeStraight(_:)``).
            try worker.pixels.bytes.withUnsafeBytes { try rawOutput!.write(bytes: $0) }
        case .video:
            try worker.pixels.bytes.withUnsafeBytes { try video!.write(straightRGBA: $0) }
        case .segmentedVideo:
            // Drawn and written by the segments' writer.
            break
        case .chunk:
            try withUnsafeBytes(of: UInt32(worker.encoded.count).littleEndian) { try chunk!.write(bytes: $0) }
            try worker.encoded.withUnsafeBytes { try chunk!.write(bytes: $0) }
        }
    }

    /// `folder/000042.png` for frame 42 of a render whose last frame has six digits.
    package static func fileName(_ folder: String, _ index: Int, _ digits: Int, _ suffix: String) -> String {
        let number = String(index)
        let padded = String(repeating: "0", count: max(0, digits - number.count)) + number
        return (folder.hasSuffix("/") ? folder : folder + "/") + padded + "." + suffix
    }

    /// Creates the folder and any missing parents, as `mkdir -p` does.
    package static func makeFolder(_ folder: String) throws {
        guard !folder.isEmpty else { throw SinkError.writeFailed(destination: "''", reason: "the folder name is empty") }
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw SinkError.writeFailed(destination: folder, reason: "it is not a folder (pictures go one file per frame into a folder)")
            }
            return
        }
        var path = folder.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            path += component + "/"
            if stat(path, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else {
                    throw SinkError.writeFailed(destination: folder, reason: "\(path.dropLast()) is not a folder")
                }
                continue
            }
            guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
                throw SinkError.writeFailed(destination: folder, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// Writes a whole file, replacing it only once every byte is written.
    package static func writeFile(_ bytes: [UInt8], to path: String) throws {
        let file = try FileOutput(replacing: path)
        try bytes.withUnsafeBytes { try file.write(bytes: $0) }
        try file.commit()
    }
}

/// One worker's frame and everything it draws and encodes into, reused from batch to batch.
package final class PictureWorker: @unchecked Sendable {
    // Unchecked: a worker is used by one thread at a time (the batch's iteration of its index),
    // and read by the sink only after the batch is done.

    /// What a worker makes of its frame.
    package enum Kind {
        case png, svg, premultiplied, straight, chunk

        init(_ destination: PictureDestination) {
            switch destination {
            case .pngFolder: self = .png
            case .svgFolder: self = .svg
            case .raw(_, let straight): self = straight ? .straight : .premultiplied
            case .video, .segmentedVideo: self = .straight
            case .chunk: self = .chunk
            }
        }
    }

    package let scene: BoundScene
    package var frame: Frame
    package var rasterizer: SceneRasterizer
    package var pixels: PixelBuffer
    package var encoder = PNGEncoder()
    package var encoded: [UInt8] = []
    package var svg = ""
    /// Whether the last frame drawn was cut short by the rasteriser's point budget.
    package var exceededPointBudget = false

    package init(scene: BoundScene, width: Int, height: Int, transform: AffineMatrix) {
        self.scene = scene
        frame = Frame(schema: scene.schema)
        rasterizer = SceneRasterizer(scene: scene.scene, width: width, height: height, transform: transform)
        pixels = PixelBuffer(width: width, height: height)
    }

    package func draw(_ kind: Kind) {
        let layers = scene.layers(at: frame)
        if kind == .svg {
            svg = SceneSVGWriter.standalone(
                layers, groups: scene.groups(at: frame), of: scene.scene, width: rasterizer.width, height: rasterizer.height, transform: rasterizer.transform)
            return
        }
        rasterizer.draw(layers, groups: scene.groups(at: frame), into: &pixels)
        exceededPointBudget = rasterizer.lastFrameExceededPointBudget
        guard !exceededPointBudget else { return }
        switch kind {
        case .png:
            // The buffer is valid by construction: the encoder cannot fail on it.
            try? encoder.encode(width: pixels.width, height: pixels.height, rgba: pixels.bytes, alpha: .premultiplied, into: &encoded)
        case .straight, .chunk:
            Self.makeStraight(&pixels)
            if kind == .chunk {
                pixels.bytes.withUnsafeBytes { FrameChunk.encode($0, width: pixels.width, height: pixels.height, into: &encoded) }
            }
        case .premultiplied, .svg:
            break
        }
    }
}

extension PictureWorker {
    /// Converts a freshly drawn picture to straight alpha where it lies: after it, `pixels.bytes`
    /// are straight (what `--alpha straight`, video and shards' chunks take), until the next frame
    /// is drawn into the buffer.
    ///
    /// Only the region the frame's layers drew (``PixelBuffer/knownBackground``) is converted when
    /// the background is transparent or opaque, the same in both forms: a small scene fitted into
    /// 1080p, or a Lottie file drawing in part of its canvas, costs its drawn pixels, not the
    /// picture's. The buffer still knows its background there, so the next frame resets only
    /// that region. A translucent background converts every pixel and forgets what is known.
    ///
    /// - Complexity: O(the drawn region's area); no allocation.
    static func makeStraight(_ pixels: inout PixelBuffer) {
        let known = pixels.knownBackground
        let backgroundAlpha = known.map { $0.pixel >> 24 }
        let keepsBackground = backgroundAlpha == 0 || backgroundAlpha == 255
        let region = keepsBackground ? known!.dirty.intersection(pixels.rect) : pixels.rect
        guard !region.isEmpty else { return }
        let width = pixels.width
        pixels.withMutablePixels { base in
            for row in region.y..<region.maxY {
                let start = UnsafeMutableRawPointer(base + row * width + region.x).assumingMemoryBound(to: UInt8.self)
                AlphaUnpremultiplier.convertInPlace(start, pixelCount: region.width)
            }
        }
        if keepsBackground { pixels.knownBackground = known }
    }
}

/// Workers handed to `concurrentPerform`, each iteration using its own.
private struct UncheckedWorkers: @unchecked Sendable {
    package let workers: [PictureWorker]
}
