import TimelinePlugins
import Timeline
public import CadenceHostCore
public import CadenceIO

/// A Lottie animation as a Cadence timeline document: the file's frame number (`lottie.frame`),
/// every layer's world matrix and opacity as tracks, what its fills and strokes draw as path, colour and opacity tracks, each layer placed in
/// the timeline where it is shown, the file's markers as labels, and a scene that draws the paints
/// back to front (Docs/Lottie.md).
///
/// The tracks are baked: a keyframe at every frame of the file (its frames `ip`, `ip + 1`, … before
/// `op`, at the file's rate) where the value changes, computed by the compiled program
/// (``LottieProgram``: the exact mode's numbers), linear between frames. A render at the file's rate shows exactly the file's
/// frames; between frames the values are interpolated linearly, not along the file's curves.
///
/// ```swift
/// let animation = try LottieAnimation(parsing: text, file: "loader.json")
/// let imported = try LottieImport(animation, name: "loader")
/// let document = try imported.makeDocument()     // render it, draw it, slice it
/// print(imported.text)                           // or save it
/// ```
public struct LottieImport: Sendable {
    /// The document, as JSON.
    public let document: JSONValue
    /// What the drawing leaves out or approximates (effects it does not draw, WebP and progressive
    /// JPEG images, text in fonts the file does not carry, …), each feature once with the JSON path
    /// of its first use.
    public let warnings: [DocumentError]
    /// The file name, for errors.
    public let file: String?

    /// The most layer frames an import bakes (layers, precomposition layers included, times frames).
    public static let maximumLayerFrames = 4_000_000

    /// The most bytes of values an import bakes by default (64 MiB: four times the largest
    /// document Cadence reads, ``TimelineDocument/maximumSize``), counting each number as 8 bytes
    /// and each path as its path data. A few kilobytes of Lottie can draw a 10,000-point star
    /// or hundreds of fills at every one of thousands of frames; the budget stops such an import
    /// after the frame that passes it, instead of baking gigabytes.
    public static let maximumBakedBytes = 64 << 20

    /// Imports an animation.
    ///
    /// - Parameters:
    ///   - animation: The animation.
    ///   - name: The document's name.
    ///   - maximumBakedBytes: The most bytes of values to bake (numbers 8 bytes each, paths their
    ///     path data); ``maximumBakedBytes`` by default.
    /// - Throws: ``DocumentErrors`` when the animation has more than ``maximumLayerFrames`` layer
    ///   frames to bake, more than `maximumBakedBytes` of values, or a frame rate no timeline
    ///   document plays (above 100,000).
    public init(_ animation: LottieAnimation, name: String = "lottie", maximumBakedBytes: Int = LottieImport.maximumBakedBytes) throws(DocumentErrors) {
        file = animation.file
        try animation.requireImages()
        guard FrameRate(framesPerSecond: animation.frameRate) != nil else {
            throw DocumentErrors(errors: [DocumentError(
                file: animation.file, path: "fr",
                message: "a timeline document plays 0 < fps <= 100000 frames per second; the file has \(NumberFormat.string(animation.frameRate))")])
        }
        let frames = max(1, (animation.outPoint - animation.inPoint).rounded(.up))
        // Checked as a Double: a file's length may be far beyond what an Int holds.
        guard Double(max(animation.layerCount, 1)) * frames <= Double(Self.maximumLayerFrames) else {
            throw DocumentErrors(errors: [DocumentError(
                file: animation.file, path: "$",
                message: "importing bakes every layer at every frame: \(animation.layerCount) × \(NumberFormat.string(frames)) layer frames "
                    + "(layers × frames) is more than \(Self.maximumLayerFrames)")])
        }
        let count = Int(frames)
        var builder = Builder(animation: animation, frameCount: count)
        var bakedBytes = 0
        for index in 0..<count {
            guard builder.record(frame: index, at: animation.inPoint + Double(index), bytes: &bakedBytes, limit: maximumBakedBytes) else {
                throw DocumentErrors(errors: [DocumentError(
                    file: animation.file, path: "$",
                    message: "importing bakes every layer's values and every drawn path at every frame: more than \(maximumBakedBytes) bytes of values by frame "
                        + "\(index + 1) of \(count) (render the Lottie file itself, or import a shorter part of it)")])
            }
        }
        document = builder.document(animation: animation, name: name)
        warnings = animation.drawingNotes.warnings(file: animation.file)
    }

    /// The document as JSON text.
    public var text: String { document.jsonText }

    /// The document, validated, ready to render.
    public func makeDocument() throws(DocumentErrors) -> TimelineDocument {
        try TimelineDocument(json: document, file: file)
    }

