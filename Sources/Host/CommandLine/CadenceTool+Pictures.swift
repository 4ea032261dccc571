import Timeline
import TimelinePlugins
import CadenceHostCore
import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension CadenceTool {
    /// The formats that draw the scene: a PNG or SVG per frame into a folder, raw RGBA, or a video.
    static let pictureFormats = ["png", "svg-frames", "rgba"] + VideoFormat.allCases.map(\.rawValue)
    /// The format a video render's shards are drawn in (``FrameChunk``); not a user's format.
    static let shardChunkFormat = "shard-chunk"
    /// The format an MP4, WebM or FFV1 render's shards are drawn in: the segments' files, with `--format`
    /// still naming the video format; not a user's format.
    static let shardSegmentsFormat = "shard-segments"

    /// Draws every frame of a source's scene and writes the pictures (`--format png`, …).
    ///
    /// - Parameter whole: The frames of the whole render this is part of (a shard's render), for
    ///   the files' names; `frames` by default.
    /// - Returns: The pictures' size in pixels.
    @discardableResult
    mutating func streamPictures<Source: FrameSource>(
        _ source: inout Source, format: String, frameRate: FrameRate, frames: ClosedRange<Int>?, list: ArgumentList,
        scene: SceneDescription?, whole: ClosedRange<Int>? = nil
    ) throws -> (width: Int, height: Int) {
        guard let scene else { throw BadInput(PictureError.noScene.description) }
        let natural = try HostLoop.defaultFrames(duration: source.duration, frameRate: frameRate)
        let range = frames ?? natural
        // Named to the render's last frame, so the folders of slices are the whole render's.
        let digits = String(max(natural.upperBound, range.upperBound, whole?.upperBound ?? 0)).count
        let destination: PictureDestination
        switch format {
        case "png", "svg-frames":
            guard let folder = list.string("out") else {
                throw UsageError("'--format \(format)' writes one file per frame: give a folder with --out DIR/", command: list.command)
            }
            destination = format == "png" ? .pngFolder(folder, digits: digits) : .svgFolder(folder, digits: digits)
        case "rgba":
            let alpha = list.string("alpha") ?? "straight"
            guard alpha == "straight" || alpha == "premultiplied" else {
                throw UsageError("'--alpha' is straight or premultiplied, got '\(ArgumentList.excerpt(alpha))'", command: list.command)
            }
            var output: any TextOutput = standardOutput
            if let path = list.string("out") {
                output = try FileOutput(replacing: path)
            } else {
                // Frames of megabytes through a pipe: a larger pipe buffer (`… | ffmpeg`).
                ChildProcess.enlargePipe(1)
            }
            destination = .raw(output, straight: alpha == "straight")
        case Self.shardChunkFormat:
            destination = .chunk(path: list.string("out")!)
        case Self.shardSegmentsFormat:
            guard let video = VideoFormat(rawValue: list.string("format") ?? ""), video.isSegmented else {
                throw UsageError("a shard's segments are MP4, WebM or FFV1", command: list.command)
            }
            let segmentation = VideoSegmentation(
                framesPerSegment: try Self.framesPerSegment(list, frameRate: frameRate), origin: (whole ?? range).lowerBound)
            destination = .segmentedVideo(video, segmentation: segmentation, output: .folder(list.string("out")!))
        default:
            guard let video = VideoFormat(rawValue: format) else { throw UsageError("unknown format '\(format)'", command: list.command) }
            guard let path = list.string("out") else {
                throw UsageError("'--format \(format)' writes a file: give it with --out FILE", command: list.command)
            }
            if video.isSegmented {
                let segmentation = VideoSegmentation(
                    framesPerSegment: try Self.framesPerSegment(list, frameRate: frameRate), origin: (whole ?? range).lowerBound)
                destination = .segmentedVideo(video, segmentation: segmentation, output: .file(path))
            } else {
                destination = .video(video, path: path)
            }
            try warnAboutGIFDelays(video, frameRate: frameRate)
        }
        // The picture's size: the scene's scaled (--scale), or fitted and centred in W × H pixels
        // (render's --size; a preset's --fit, as its --size lays the transition out).
        let fitOption = list.command == "render" ? "size" : "fit"
        var size = PictureSize.natural
        if let scale = try list.double("scale") {
            guard list.string(fitOption) == nil else {
                throw UsageError("'--\(fitOption)' and '--scale' cannot both be given", command: list.command)
            }
            size = .scale(scale)
        } else if let fit = try list.size(fitOption) {
            guard fit.width == fit.width.rounded(), fit.height == fit.height.rounded() else {
                throw UsageError("'--\(fitOption)' of a picture is whole pixels, like 1920x1080", command: list.command)
            }
            let most = Double(PictureSize.maximumSide)
            guard fit.width <= most, fit.height <= most else {
                throw UsageError("'--\(fitOption)' of a picture is at most \(PictureSize.maximumSide) pixels a side", command: list.command)
            }
            size = .fit(width: Int(fit.width), height: Int(fit.height))
        }
        let chosenJobs = try list.positiveInt("jobs", maximum: 256)
        var sink = PictureSink(
            scene: scene, destination: destination, size: size, frameRate: frameRate, workerCount: chosenJobs ?? Self.processorCount,
            workerCountIsChosen: chosenJobs != nil)
        var errorOutput = standardError
        let started = ContinuousClock.now
        var lastShown = started
        let progress: ((Int, Int) -> Void)? = showsProgress
            ? { written, all in
                // A progress line for renders that take more than a second.
                let now = ContinuousClock.now
                guard now - started > .seconds(1), now - lastShown > .milliseconds(200) || written == all else { return }
                lastShown = now
                try? errorOutput.write("\rcadence: frame \(written)/\(all)" + (written == all ? "\n" : ""))
                try? errorOutput.flush()
            } : nil
        do {
            try HostLoop.renderOffline(&source, frameRate: frameRate, frames: frames, to: &sink, progress: progress)
        } catch let error as PictureError {
            throw BadInput(error.description)
        }
        if case .raw(let output, _) = destination {
            if let file = output as? FileOutput, list.string("out") != nil {
                try file.commit()
            } else if let written = sink.rawOutput {
                // Standard output, as the sink left it (an output may be a value).
                standardOutput = written
            }
        }
        return sink.pixelSize
    }

    /// The frames in a segment of an MP4, WebM or FFV1 render: `--segment-seconds` (default 2) at the
    /// render's rate, rounded, at least one.
    static func framesPerSegment(_ list: ArgumentList, frameRate: FrameRate) throws(UsageError) -> Int {
        let seconds = try list.double("segment-seconds") ?? VideoSegmentation.defaultSeconds
        guard seconds > 0, seconds <= VideoSegmentation.maximumSeconds else {
            throw UsageError(
                "'--segment-seconds' is the length of a video's independently encoded segments, more than 0 and at most \(NumberFormat.string(VideoSegmentation.maximumSeconds)) seconds; got \(NumberFormat.string(seconds))",
                command: list.command)
        }
        return VideoSegmentation.framesPerSegment(seconds: seconds, frameRate: frameRate)
    }

    /// Warns when a GIF cannot keep `frameRate` (its delays are in hundredths of a second).
    mutating func warnAboutGIFDelays(_ format: VideoFormat, frameRate: FrameRate) throws {
        guard format == .gif, let rate = VideoFormat.gifRate(frameRate) else { return }
        try standardError.write(
            "cadence: warning: GIF delays are in hundredths of a second; \(NumberFormat.string(frameRate.framesPerSecond)) fps is drawn at \(NumberFormat.string(rate.framesPerSecond)) fps, the same length\n")
        try standardError.flush()
    }

    /// The number of processors online (at least 1).
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
