import Timeline

/// A Lottie animation as a Cadence timeline document: the file's frame number (`lottie.frame`),
/// every layer's world matrix and opacity as tracks, what its fills and strokes draw as path, colour and opacity tracks, each layer placed in
/// the timeline where it is shown, the file's markers as labels, and a scene that draws the paints
/// back to front (Docs/Lottie.md).
///
/// The tracks are baked: a keyframe at every frame of the file (its frames `ip`, `ip + 1`, … before
/// `op`, at the file's rate) where the value changes, computed by ``LottieAnimation/values(at:)``
/// (the exact mode), linear between frames. A render at the file's rate shows exactly the file's
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
    /// What the drawing leaves out (masks, mattes, gradients, trim paths, image and text layers,
    /// …), each feature once with the JSON path of its first use.
    public let warnings: [DocumentError]
    /// The file name, for errors.
    public let file: String?

    /// The most layer frames an import bakes (layers, precomposition layers included, times frames).
    public static let maximumLayerFrames = 4_000_000

    /// Imports an animation.
    ///
    /// - Parameters:
    ///   - animation: The animation.
    ///   - name: The document's name.
    /// - Throws: ``DocumentErrors`` when the animation has more than ``maximumLayerFrames`` layer
    ///   frames to bake, or a frame rate no timeline document plays (above 100,000).
    public init(_ animation: LottieAnimation, name: String = "lottie") throws(DocumentErrors) {
        try self.init(animation, name: name, frames: nil)
    }

    /// Imports part of an animation: only the frames `frames` (0 is `ip`) are baked, for a render
    /// of those frames; the document shows nothing elsewhere.
    ///
    /// - Parameters:
    ///   - animation: The animation.
    ///   - name: The document's name.
    ///   - frames: The frames to bake, or `nil` for all.
    /// - Throws: ``DocumentErrors`` as ``init(_:name:)``.
    public init(_ animation: LottieAnimation, name: String = "lottie", frames: ClosedRange<Int>?) throws(DocumentErrors) {
        file = animation.file
        guard FrameRate(framesPerSecond: animation.frameRate) != nil else {
            throw DocumentErrors(errors: [DocumentError(
                file: animation.file, path: "fr",
                message: "a timeline document plays 0 < fps <= 100000 frames per second; the file has \(NumberFormat.string(animation.frameRate))")])
        }
        let placements = animation.placements()
        let length = max(1, (animation.outPoint - animation.inPoint).rounded(.up))
        // The frames baked: all of the file's, or those asked for that it has.
        let first = Double(max(frames?.lowerBound ?? 0, 0))
        let last = min(length - 1, frames.map { Double($0.upperBound) } ?? length - 1)
        let baked = max(0, last - first + 1)
        guard Double(max(placements.count, 1)) * baked <= Double(Self.maximumLayerFrames) else {
            throw DocumentErrors(errors: [DocumentError(
                file: animation.file, path: "$",
                message: "importing bakes every layer at every frame: \(placements.count) × \(NumberFormat.string(baked)) layer frames "
                    + "(layers × frames) is more than \(Self.maximumLayerFrames)")])
        }
        // Below the cap, the file's length fits an Int whenever it matters; beyond it, as many
        // frames as the document can number.
        let count = Int(min(length, Double(Int32.max)))
        var builder = Builder(placements: placements, frameCount: count)
        for index in stride(from: Int(first), through: Int(last), by: 1) where baked > 0 {
            builder.record(frame: index, values: animation.values(at: animation.inPoint + Double(index)))
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
        var last = 0
        var world: [[Double]] = []
        var opacity: [Double] = []
        /// Per paint: path data, straight colour, opacity.
        var paths: [[String]] = []
        var colors: [[String]] = []
        var paintOpacity: [[Double]] = []
        var strokeWidths: [Double] = []
    }

    private struct Builder {
        let placements: [LottieAnimation.Placement]
        let frameCount: Int
        /// Whether a placement or any precomposition around it is hidden or a matte.
        let notDrawn: [Bool]
        var baked: [Baked]
        var full: [[Double]]
        var chainOpacity: [Double]

        init(placements: [LottieAnimation.Placement], frameCount: Int) {
            self.placements = placements
            self.frameCount = frameCount
            var notDrawn: [Bool] = []
            for placement in placements {
                notDrawn.append(placement.layer.hidden || placement.layer.matteSource || placement.container.map { notDrawn[$0] } == true)
            }
            self.notDrawn = notDrawn
            baked = placements.map { placement in
                var baked = Baked()
                let paints = placement.layer.drawing.paints.count
                baked.paths = Array(repeating: [], count: paints)
                baked.colors = Array(repeating: [], count: paints)
                baked.paintOpacity = Array(repeating: [], count: paints)
                return baked
            }
            full = Array(repeating: LottieAnimation.identity, count: placements.count)
            chainOpacity = Array(repeating: 1, count: placements.count)
        }

        mutating func record(frame: Int, values: [LottieLayerValues]) {
            for (index, placement) in placements.enumerated() {
                let value = values[index]
                full[index] = placement.container.map { LottieAnimation.multiply(value.world, full[$0]) } ?? value.world
                chainOpacity[index] = value.drawnOpacity * (placement.container.map { chainOpacity[$0] } ?? 1)
                guard value.active else { continue }
                if baked[index].first == nil { baked[index].first = frame }
                // Frames between two shown ones (a precomposition's time remapped out and back)
                // repeat the last values, hidden.
                while baked[index].first! + baked[index].world.count < frame {
                    baked[index].world.append(baked[index].world.last!)
                    baked[index].opacity.append(0)
                    for paint in baked[index].paths.indices {
                        baked[index].paths[paint].append(baked[index].paths[paint].last!)
                        baked[index].colors[paint].append(baked[index].colors[paint].last!)
                        baked[index].paintOpacity[paint].append(0)
                    }
                }
                baked[index].last = frame
                let m = full[index]
                baked[index].world.append([m[0], m[1], m[4], m[5], m[12], m[13]])
                let opacity = min(max(chainOpacity[index], 0), 1)
                baked[index].opacity.append(opacity)
                let layer = placement.layer
                let local = value.compositionFrame - layer.startTime
                for (number, paint) in layer.drawing.paints.enumerated() {
                    var text = ""
                    var firstMatrix: [Double]?
                    for outline in paint.outlines {
                        var matrix = outline.transforms.reduce(LottieAnimation.identity) { product, transform in
                            LottieAnimation.multiply(product, LottieDrawing.matrix(of: transform, at: local, offset: layer.startTime))
                        }
                        matrix = LottieAnimation.multiply(matrix, m)
                        if firstMatrix == nil { firstMatrix = matrix }
                        let (numbers, closed) = LottieDrawing.vertices(of: outline.geometry, at: local, offset: layer.startTime)
                        LottieDrawing.pathData(numbers, closed: closed, matrix: matrix, into: &text)
                    }
                    baked[index].paths[number].append(text.isEmpty ? "M 0 0" : text)
                    let rgb = paint.colorComponents(at: local, offset: layer.startTime)
                    baked[index].colors[number].append(Color(red: rgb[0], green: rgb[1], blue: rgb[2]).hexString)
                    var paintOpacity = (paint.opacity.value(at: local, offset: layer.startTime).first ?? 100) / 100
                    for group in paint.groups {
                        paintOpacity *= (group.opacity.value(at: local, offset: layer.startTime).first ?? 100) / 100
                    }
                    let shown = notDrawn[index] ? 0 : min(max(opacity * paintOpacity, 0), 1)
                    baked[index].paintOpacity[number].append(shown.isFinite ? shown : 0)
                    if baked[index].strokeWidths.count <= number, let firstMatrix {
                        let width = paint.strokeWidth?.value(at: local, offset: layer.startTime).first ?? 0
                        let scale = (abs(firstMatrix[0] * firstMatrix[5] - firstMatrix[1] * firstMatrix[4])).squareRoot()
                        baked[index].strokeWidths.append(width.isFinite && scale.isFinite ? max(0, width * scale) : 0)
                    }
                }
            }
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
                if !notDrawn[index] {
                    for paint in baked.paths.indices {
                        add("#\(paint).path", type: "path", values: baked.paths[paint].map(JSONValue.string))
                        add("#\(paint).opacity", type: "number", values: baked.paintOpacity[paint].map(JSONValue.number), base: .number(0))
                        if Set(baked.colors[paint]).count > 1 {
                            add("#\(paint).color", type: "color", values: baked.colors[paint].map(JSONValue.string))
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

        /// The scene: every drawn paint, back to front (a composition's last layer first, a
        /// precomposition's layers where it is).
        private func scene(animation: LottieAnimation) -> JSONValue {
            var children: [Int?: [Int]] = [:]
            for (index, placement) in placements.enumerated() { children[placement.container, default: []].append(index) }
            var layers: [JSONValue] = []
            func draw(_ container: Int?) {
                for index in (children[container] ?? []).reversed() {
                    if children[index] != nil { draw(index) }
                    guard baked[index].first != nil, !notDrawn[index] else { continue }
                    let prefix = placements[index].path
                    let baked = baked[index]
                    for (number, paint) in placements[index].layer.drawing.paints.enumerated() {
                        let name = "\(prefix)#\(number)"
                        let color = JSONValue.string(baked.colors[number][0])
                        var members: [(key: String, value: JSONValue)] = [
                            ("name", .string(name)), ("shape", .string("path")), ("path", .string(baked.paths[number][0])),
                            ("frame", .array([.number(0), .number(0), .number(animation.width), .number(animation.height)])),
                        ]
                        var bindings: [(key: String, value: JSONValue)] = [("path", .string(name + ".path")), ("opacity", .string(name + ".opacity"))]
                        let animatedColor = Set(baked.colors[number]).count > 1
                        if paint.strokeWidth != nil {
                            members += [("fill", .string("none")), ("stroke", color), ("strokeWidth", .number(baked.strokeWidths[number]))]
                            if animatedColor { bindings.append(("stroke", .string(name + ".color"))) }
                        } else {
                            members.append(("fill", color))
                            if paint.evenOdd { members.append(("fillRule", .string("evenodd"))) }
                            if animatedColor { bindings.append(("fill", .string(name + ".color"))) }
                        }
                        members.append(("bind", .object(bindings)))
                        layers.append(.object(members))
                    }
                }
            }
            draw(nil)
            return .object([
                ("size", .array([.number(animation.width), .number(animation.height)])),
                ("background", .string("#00000000")), ("layers", .array(layers)),
            ])
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