    /// One placed layer's baked values: one entry per frame from its first shown frame.
    private struct Baked {
        var first: Int?
        var world: [[Double]] = []
        var opacity: [Double] = []
        /// Per paint: path data, straight colour, opacity.
        var paths: [[String]] = []
        var colors: [[String]] = []
        var paintOpacity: [[Double]] = []
        /// Per paint: a stroke's width after the transform.
        var widths: [[Double]] = []
        /// Per paint: a gradient's numbers (``SceneLayer/Gradient/channelNumbers``), empty for a colour.
        var gradients: [[[Double]]] = []
        /// Per paint: a dashed stroke's offset and lengths after the transform.
        var dashOffsets: [[Double]] = []
        var dashLengths: [[[Double]]] = []
        /// Each paint as first shown (the scene's starting values).
        var firstPaints: [LottieDrawingPass.PaintValue] = []
        /// What clips the layer (its mask, precompositions around it), as path data per frame;
        /// empty when nothing does.
        var clips: [String] = []
        /// What clips the layer's opacity, per frame (with ``clips``).
        var clipOpacities: [Double] = []
        /// The clip as first shown.
        var firstClip: LottieDrawingPass.Clip?
        /// Per layer of its composited masks (``LottieDrawingPass/maskLayout(of:)``): its mask
        /// (`nil` for the rectangle), then path data and opacity per frame.
        var compositedMasks: [(item: Int?, paths: [String], opacities: [Double])] = []
        /// Its effect's values per frame (``LottieDrawingPass/effectValues(of:)``), when it has one
        /// that is drawn.
        var effects: [[Double]]?
    }

    private struct Builder {
        let frameCount: Int
        var pass: LottieDrawingPass
        var baked: [Baked]
        var placements: [LottieAnimation.Placement] { pass.placements }
        var notDrawn: [Bool] { pass.notDrawn }

        init(animation: LottieAnimation, frameCount: Int) {
            self.frameCount = frameCount
            let pass = LottieDrawingPass(animation)
            self.pass = pass
            let masked = Set(pass.maskedPlacements)
            let withEffects = Set(pass.effectPlacements)
            baked = pass.placements.enumerated().map { index, placement in
                var baked = Baked()
                if withEffects.contains(index) { baked.effects = [] }
                if masked.contains(index) {
                    baked.compositedMasks = (pass.maskLayout(of: index)?.layers ?? []).map { ($0.item, [], []) }
                }
                // A layer that is not drawn (hidden, a matte) bakes its matrix and opacity only.
                let paints = pass.isPainted(index) ? placement.layer.drawing.paints.count : 0
                baked.paths = Array(repeating: [], count: paints)
                baked.colors = Array(repeating: [], count: paints)
                baked.paintOpacity = Array(repeating: [], count: paints)
                baked.widths = Array(repeating: [], count: paints)
                baked.gradients = Array(repeating: [], count: paints)
                baked.dashOffsets = Array(repeating: [], count: paints)
                baked.dashLengths = Array(repeating: [], count: paints)
                return baked
            }
        }

