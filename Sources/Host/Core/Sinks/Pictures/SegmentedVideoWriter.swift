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
/// pictures). Each complete segment goes to the next free worker, which draws its frames one after
/// the other into an ffmpeg of its own, while the next segment's frames are gathered: a render
/// keeps every core busy, whatever the encoder's own threads, and a segment's bytes depend only
/// on its frames.
package final class SegmentedVideoWriter {
    package let format: VideoFormat
    package let segmentation: VideoSegmentation
    package let output: SegmentedVideoOutput
    private let width: Int
    private let height: Int
    private let frameRate: FrameRate
    private let workers: [PictureWorker]
    /// Where the segments' files go: the output folder, or a temporary one.
    private let folder: String
    /// The temporary folder's slot among those a signal removes (`nil` for an output folder).
    private var temporarySlot: Int?
    /// The segment whose frames are being gathered.
    private var current: (segment: Int, frames: [Frame])?
    /// The segments' files, in order, as they are handed out.
    package private(set) var files: [String] = []
    /// Free workers, the segments that failed, and whether to stop.
    private let pool: Locked<SegmentPool>
    /// Counts the free workers.
    private let freeWorkers: DispatchSemaphore
    /// The segments being encoded.
    private let running = DispatchGroup()

    /// Prepares a video of `width` × `height` pictures, drawn by `workers` (one segment each at
    /// a time).
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` when ffmpeg is missing or the
    ///   temporary folder cannot be made.
    package init(
        format: VideoFormat, segmentation: VideoSegmentation, output: SegmentedVideoOutput, width: Int, height: Int, frameRate: FrameRate,
        workers: [PictureWorker]
    ) throws {
        switch output {
        case .file(let path), .folder(let path): try VideoEncoder.requireFFmpeg(for: format, destination: path)
        }
        precondition(!workers.isEmpty, "at least one worker")
        self.format = format
        self.segmentation = segmentation
        self.output = output
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.workers = workers
        pool = Locked(SegmentPool(free: Array(workers.indices)))
        freeWorkers = DispatchSemaphore(value: workers.count)
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
            let made = TemporaryFiles.makeFolder(template: base + "." + name + ".segments-XXXXXX")
                ?? TemporaryFiles.makeFolder(template: TemporaryFiles.folder + "cadence-segments-XXXXXX")
            guard let made else {
                throw SinkError.writeFailed(destination: path, reason: "cannot make a folder for its segments: " + String(cString: strerror(errno)))
            }
            folder = made.path
            temporarySlot = made.slot
        }
    }

    deinit {
        // Abandoned (an error): the segments still running stop at their next frame, and their
        // encoders with them, before their folder goes.
        pool.withLock { $0.stopped = true }
        running.wait()
        removeTemporaryFolder()
    }

    /// Keeps `frame` with its segment; hands the previous segment, complete, to a worker.
    package func add(_ frame: borrowing Frame) throws {
        let segment = segmentation.segment(containing: frame.index)
        if current?.segment != segment {
            if let complete = current {
                current = nil
                try start(complete)
            }
            current = (segment, [])
        }
        current!.frames.append(copy frame)
    }

    /// Encodes the last segment, waits for every segment, then, for a file, concatenates them into it.
    ///
    /// - Throws: The first failed segment's error (``PictureError/tooComplex(frame:)``, an ffmpeg
    ///   failure).
    package func finish() throws {
        if let complete = current {
            current = nil
            try start(complete)
        }
        running.wait()
        try throwFirstError()
        guard case .file(let path) = output else { return }
        try VideoSegmentJoin.concatenate(files, format: format, into: path)
        removeTemporaryFolder()
    }

    /// Waits for a free worker, starts the segment's ffmpeg on this thread and hands the segment
    /// to the worker.
    private func start(_ segment: (segment: Int, frames: [Frame])) throws {
        freeWorkers.wait()
        let index: Int
        do {
            try throwFirstError()
            index = pool.withLock { $0.free.removeLast() }
        } catch {
            freeWorkers.signal()
            throw error
        }
        let path = folder + "/" + VideoSegmentation.fileName(ofSegment: segment.segment, format: format)
        let encoder: VideoEncoder
        do {
            encoder = try VideoEncoder(format: format, width: width, height: height, frameRate: frameRate, path: path)
        } catch {
            pool.withLock { $0.free.append(index) }
            freeWorkers.signal()
            throw error
        }
        files.append(path)
        let task = SegmentTask(segment: segment.segment, frames: segment.frames, worker: workers[index], encoder: encoder)
        let pool = self.pool, freeWorkers = self.freeWorkers
        DispatchQueue.global().async(group: running) {
            let error = task.run { pool.withLock { $0.stopped } }
            pool.withLock { state in
                if let error { state.failures.append((task.segment, error)) }
                state.free.append(index)
            }
            freeWorkers.signal()
        }
    }

    /// Throws the error of the earliest segment that failed, if any has.
    private func throwFirstError() throws {
        let failure = pool.withLock { state in state.failures.min { $0.segment < $1.segment } }
        if let failure { throw failure.error }
    }

    private func removeTemporaryFolder() {
        guard let slot = temporarySlot else { return }
        temporarySlot = nil
        TemporaryFiles.unregister(folder: slot)
        for file in files { unlink(file) }
        rmdir(folder)
    }
}

/// What the workers share: which are free, which segments failed, whether to stop.
private struct SegmentPool {
    var free: [Int]
    var failures: [(segment: Int, error: any Error)] = []
    var stopped = false
}

/// One segment handed to a worker: its frames, the worker that draws them and the encoder they go
/// to, used by that worker's thread alone until it is done.
private final class SegmentTask: @unchecked Sendable {
    let segment: Int
    let frames: [Frame]
    let worker: PictureWorker
    let encoder: VideoEncoder

    init(segment: Int, frames: [Frame], worker: PictureWorker, encoder: VideoEncoder) {
        self.segment = segment
        self.frames = frames
        self.worker = worker
        self.encoder = encoder
    }

    /// Draws the frames in order into the encoder, then finishes it (its file renamed into place).
    ///
    /// - Parameter stopped: Whether the render was abandoned (checked before each frame).
    /// - Returns: Why the segment failed, or `nil`.
    func run(stopped: () -> Bool) -> (any Error)? {
        for frame in frames {
            if stopped() { return SinkError.writeFailed(destination: encoder.format.rawValue, reason: "the render stopped") }
            worker.frame = frame
            worker.draw(.straight)
            if worker.exceededPointBudget { return PictureError.tooComplex(frame: frame.index) }
            do {
                try worker.pixels.bytes.withUnsafeBytes { try encoder.write(straightRGBA: $0) }
            } catch {
                return error
            }
        }
        do { try encoder.finish() } catch { return error }
        return nil
    }
}
