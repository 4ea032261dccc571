public import Timeline
import TimelinePlugins
public import CadenceRaster

/// A sink that draws every frame of a scene and hands each picture to a closure: pixels without
/// files, for an app, a test or a pipeline of your own.
///
/// ```swift
/// let document = try TimelineDocument(parsing: text)
/// var source = document.makeSource()
/// var sink = ImageSink(scene: .json(document.scene!), size: .scale(2)) { frame, picture in
///     print(frame.index, picture.pixel(x: 10, y: 10))
/// }
/// try HostLoop.renderOffline(&source, frameRate: document.frameRate, to: &sink)
/// ```
///
/// The picture is the sink's own buffer, drawn again for every frame: copy it (a `PixelBuffer` is
/// a value) to keep it past the call. Frames are drawn on the calling thread, one at a time; the
/// command-line tool draws on every core.
public struct ImageSink: FrameSink {
    /// What to draw.
    public let scene: SceneDescription
    /// How big.
    public let size: PictureSize
    private let handler: (borrowing Frame, PixelBuffer) throws -> Void
    private var bound: BoundScene?
    private var rasterizer: SceneRasterizer?
    private var picture = PixelBuffer(width: 0, height: 0)

    /// Creates a sink.
    ///
    /// - Parameters:
    ///   - scene: The scene to draw: a scene built in Swift, or a document's `"scene"` JSON.
    ///   - size: The picture's size; the scene's own by default.
    ///   - handler: Called with every frame and its picture, in order.
    public init(
        scene: SceneDescription, size: PictureSize = .natural,
        handler: @escaping (borrowing Frame, PixelBuffer) throws -> Void
    ) {
        self.scene = scene
        self.size = size
        self.handler = handler
    }

    /// Binds the scene to the frames' channels.
    ///
    /// - Throws: ``DocumentErrors`` for a scene that is invalid or binds channels the frames
    ///   lack; ``PictureError/invalidSize(_:)``.
    public mutating func begin(schema: FrameSchema) throws {
        let bound = try BoundScene(scene, schema: schema)
        self.bound = bound
        rasterizer = try SceneRasterizer(scene: bound.scene, size: size)
    }

    /// Draws the frame and calls the handler.
    public mutating func write(_ frame: borrowing Frame) throws {
        guard let bound, rasterizer != nil else { return }
        rasterizer!.draw(bound.layers(at: frame), groups: bound.groups(at: frame), into: &picture)
        if rasterizer!.lastFrameExceededPointBudget { throw PictureError.tooComplex(frame: frame.index) }
        try handler(frame, picture)
    }
}

extension HostLoop {
    /// The picture of one frame of a source's scene.
    ///
    /// ```swift
    /// let preset = try CardExpandPreset(context: TransitionContext(), parameters: [:])
    /// var source = try PresetSource(preset: preset, frameRate: .fps60)
    /// let picture = try HostLoop.picture(of: &source, frame: 30, frameRate: .fps60, scene: .scene(preset.scene))
    /// ```
    ///
    /// - Parameters:
    ///   - source: The source (a seekable one evaluates that frame only).
    ///   - index: The frame.
    ///   - frameRate: The rate frames are at.
    ///   - scene: The scene to draw.
    ///   - size: The picture's size; the scene's own by default.
    /// - Returns: The picture, premultiplied RGBA8.
    /// - Throws: What rendering the frame throws; ``PictureError/invalidSize(_:)``.
    public static func picture<Source: FrameSource>(
        of source: inout Source, frame index: Int, frameRate: FrameRate, scene: SceneDescription,
        size: PictureSize = .natural
    ) throws -> PixelBuffer {
        var result = PixelBuffer(width: 0, height: 0)
        var sink = ImageSink(scene: scene, size: size) { _, picture in result = picture }
        try renderOffline(&source, frameRate: frameRate, frames: index...index, to: &sink)
        return result
    }
}
