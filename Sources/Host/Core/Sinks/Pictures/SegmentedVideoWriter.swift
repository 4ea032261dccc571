package import Timeline
import Dispatch
import CadenceIO
import CadenceRaster

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a segmented video goes.
package enum SegmentedVideoOutput {
    /// One file: the segments are encoded into a temporary folder, then concatenated into it.
    case file(String)
    /// The segments' files themselves, named ``VideoSegmentation/fileName(ofSegment:format:)``,
    /// into a folder (a shard's): `cadence join` concatenates them.
    case folder(String)
}

/// Encodes an MP4, WebM or FFV1 video in segments (``VideoSegmentation``), several at once.
///
/// Frames arrive in order and are kept by segment (their values, which are small, not their
/// pictures). Once as many segments are complete as there are workers, each worker draws its
/// segment's frames one after the other into its own ffmpeg, all segments at once: the render
/// uses every core however the encoder threads, and a segment's bytes depend only on its frames.
package final class SegmentedVideoWriter {
    package let format: VideoFormat
    package let segmentation: VideoSegmentation
    package let output: SegmentedVideoOutput
    private let width: Int
    private let height: Int
    private let frameRate: FrameRate
    /// Where the segments' files go: the output folder, or a temporary one.
    private let folder: String
    /// The temporary folder's slot among those a signal removes (`nil` for an output folder).
    private var temporarySlot: Int?
    /// The complete and current segments not yet encoded, by index.
    private var pending: [(segment: Int, frames: [Frame])] = []
    /// The segments' files written so far, in order.
    package private(set) var files: [String] = []

    /// Prepares a video of `width` × `height` pictures.
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` when ffmpeg is missing or the
    ///   temporary folder cannot be made.
    package init(format: VideoFormat, segmentation: VideoSegmentation, output: SegmentedVideoOutput, width: Int, height: Int, frameRate: FrameRate) throws {
        guard ChildProcess.isInstalled("ffmpeg") else {
            throw SinkError.writeFailed(
                destination: { if case .file(let path) = output { path } else { "--out" } }(),
                reason: "--format \(format.rawValue) needs ffmpeg, which is not installed (on Debian or Ubuntu: apt-get install ffmpeg; on macOS: brew install ffmpeg)")
        }
        self.format = format
        self.segmentation = segmentation
        self.output = output
        self.width = width
        self.height = height
        self.frameRate = frameRate
        switch output {
        case .folder(let folder):
            self.folder = folder
        case .file(let path):
            guard !path.isEmpty else { throw SinkError.writeFailed(destination: "''", reason: "the file name is empty") }
            // Beside the destination, where its bytes will go; in TMPDIR when that folder is not
            // one to write in (a device's).
            let destination = FileOutput.followingLinks(path)
            let base = destination.lastIndex(of: "/").map { String(destination[...$0]) } ?? ""
            let name = destination.split(separator: "/").last.map(String.init) ?? "video"
            let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            let made = TemporaryFiles.makeFolder(template: base + "." + name + ".segments-XXXXXX")
                ?? TemporaryFiles.makeFolder(template: (temporary.hasSuffix("/") ? temporary : temporary + "/") + "cadence-segments-XXXXXX")
            guard let made else {
                throw SinkError.writeFailed(destination: path, reason: "cannot make a folder for its segments: " + String(cString: strerror(errno)))
            }
            folder = made.path
            temporarySlot = made.slot
        }
    }

    deinit { removeTemporaryFolder() }

    /// Keeps `frame` with its segment; encodes the complete segments when there are as many as
    /// `workers`.
    package func add(_ frame: borrowing Frame, workers: [PictureWorker]) throws {
        let segment = segmentation.segment(containing: frame.index)
        if pending.last?.segment != segment {
            if pending.count == workers.count { try encodePending(workers: workers) }
            pending.append((segment, []))
        }
        pending[pending.count - 1].frames.append(copy frame)
    }

    /// Encodes what is pending, then, for a file, concatenates every segment into it.
    package func finish(workers: [PictureWorker]) throws {
        try encodePending(workers: workers)
        guard case .file(let path) = output else { return }
        try VideoSegmentJoin.concatenate(files, format: format, listFolder: folder, into: path)
        removeTemporaryFolder()
    }

    /// Each pending segment drawn and encoded by its own worker, all at once; every ffmpeg is
    /// started and finished on this thread.
    private func encodePending(workers: [PictureWorker]) throws {
        guard !pending.isEmpty else { return }
        var encoders: [VideoEncoder] = []
        var paths: [String] = []
        for (segment, _) in pending {
            let path = folder + "/" + VideoSegmentation.fileName(ofSegment: segment, format: format)
            encoders.append(try VideoEncoder(format: format, width: width, height: height, frameRate: frameRate, path: path))
            paths.append(path)
        }
        let job = SegmentJob(workers: Array(workers.prefix(pending.count)), encoders: encoders, frames: pending.map(\.frames))
        if pending.count == 1 {
            job.run(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: pending.count) { job.run($0) }
        }
        if let error = job.errors.first(where: { $0 != nil }) { throw error! }
        for encoder in encoders { try encoder.finish() }
        files += paths
        pending.removeAll(keepingCapacity: true)
    }

    private func removeTemporaryFolder() {
        guard let slot = temporarySlot else { return }
        temporarySlot = nil
        TemporaryFiles.unregister(folder: slot)
        for file in files { unlink(file) }
        unlink(folder + "/segments.ffconcat")
        rmdir(folder)
    }
}

/// One batch of segments handed to `concurrentPerform`: iteration `i` uses worker `i` and encoder
/// `i` alone, and writes only its own error slot.
private final class SegmentJob: @unchecked Sendable {
    let workers: [PictureWorker]
    let encoders: [VideoEncoder]
    let frames: [[Frame]]
    /// One slot per segment, each written by its own iteration only.
    private let slots: UnsafeMutablePointer<(any Error)?>

    init(workers: [PictureWorker], encoders: [VideoEncoder], frames: [[Frame]]) {
        self.workers = workers
        self.encoders = encoders
        self.frames = frames
        slots = .allocate(capacity: frames.count)
        slots.initialize(repeating: nil, count: frames.count)
    }

    deinit { slots.deinitialize(count: frames.count).deallocate() }

    /// The segments' errors, in order (read once every iteration is done).
    var errors: [(any Error)?] { Array(UnsafeBufferPointer(start: slots, count: frames.count)) }

    /// Draws segment `index`'s frames in order and writes them to its encoder.
    func run(_ index: Int) {
        let worker = workers[index], encoder = encoders[index]
        for frame in frames[index] {
            worker.frame = frame
            worker.draw(.straight)
            if worker.exceededPointBudget {
                slots[index] = PictureError.tooComplex(frame: frame.index)
                return
            }
            do {
                try worker.pixels.bytes.withUnsafeBytes { try encoder.write(straightRGBA: $0) }
            } catch {
                slots[index] = error
                return
            }
        }
    }
}
