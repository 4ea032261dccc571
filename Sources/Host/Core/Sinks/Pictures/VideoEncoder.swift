package import Timeline
import TimelinePlugins
import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The video and animation formats Cadence writes through `ffmpeg`.
public enum VideoFormat: String, Sendable, CaseIterable {
    /// H.264 in MP4, 4:2:0 (`yuv420p`), `libx264 -preset superfast -crf 20`: what every player
    /// plays. 4:2:0 needs an even width and height: an odd one gets one more column or row, black,
    /// at the right or bottom. Encoded in segments (``VideoSegmentation``).
    case mp4
    /// VP9 in WebM with alpha (`yuva420p`), `libvpx-vp9 -crf 32 -b:v 0`. Encoded in segments
    /// (``VideoSegmentation``).
    case webm
    /// An animated GIF with a palette generated from the frames (GIF delays are in 1/100 s: at a
    /// rate whose frame lasts no whole number of hundredths, 60 fps say, frames are dropped to the
    /// nearest rate that does, 50 fps, so that the total duration stays exact). The palette is
    /// made from every frame, so ffmpeg holds them all: keep GIFs short.
    case gif
    /// Animated PNG, lossless.
    case apng
    /// FFV1 in Matroska, lossless, every frame a keyframe. Encoded in segments
    /// (``VideoSegmentation``).
    case ffv1 = "mkv"

    /// Whether the format is encoded in independent segments that are then concatenated
    /// (``VideoSegmentation``): MP4, WebM and FFV1. GIF (a palette from every frame) and APNG are
    /// encoded in one piece.
    package var isSegmented: Bool { self == .mp4 || self == .webm || self == .ffv1 }

    /// The options that make two encodes of the same frames give the same bytes.
    private static let exact = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]

    /// What `ffmpeg` is told to write, after its input: codec, pixel format, muxer and the options
    /// that make two renders of the same frames give the same bytes (`-fflags +bitexact`, a fixed
    /// thread count: x264's and libvpx's output changes with their thread count). For MP4 and
    /// WebM these encode one segment: one thread each, as segments are encoded several at once.
    package func outputArguments(width: Int, height: Int, frameRate: FrameRate) -> [String] {
        let exact = Self.exact
        switch self {
        case .mp4:
            let pad = width % 2 == 0 && height % 2 == 0 ? "" : "pad=ceil(iw/2)*2:ceil(ih/2)*2,"
            return ["-vf", pad + Self.bt709Conversion, "-c:v", "libx264", "-preset", "superfast", "-crf", "20", "-pix_fmt", "yuv420p",
                "-threads", "1"] + Self.bt709Tags + exact + ["-f", "mp4"]
        case .webm:
            return ["-vf", Self.bt709Conversion, "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-crf", "32", "-b:v", "0", "-row-mt", "0",
                "-threads", "1", "-deadline", "good", "-cpu-used", "4"] + Self.bt709Tags + exact + ["-f", "webm"]
        case .gif:
            let rate = Self.gifRate(frameRate)
            let resample = rate.map { "fps=\($0.numerator)/\($0.denominator)," } ?? ""
            return ["-filter_complex",
                "[0:v]\(resample)split[a][b];[a]palettegen=reserve_transparent=1:stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a",
                "-loop", "0"] + exact + ["-f", "gif"]
        case .apng:
            return ["-c:v", "apng", "-pred", "mixed", "-plays", "0"] + exact + ["-f", "apng"]
        case .ffv1:
            // Four slices (a 2 × 2 grid) need two pixels a side: a picture one pixel wide or high
            // is one slice.
            let slices = width >= 2 && height >= 2 ? "4" : "1"
            return ["-c:v", "ffv1", "-level", "3", "-pix_fmt", "bgra", "-slices", slices, "-g", "1"] + exact + ["-f", "matroska"]
        }
    }

    /// What `ffmpeg` is told to write when it concatenates segments (after its concat input): the
    /// streams copied, timestamps made continuous by the demuxer, the same tags; MP4's index at the
    /// front (`+faststart`), WebM's alpha declared (a copied stream does not carry the flag).
    package var concatenationArguments: [String] {
        switch self {
        case .mp4: ["-c", "copy", "-movflags", "+faststart"] + Self.bt709Tags + Self.exact + ["-f", "mp4"]
        case .webm: ["-c", "copy", "-metadata:s:v:0", "alpha_mode=1"] + Self.bt709Tags + Self.exact + ["-f", "webm"]
        case .ffv1: ["-c", "copy"] + Self.exact + ["-f", "matroska"]
        case .gif, .apng: ["-c", "copy"] + Self.exact + ["-f", rawValue]
        }
    }

    /// The RGB to YUV conversion of MP4 and WebM: BT.709's matrix into limited range (16–235), what
    /// players assume for HD and what the tags say. ffmpeg's own default is BT.601's matrix, untagged:
    /// a player that assumes BT.709 then shows the card's orange (250, 140, 64) as (255, 145, 58).
    static let bt709Conversion = "scale=out_color_matrix=bt709:out_range=tv"
    /// The tags that say so: BT.709 matrix, primaries and transfer, limited range.
    static let bt709Tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]

    /// For a GIF at `frameRate`: `nil` when a frame lasts a whole number of hundredths of a second,
    /// otherwise the rate to resample to, `100 / ceil(100 / fps)` frames per second.
    package static func gifRate(_ frameRate: FrameRate) -> FrameRate? {
        let hundredths = 100 * frameRate.denominator
        guard hundredths % frameRate.numerator != 0 else { return nil }
        let delay = (hundredths + frameRate.numerator - 1) / frameRate.numerator
        return FrameRate(100, per: delay)
    }
}