        /// Bakes one frame, adding the bytes of values it bakes to `bytes` (numbers 8 bytes each,
        /// paths their path data); stops, returning `false`, at the paint that takes `bytes` past
        /// `limit`.
        mutating func record(frame: Int, at time: Double, bytes: inout Int, limit: Int) -> Bool {
            pass.update(at: time)
            for index in placements.indices {
                guard pass.isActive(index) else { continue }
                if baked[index].first == nil { baked[index].first = frame }
                // Frames between two shown ones (a precomposition's time remapped out and back)
                // repeat the last values, hidden.
                while baked[index].first! + baked[index].world.count < frame {
                    baked[index].world.append(baked[index].world.last!)
                    baked[index].opacity.append(0)
                    bytes += 7 * 8
                    if let mask = baked[index].clips.last { baked[index].clips.append(mask) }
                    if let last = baked[index].effects?.last { baked[index].effects!.append(last) }
                    for layer in baked[index].compositedMasks.indices {
                        baked[index].compositedMasks[layer].paths.append(baked[index].compositedMasks[layer].paths.last!)
                        baked[index].compositedMasks[layer].opacities.append(baked[index].compositedMasks[layer].opacities.last!)
                    }
                    if let last = baked[index].clipOpacities.last { baked[index].clipOpacities.append(last) }
                    for paint in baked[index].paths.indices {
                        bytes += baked[index].paths[paint].last!.utf8.count + 3 * 8
                        baked[index].paths[paint].append(baked[index].paths[paint].last!)
                        baked[index].colors[paint].append(baked[index].colors[paint].last!)
                        baked[index].paintOpacity[paint].append(0)
                        baked[index].widths[paint].append(baked[index].widths[paint].last!)
                        if let last = baked[index].gradients[paint].last { baked[index].gradients[paint].append(last) }
                        baked[index].dashOffsets[paint].append(baked[index].dashOffsets[paint].last!)
                        baked[index].dashLengths[paint].append(baked[index].dashLengths[paint].last!)
                    }
                }
                let m = pass.full[index]
                baked[index].world.append([m[0], m[1], m[4], m[5], m[12], m[13]])
                baked[index].opacity.append(pass.opacity[index])
                bytes += 7 * 8
                if pass.isPainted(index), !baked[index].paths.isEmpty, let mask = pass.clip(of: index, rounded: true) {
                    let data = mask.path.isEmpty ? "M 0 0" : mask.path.svgPathData
                    bytes += data.utf8.count
                    baked[index].clips.append(data)
                    baked[index].clipOpacities.append(mask.opacity)
                    if baked[index].firstClip == nil { baked[index].firstClip = mask }
                }
                if baked[index].effects != nil {
                    let values = pass.effectValues(of: index)
                    baked[index].effects!.append(values)
                    bytes += values.count * 8
                }
                for layer in baked[index].compositedMasks.indices {
                    let value = pass.compositedMask(index, item: baked[index].compositedMasks[layer].item, rounded: true)
                    let data = value.path.isEmpty ? "M 0 0" : value.path.svgPathData
                    bytes += data.utf8.count + 8
                    baked[index].compositedMasks[layer].paths.append(data)
                    baked[index].compositedMasks[layer].opacities.append(value.opacity)
                }
                for number in baked[index].paths.indices {
                    let value = pass.paint(number, of: index, rounded: true)
                    let path = value.path.isEmpty ? "M 0 0" : value.path.svgPathData
                    bytes += path.utf8.count + 3 * 8
                    guard bytes <= limit else { return false }
                    baked[index].paths[number].append(path)
                    baked[index].colors[number].append(Color(red: value.rgb[0], green: value.rgb[1], blue: value.rgb[2]).hexString)
                    baked[index].paintOpacity[number].append(value.opacity)
                    baked[index].widths[number].append(value.strokeWidth)
                    baked[index].dashOffsets[number].append(value.dashOffset)
                    baked[index].dashLengths[number].append(value.dashes)
                    if !value.dashes.isEmpty { bytes += (value.dashes.count + 1) * 8 }
                    // A gradient's numbers, or an image's placement.
                    if let numbers = value.gradient?.channelNumbers ?? value.image?.channelNumbers {
                        bytes += numbers.count * 8
                        baked[index].gradients[number].append(numbers)
                    }
                    if baked[index].firstPaints.count <= number { baked[index].firstPaints.append(value) }
                }
                guard bytes <= limit else { return false }
            }
            return true
        }

