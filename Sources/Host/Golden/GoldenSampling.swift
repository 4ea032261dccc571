import Timeline
import TimelinePlugins
public import CadenceHostCore

/// Which frames of a render a golden keeps, and whether it draws them.
///
/// A golden keeps the first frame, every ``every``th frame after it, the frames at 25, 50 and 75 %
/// and the last frame; for each of them the values and, when ``drawsPictures`` and the render has a
/// scene, the picture's size and a hash of its pixels.
public struct GoldenSampling: Sendable, Hashable {
    /// The step between kept frames (at least 1).
    public var every: Int
    /// Whether kept frames are drawn and their pixels hashed (renders without a scene draw nothing).
    public var drawsPictures: Bool
    /// The pictures' size.
    public var pictureSize: PictureSize

    /// Sampling settings.
    ///
    /// - Parameters:
    ///   - every: The step between kept frames; values below 1 count as 1.
    ///   - drawsPictures: Whether kept frames are drawn.
    ///   - pictureSize: The pictures' size (the scene's own size by default).
    public init(every: Int = 10, drawsPictures: Bool = true, pictureSize: PictureSize = .natural) {
        self.every = max(1, every)
        self.drawsPictures = drawsPictures
        self.pictureSize = pictureSize
    }

    /// Every 10th frame, with pictures at the scene's size.
    public static let standard = GoldenSampling()

    /// The kept frames of a render of `frames`, in order: the first, every ``every``th after it,
    /// those at 25, 50, 75 and 100 % of the way (rounded to the nearest frame) and the last.
    public func frames(of frames: ClosedRange<Int>) -> [Int] {
        let count = frames.count
        var kept = Set(stride(from: frames.lowerBound, through: frames.upperBound, by: every))
        for quarter in 1...4 {
            // Rounded half up, in integers: (quarter * (count - 1) * 2 + 4) / 8.
            kept.insert(frames.lowerBound + (quarter * (count - 1) * 2 + 4) / 8)
        }
        kept.insert(frames.upperBound)
        return kept.sorted()
    }
}
