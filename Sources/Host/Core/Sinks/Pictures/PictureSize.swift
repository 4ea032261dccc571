public import Timeline
import TimelinePlugins
import CadenceIO

/// How big a scene is drawn: its own size times a scale, or fitted into a size in pixels.
///
/// ```swift
/// PictureSize.scale(2)                              // a 390 × 844 scene: 780 × 1688 pixels
/// PictureSize.fit(width: 1920, height: 1080)        // the scene scaled to fit, centred
/// ```
public enum PictureSize: Sendable, Hashable {
    /// The scene's size times `factor` (2 for a Retina picture), rounded to whole pixels.
    case scale(Double)
    /// Exactly `width × height` pixels: the scene scaled uniformly to fit and centred, the rest
    /// filled with its background (SVG's `preserveAspectRatio="xMidYMid meet"`).
    case fit(width: Int, height: Int)

    /// The scene's own size, one pixel per unit.
    public static let natural = PictureSize.scale(1)

    /// The largest picture side Cadence draws: 16,384 pixels (a 16K frame).
    public static let maximumSide = 16_384

    /// The picture's size in pixels and the matrix from scene coordinates to pixels.
    ///
    /// - Throws: ``PictureError/invalidSize(_:)`` for a size or scale that gives no pixel, more
    ///   than ``maximumSide`` pixels on a side, or a non-finite scale.
    public func pixels(for scene: Size) throws(PictureError) -> (width: Int, height: Int, transform: AffineMatrix) {
        switch self {
        case .scale(let factor):
            let width = (scene.width * factor).rounded(), height = (scene.height * factor).rounded()
            guard factor.isFinite, factor > 0, width >= 1, height >= 1,
                width <= Double(Self.maximumSide), height <= Double(Self.maximumSide)
            else {
                throw .invalidSize("a scene of \(NumberFormat.string(scene.width))×\(NumberFormat.string(scene.height)) at scale \(NumberFormat.string(factor)) is \(NumberFormat.string(width))×\(NumberFormat.string(height)) pixels; a picture has 1 to \(Self.maximumSide) pixels on a side")
            }
            // Scaled exactly by the factor (not by the rounded size), as a browser scales an SVG
            // drawn at that zoom.
            return (Int(width), Int(height), AffineMatrix(a: factor, b: 0, c: 0, d: factor, tx: 0, ty: 0))
        case .fit(let width, let height):
            guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
                throw .invalidSize("\(width)×\(height) pixels; a picture has 1 to \(Self.maximumSide) pixels on a side")
            }
            let factor = min(Double(width) / scene.width, Double(height) / scene.height)
            guard factor.isFinite, factor > 0 else { throw .invalidSize("the scene has no area to fit") }
            let x = (Double(width) - scene.width * factor) / 2, y = (Double(height) - scene.height * factor) / 2
            return (width, height, AffineMatrix(a: factor, b: 0, c: 0, d: factor, tx: x, ty: y))
        }
    }
}

/// Why a picture could not be drawn.
public enum PictureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The size or scale gives no picture Cadence can draw.
    case invalidSize(String)
    /// Pictures need a scene: the document or source has none.
    case noScene
    /// The frame's outlines flatten to more than ``SceneRasterizer/maximumPointsPerFrame`` points.
    case tooComplex(frame: Int)
    /// One worker's pictures need more memory than the process may use.
    case tooLarge(width: Int, height: Int, megabytesPerWorker: Int, megabytesAvailable: Int)
    /// The workers asked for (`--jobs`) need more memory than the process may use.
    case tooManyWorkers(jobs: Int, fitting: Int, width: Int, height: Int, megabytesPerWorker: Int, megabytesAvailable: Int)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .invalidSize(let reason): "invalid picture size: \(reason)"
        case .noScene: "pictures need a scene (a document's \"scene\", or a preset's): this render has none"
        case .tooComplex(let frame):
            "frame \(frame)'s outlines flatten to more than \(SceneRasterizer.maximumPointsPerFrame) points (a curve is cut into up to 2,048 points, "
                + "more under a wide stroke): simplify its paths"
        case .tooLarge(let width, let height, let each, let available):
            "a \(width)×\(height) picture needs about \(each) MB to draw, more than the \(available) MB this process may use "
                + "(physical memory, ulimit -v, the container's limit): draw it smaller (--size or --scale)"
        case .tooManyWorkers(let jobs, let fitting, let width, let height, let each, let available):
            "--jobs \(jobs) draws \(jobs) \(width)×\(height) pictures at once, about \(each) MB each, more than the \(available) MB this process may use: "
                + "give --jobs \(fitting) or fewer (or leave it out: Cadence then uses as many as fit)"
        }
    }
}