/// Writes frames to a video file through `ffmpeg`, which reads them as raw RGBA on a pipe.
///
/// The file appears only when every frame is written and `ffmpeg` exits with 0: until then it is a
/// temporary file beside it (removed on failure, on an interrupt and on a crash, as `--out` does).
/// A destination that exists and is not a regular file (`/dev/null`, a named pipe, a device) is
/// written directly, as `--out` writes it: nothing is ever renamed over it.
/// A missing `ffmpeg` is an error that says how to install it; a broken pipe, or a non-zero exit
/// (`-xerror`: ffmpeg otherwise accepts a truncated last frame), is an error with ffmpeg's last
/// line.
package final class VideoEncoder {
    package let format: VideoFormat
    package let width: Int
    package let height: Int
    private let process: ChildProcess
    /// The temporary file that becomes the destination, or `nil` when ffmpeg writes the
    /// destination itself (not a regular file).
    private let temporary: String?
    private let destination: String
    private var temporarySlot: Int
    private var committed = false

    /// Starts `ffmpeg` writing `format` to a temporary file beside `path`.
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` when ffmpeg is not installed or
    ///   cannot start, or the folder cannot be written.
    package convenience init(format: VideoFormat, width: Int, height: Int, frameRate: FrameRate, path: String) throws {
        let input = ["-hide_banner", "-loglevel", "error", "-nostdin", "-xerror", "-y",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
            "-framerate", "\(frameRate.numerator)/\(frameRate.denominator)", "-i", "pipe:0"]
        let output = format.outputArguments(width: width, height: height, frameRate: frameRate)
        try self.init(format: format, width: width, height: height, arguments: { input + output + [$0] }, path: path)
    }

    /// Starts `ffmpeg` with `arguments(file)` writing a temporary file beside `path` (or `path`
    /// itself when it is not a regular file), for any input (a concatenation of segments, say).
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` when ffmpeg is not installed or
    ///   cannot start, or the folder cannot be written.
    package init(format: VideoFormat, width: Int = 0, height: Int = 0, arguments: (String) -> [String], path: String) throws {
        try Self.requireFFmpeg(for: format, destination: path)
        guard !path.isEmpty else { throw SinkError.writeFailed(destination: "''", reason: "the file name is empty") }
        self.format = format
        self.width = width
        self.height = height
        let destination = FileOutput.followingLinks(path)
        self.destination = destination
        var info = stat()
        let exists = stat(destination, &info) == 0
        if exists, info.st_mode & S_IFMT != S_IFREG {
            // A device, a pipe or a socket: ffmpeg writes it; renaming over it would replace it.
            guard info.st_mode & S_IFMT != S_IFDIR else {
                throw SinkError.writeFailed(destination: path, reason: "it is a folder (--format \(format.rawValue) writes one file)")
            }
            temporary = nil
            temporarySlot = -1
            process = try ChildProcess("ffmpeg", arguments: arguments(destination))
            return
        }
        // A replaced file keeps its mode; a new one is 0644, as `--out` makes them.
        let made = try TemporaryFiles.make(beside: destination, mode: exists ? UInt32(info.st_mode & 0o7777) : nil, for: path)
        close(made.descriptor)
        let temporary = made.path
        self.temporary = temporary
        let slot = made.slot
        temporarySlot = slot
        do {
            process = try ChildProcess("ffmpeg", arguments: arguments(temporary))
        } catch {
            unlink(temporary)
            TemporaryFiles.unregister(slot)
            throw error
        }
    }

    /// Checks that ffmpeg is installed.
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` saying how to install it.
    package static func requireFFmpeg(for format: VideoFormat, destination: String) throws {
        guard ChildProcess.isInstalled("ffmpeg") else {
            throw SinkError.writeFailed(
                destination: destination,
                reason: "--format \(format.rawValue) needs ffmpeg, which is not installed (on Debian or Ubuntu: apt-get install ffmpeg; on macOS: brew install ffmpeg)")
        }
    }

    deinit {
        guard !committed, let temporary else { return }
        // ffmpeg first: running on, it would write into the file, or make it again.
        process.stop()
        unlink(temporary)
        TemporaryFiles.unregister(temporarySlot)
    }

    /// Writes one frame: `width × height` pixels of straight (not premultiplied) RGBA, row by row.
    package func write(straightRGBA bytes: UnsafeRawBufferPointer) throws {
        precondition(bytes.count == width * height * 4, "a frame of \(width)×\(height) RGBA pixels")
        try process.write(bytes)
    }

    /// Waits for ffmpeg to finish, then renames the file over the destination.
    package func finish() throws {
        try process.finish()
        guard let temporary else {
            committed = true
            return
        }
        guard rename(temporary, destination) == 0 else {
            throw SinkError.writeFailed(destination: destination, reason: String(cString: strerror(errno)))
        }
        committed = true
        TemporaryFiles.unregister(temporarySlot)
        temporarySlot = -1
    }
}