        func document(animation: LottieAnimation, name: String) -> JSONValue {
            let rate = animation.frameRate
            var tracks: [JSONValue] = []
            var timeline: [JSONValue] = []
            for (index, placement) in placements.enumerated() {
                let baked = baked[index]
                guard let first = baked.first else { continue }
                let prefix = placement.path
                var names: [String] = []
                func add(_ suffix: String, type: String, values: [JSONValue], base: JSONValue? = nil) {
                    let name = prefix + suffix
                    names.append(name)
                    var members: [(key: String, value: JSONValue)] = [("name", .string(name)), ("type", .string(type))]
                    if let base { members.append(("base", base)) }
                    members.append(("fill", .string("none")))
                    members.append(("keyframes", .array(Self.keyframes(values, rate: rate))))
                    tracks.append(.object(members))
                }
                add(".world", type: "vector", values: baked.world.map { .array($0.map(JSONValue.number)) })
                add(".opacity", type: "number", values: baked.opacity.map(JSONValue.number), base: .number(0))
                if let effects = baked.effects {
                    for (place, (suffix, _)) in pass.effectChannels(of: index).enumerated() {
                        add(suffix, type: "number", values: effects.map { JSONValue.number($0[place]) })
                    }
                }
                let layout = pass.maskLayout(of: index)?.layers ?? []
                for (layer, masks) in baked.compositedMasks.enumerated() where layer < layout.count {
                    add(String(layout[layer].name.dropFirst(prefix.count)), type: "path", values: masks.paths.map(JSONValue.string))
                    if masks.item != nil {
                        add(String(layout[layer].name.dropFirst(prefix.count)) + ".opacity", type: "number", values: masks.opacities.map(JSONValue.number))
                    }
                }
                if pass.isPainted(index) {
                    if !baked.clips.isEmpty {
                        add(".clip", type: "path", values: baked.clips.map(JSONValue.string))
                        add(".clipOpacity", type: "number", values: baked.clipOpacities.map(JSONValue.number))
                    }
                    for paint in baked.paths.indices {
                        add("#\(paint).path", type: "path", values: baked.paths[paint].map(JSONValue.string))
                        add("#\(paint).opacity", type: "number", values: baked.paintOpacity[paint].map(JSONValue.number), base: .number(0))
                        if Set(baked.colors[paint]).count > 1 {
                            add("#\(paint).color", type: "color", values: baked.colors[paint].map(JSONValue.string))
                        }
                        if Set(baked.widths[paint]).count > 1 {
                            add("#\(paint).width", type: "number", values: baked.widths[paint].map(JSONValue.number))
                        }
                        if Set(baked.dashOffsets[paint]).count > 1 {
                            add("#\(paint).dashOffset", type: "number", values: baked.dashOffsets[paint].map(JSONValue.number))
                        }
                        if Self.dashLengthsChange(baked.dashLengths[paint]) {
                            // Lengths SVG cannot use at a frame (drawn solid there) are written as the first frame's.
                            let first = baked.dashLengths[paint][0]
                            let values = baked.dashLengths[paint].map { $0.count == first.count ? $0 : first }
                            add("#\(paint).dashes", type: "vector", values: values.map { .array($0.map(JSONValue.number)) })
                        }
                        if Set(baked.gradients[paint]).count > 1 {
                            let kind = baked.firstPaints.indices.contains(paint) && baked.firstPaints[paint].image != nil ? "image" : "gradient"
                            add("#\(paint).\(kind)", type: "vector", values: baked.gradients[paint].map { .array($0.map(JSONValue.number)) })
                        }
                    }
                }
                timeline.append(.object([
                    ("group", .array(names.map { .object([("track", .string($0))]) })),
                    ("at", .number(Double(first) / rate)),
                ]))
            }
            let duration = Double(frameCount - 1) / rate
            var members: [(key: String, value: JSONValue)] = [
                ("cadence", .number(1)), ("name", .string(name)), ("fps", .number(rate)), ("duration", .number(duration)),
            ]
            // The file's own frame number at each time (and a track for a file that never shows a layer).
            let frameTrack = JSONValue.object([
                ("name", .string("lottie.frame")),
                ("keyframes", .array([
                    .object([("time", .number(0)), ("value", .number(animation.inPoint))]),
                    .object([("time", .number(max(duration, 0.5 / rate))), ("value", .number(animation.inPoint + max(duration, 0.5 / rate) * rate))]),
                ])),
            ])
            members.append(("tracks", .array([frameTrack] + tracks)))
            let labels = animation.markers.filter { $0.time >= 0 && $0.time <= duration }
            var seen: Set<String> = []
            let unique = labels.filter { !$0.name.isEmpty && seen.insert($0.name).inserted }
            if !unique.isEmpty { members.append(("labels", .object(unique.map { ($0.name, .number($0.time)) }))) }
            if !timeline.isEmpty { members.append(("timeline", .array(timeline))) }
            members.append(("scene", scene(animation: animation)))
            return .object(members)
        }

        /// The scene: every drawn paint shown at some frame, back to front, as first baked.
        private func scene(animation: LottieAnimation) -> JSONValue {
            pass.scene(
                width: animation.width, height: animation.height,
                first: { index, number in baked[index].firstPaints[number] },
                colorChannel: { index, number in Set(baked[index].colors[number]).count > 1 },
                widthChannel: { index, number in Set(baked[index].widths[number]).count > 1 },
                dashChannel: { index, number in Set(baked[index].dashOffsets[number]).count > 1 },
                gradientChannel: { index, number in Set(baked[index].gradients[number]).count > 1 },
                dashLengthsChannel: { index, number in Self.dashLengthsChange(baked[index].dashLengths[number]) },
                mask: { index in baked[index].firstClip.map { ($0, true) } },
                shown: { index in baked[index].first != nil })
        }

        /// Whether a stroke's baked dash lengths change (and its first frame's are dashes).
        static func dashLengthsChange(_ lengths: [[Double]]) -> Bool {
            guard let first = lengths.first, !first.isEmpty else { return false }
            return lengths.contains { $0 != first }
        }

        /// Keyframes at every frame whose value differs from a neighbour's (the inside of a run
        /// of equal values is dropped: linear between the run's ends is the same), and one more
        /// half a frame after the last, so that the last frame is inside the track.
        static func keyframes(_ values: [JSONValue], rate: Double) -> [JSONValue] {
            var keyframes: [JSONValue] = []
            for (index, value) in values.enumerated() {
                let inside = index > 0 && index < values.count - 1 && values[index - 1] == value && values[index + 1] == value
                if inside { continue }
                if index == values.count - 1, index > 0, values[index - 1] == value, keyframes.count == 1 { continue }
                keyframes.append(.object([("time", .number(Double(index) / rate)), ("value", value)]))
            }
            keyframes.append(.object([("time", .number((Double(values.count) - 0.5) / rate)), ("value", values[values.count - 1])]))
            return keyframes
        }
    }
}
