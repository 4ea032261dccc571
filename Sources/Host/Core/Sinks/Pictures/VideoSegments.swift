package import Timeline
import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How an MP4, WebM or FFV1 render is cut into segments that are encoded independently and then
/// concatenated without re-encoding.
///
/// Segment `s` holds frames `origin + s·length ... origin + (s+1)·length − 1` (the last one ends
/// with the render). `origin` is the whole render's first frame, so a shard of the render, which
/// starts on a segment boundary, cuts the same segments as the render in one process, and encodes
/// them into the same bytes: a segment's encode sees its frames and nothing else, with a fixed
/// thread count and `+bitexact`.
///
/// ```swift
/// let cut = VideoSegmentation(framesPerSegment: 60, origin: 0)
/// cut.segment(containing: 125)       // 2
/// cut.frames(ofSegment: 2, in: 0...150)  // 120...150
/// ```
package struct VideoSegmentation: Sendable, Hashable {
    /// The frames in every segment but the last.
    package let framesPerSegment: Int
    /// The whole render's first frame, where segment 0 starts.
    package let origin: Int

    /// The default length of a segment, in seconds: what streaming encoders use (a keyframe every
    /// two seconds).
    package static let defaultSeconds = 2.0
    /// The longest segment that can be asked for, in seconds (a day: one segment for any render).
    package static let maximumSeconds = 86_400.0

    /// Segments of `framesPerSegment` frames (at least 1) from frame `origin`.
    package init(framesPerSegment: Int, origin: Int) {
        self.framesPerSegment = max(1, framesPerSegment)
        self.origin = origin
    }

    /// The frames in a segment `seconds` long at `frameRate`: `seconds × fps` rounded, at least 1.
    package static func framesPerSegment(seconds: Double, frameRate: FrameRate) -> Int {
        let frames = (seconds * frameRate.framesPerSecond).rounded()
        return frames >= 1 ? Int(min(frames, Double(Int32.max))) : 1
    }

    /// The segment that holds `frame` (a frame of the render, `frame >= origin`).
    package func segment(containing frame: Int) -> Int {
        (frame - origin) / framesPerSegment
    }

    /// The frames of segment `segment` in a render of `whole` (cut short by its last frame).
    package func frames(ofSegment segment: Int, in whole: ClosedRange<Int>) -> ClosedRange<Int> {
        let first = origin + segment * framesPerSegment
        return first...min(first + framesPerSegment - 1, whole.upperBound)
    }

    /// The segments that hold `frames`.
    package func segments(covering frames: ClosedRange<Int>) -> ClosedRange<Int> {
        segment(containing: frames.lowerBound)...segment(containing: frames.upperBound)
    }

    /// `segment-000042.mp4`: segment 42's file, its index padded to six digits (more for a render
    /// of more segments), so that the files list in order.
    package static func fileName(ofSegment segment: Int, format: VideoFormat) -> String {
        let number = String(segment)
        return "segment-" + String(repeating: "0", count: max(0, 6 - number.count)) + number + "." + format.rawValue
    }
}

/// Joins encoded segments into one file without re-encoding: ffmpeg's concat demuxer with
/// `-c copy`, which rewrites the containers' timestamps and nothing else.
package enum VideoSegmentJoin {
    /// Concatenates the segment files at `paths`, in order, into `destination`, as a video of
    /// `format` (written all or nothing, as ``VideoEncoder`` writes). ffmpeg's list of the files
    /// is a temporary file of its own, removed when done (and by an interrupt).
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` when ffmpeg is missing or fails,
    ///   or a path cannot be named in ffmpeg's list (a line break in it).
    package static func concatenate(_ paths: [String], format: VideoFormat, into destination: String) throws {
        var list = "ffconcat version 1.0\n"
        for path in paths {
            guard !path.contains("\n"), !path.contains("\r") else {
                throw SinkError.writeFailed(destination: destination, reason: "the segment \(InputExcerpt.excerpt(path)) has a line break in its path")
            }
            // In single quotes everything is literal; a quote is closed, escaped and reopened.
            list += "file '" + absolute(path).split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'\n"
        }
        guard let made = TemporaryFiles.make(template: TemporaryFiles.folder + "cadence-segments-XXXXXX") else {
            throw SinkError.writeFailed(destination: destination, reason: "cannot make the list of segments: " + String(cString: strerror(errno)))
        }
        let listPath = made.path
        defer {
            unlink(listPath)
            TemporaryFiles.unregister(made.slot)
        }
        let bytes = Array(list.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(made.descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { break }
            written += result
        }
        close(made.descriptor)
        guard written == bytes.count else {
            throw SinkError.writeFailed(destination: listPath, reason: "cannot write the list of segments: " + String(cString: strerror(errno)))
        }
        let input = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "concat", "-safe", "0", "-i", listPath]
        let joined = try VideoEncoder(format: format, arguments: { input + format.concatenationArguments + [$0] }, path: destination)
        try joined.finish()
    }

    /// `path` from the root: ffmpeg reads a relative name in its list from the list's folder.
    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (folder.hasSuffix("/") ? folder : folder + "/") + path
    }
}
