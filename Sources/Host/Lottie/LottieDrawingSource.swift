public import Timeline
import TimelinePlugins
public import CadenceHostCore
public import CadenceIO

/// One frame of what a Lottie file draws: each placed layer's matrix in the composition's
/// coordinates and its opacity (a precomposition's multiplies its layers'), from the compiled
/// program (``LottieProgram``), and each paint's outlines, colour and opacity. ``LottieImport``
/// bakes it frame by frame, ``LottieDrawingSource`` computes it at any time.
struct LottieDrawingPass: Sendable {
    /// A paint at a frame.
    struct PaintValue {
        /// Its outlines after every transform, in the composition's coordinates.
        var path: Path
        /// Red, green, blue in `0...1`.
        var rgb: [Double]
        /// The opacity it is drawn with, `0...1` (0 when the layer is not shown).
        var opacity: Double
        /// A stroke's width after the first outline's transform (0 for a fill).
        var strokeWidth: Double
        /// A dashed stroke's dash and gap lengths after the transform (empty when solid).
        var dashes: [Double] = []
        /// A dashed stroke's offset after the transform.
        var dashOffset: Double = 0
        /// A gradient paint's gradient, in the composition's coordinates (its transform from the
        /// paint's group), or `nil` for a colour.
        var gradient: SceneLayer.Gradient?
        /// An image layer's bitmap, placed in the composition's coordinates, or `nil`.
        var image: SceneLayer.ImageFill?
    }

    let placements: [LottieAnimation.Placement]
    /// Whether a placement or any precomposition around it is hidden or a matte: not drawn.
    let notDrawn: [Bool]
    /// For a placement whose track matte Cadence draws (``LottieDrawing/matte``), the placement of
    /// its matte layer.
    let matteOf: [Int?]
    /// Whether a placement is the matte of a placement drawn with it.
    let isMatte: [Bool]
    /// For a placement drawn into a composited matte (``LottieMatte/composited``): the matte
    /// layer's placement (itself, or the precomposition around it that is the matte).
    let matteRoot: [Int?]
    /// Each placement's world matrix in the composition's coordinates (4×4, row vectors).
    private(set) var full: [[Double]]
    /// Each placement's opacity, with the precompositions' around it, `0...1`.
    private(set) var opacity: [Double]
    /// Whether a placement's own opacity fades its layer as one picture (a scene group's opacity),
    /// as lottie-web's SVG renderer fades the layer's `<g>`, rather than each paint: a layer whose
    /// opacity is ever below 100 and under which more than one paint is drawn (its own, or its
    /// precomposition's layers': where paints overlap, the one below would otherwise show through
    /// the one above). Layers in or of a track matte keep their opacities on their paints (the
    /// matte's chain folds them).
    let composesOpacity: [Bool]
    /// The compiled animation, whose layer order is the placements'.
    private let program: LottieProgram
    /// The root composition's size (an inverted or subtracted mask's rectangle).
    private let width: Double, height: Double
    /// The frame last evaluated.
    private(set) var frame: LottieFrame
    /// For each placement whose layer modifies its paths (trims, rounded corners), every outline's
    /// sub-paths after the modifiers at the frame last evaluated
    /// (``LottieDrawing/modifiedOutlines(at:offset:)``), by outline.
    private var modified: [[[LottieTrim.ShapePath]]?]

    init(_ animation: LottieAnimation) {
        placements = animation.placements()
        program = LottieProgram(animation)
        (width, height) = (animation.width, animation.height)
        frame = program.makeFrame()
        assert(program.layerPaths == placements.map(\.path), "the program's layers are the placements, in order")
        var notDrawn: [Bool] = []
        for placement in placements {
            notDrawn.append(placement.layer.hidden || placement.layer.matteSource || placement.container.map { notDrawn[$0] } == true)
        }
        self.notDrawn = notDrawn
        // Each composition's placements in order: a matte is found by its position there.
        var children: [Int?: [Int]] = [:]
        for (index, placement) in placements.enumerated() { children[placement.container, default: []].append(index) }
        var matteOf: [Int?] = Array(repeating: nil, count: placements.count)
        var isMatte = Array(repeating: false, count: placements.count)
        for (index, placement) in placements.enumerated() {
            guard let matte = placement.layer.drawing.matte, let siblings = children[placement.container], matte.source < siblings.count else { continue }
            matteOf[index] = siblings[matte.source]
            isMatte[siblings[matte.source]] = true
        }
        self.matteOf = matteOf
        self.isMatte = isMatte
        var matteRoot: [Int?] = Array(repeating: nil, count: placements.count)
        for (index, placement) in placements.enumerated() {
            if placement.layer.drawing.matte?.composited == true, let source = matteOf[index] { matteRoot[source] = source }
        }
        for (index, placement) in placements.enumerated() where matteRoot[index] == nil {
            // A precomposition's layers come after it.
            if let container = placement.container, let root = matteRoot[container], !placement.layer.hidden, !placement.layer.matteSource {
                matteRoot[index] = root
            }
        }
        self.matteRoot = matteRoot
        composesOpacity = Self.composesOpacity(placements, notDrawn: notDrawn, isMatte: isMatte, matteRoot: matteRoot)
        full = Array(repeating: LottieAnimation.identity, count: placements.count)
        opacity = Array(repeating: 1, count: placements.count)
        modified = Array(repeating: nil, count: placements.count)
    }

    /// Which placements fade as one picture (``composesOpacity``).
    private static func composesOpacity(
        _ placements: [LottieAnimation.Placement], notDrawn: [Bool], isMatte: [Bool], matteRoot: [Int?]
    ) -> [Bool] {
        // The paints under each placement: its own and its precomposition's layers' (which come
        // after it).
        var paints = placements.indices.map { notDrawn[$0] ? 0 : placements[$0].layer.drawing.paints.count }
        for index in placements.indices.reversed() {
            if let container = placements[index].container { paints[container] += paints[index] }
        }
        var result: [Bool] = []
        for (index, placement) in placements.enumerated() {
            let layer = placement.layer
            let fading = !layer.transform.opacity.keyframes.isEmpty || (layer.transform.opacity.value.first ?? 100) < 100
            let overlaps = paints[index] > 1
            let inMatte = isMatte[index] || matteRoot[index] != nil || layer.drawing.matte != nil
            result.append(fading && overlaps && !notDrawn[index] && !inMatte)
        }
        return result
    }

    /// The paints drawn, back to front (a composition's last layer first, a precomposition's
    /// layers where it is), as placement and paint numbers. A layer with a composited matte
    /// (``LottieMatte/composited``) has its matte layer's paints just before its own.
    var drawOrder: [(placement: Int, paint: Int)] {
        var children: [Int?: [Int]] = [:]
        for (index, placement) in placements.enumerated() { children[placement.container, default: []].append(index) }
        var order: [(placement: Int, paint: Int)] = []
        func draw(_ container: Int?) {
            for index in (children[container] ?? []).reversed() {
                // A layer not drawn (hidden, a matte, or inside one: drawMatte draws those) draws no matte either.
                if !notDrawn[index], placements[index].layer.drawing.matte?.composited == true, let source = matteOf[index] { drawMatte(source) }
                if children[index] != nil { draw(index) }
                guard !notDrawn[index] else { continue }
                for paint in placements[index].layer.drawing.paints.indices { order.append((index, paint)) }
            }
        }
        /// A matte layer and, for a precomposition, the layers in it that are shown.
        func drawMatte(_ index: Int) {
            for child in (children[index] ?? []).reversed() where !placements[child].layer.hidden && !placements[child].layer.matteSource {
                if placements[child].layer.drawing.matte?.composited == true, let source = matteOf[child] { drawMatte(source) }
                drawMatte(child)
            }
            for paint in placements[index].layer.drawing.paints.indices { order.append((index, paint)) }
        }
        draw(nil)
        return order
    }

    /// The scene layers and groups that draw a placement's composited masks
    /// (``LottieCompositedMask``): the group `P.masks` (the luminance matte of `P.masked`, which
    /// holds the placement's paints) with a layer per mask, `P.mask0`, `P.mask1`, … (and
    /// `P.maskRect` first when the first mask subtracts or intersects); an intersecting mask `k`
    /// puts what is before it in a group `P.masks.i<k>` whose alpha matte `P.masks.m<k>` holds its
    /// path.
    struct MaskLayout {
        /// Each layer's name, its mask (`nil` for the rectangle) and its group, in drawing order.
        var layers: [(name: String, item: Int?, group: String)] = []
        /// Each group's name, parent and matte (its group and mode).
        var groups: [(name: String, parent: String?, matte: (group: String, mode: SceneGroup.MatteMode)?)] = []
    }

    /// The layout of a placement's composited masks, or `nil` when it has none.
    func maskLayout(of index: Int) -> MaskLayout? {
        guard let masks = placements[index].layer.drawing.compositedMask else { return nil }
        let path = placements[index].path, top = path + ".masks"
        let parent = needsGroup(index) ? path : outerGroup(of: index)
        var layout = MaskLayout(groups: [(top, parent, nil), (path + ".masked", parent, (top, .luminance))])
        if masks.startsWithRectangle { layout.layers.append((path + ".maskRect", nil, top)) }
        for (number, item) in masks.items.enumerated() {
            let name = "\(path).mask\(number)"
            guard item.operation == .intersect else {
                layout.layers.append((name, number, top))
                continue
            }
            // Everything so far goes inside a group that the path's alpha mattes.
            let inside = "\(top).i\(number)", matte = "\(top).m\(number)"
            for position in layout.layers.indices where layout.layers[position].group == top { layout.layers[position].group = inside }
            for position in layout.groups.indices.dropFirst(2) where layout.groups[position].parent == top {
                layout.groups[position].parent = inside
            }
            layout.groups.append((matte, top, nil))
            layout.groups.append((inside, top, (matte, .alpha)))
            layout.layers.insert((name, number, matte), at: 0)
        }
        return layout
    }

    /// A composited mask's path at the frame last given to ``update(at:)``, in the composition's
    /// coordinates, and its opacity; for `item` `nil`, the rectangle of the composition that holds
    /// the placement (white, opacity 1).
    func compositedMask(_ index: Int, item: Int?, rounded: Bool) -> (path: Path, opacity: Double) {
        let placement = placements[index]
        var path = Path()
        guard let item, let mask = placement.layer.drawing.compositedMask?.items[item] else {
            let size = placement.container.flatMap { placements[$0].layer.drawing.clipSize } ?? (width, height)
            let matrix = placement.container.map { full[$0] } ?? LottieAnimation.identity
            let rectangle: [Double] = [0, 0, 0, 0, 0, 0, size.width, 0, 0, 0, 0, 0, size.width, size.height, 0, 0, 0, 0, 0, size.height, 0, 0, 0, 0]
            LottieDrawing.append(rectangle, closed: true, matrix: matrix, rounded: rounded, to: &path)
            return (path, 1)
        }
        let layer = placement.layer
        let local = frame.compositionFrames[index] - layer.startTime
        let opacity = ((mask.opacity.value(at: local, offset: layer.startTime).first ?? 100) / 100)
        // lottie-web draws an open mask path as no path at all.
        guard mask.closed else { return (path, opacity.isFinite ? min(max(opacity, 0), 1) : 0) }
        let m = full[index]
        if mask.inverted {
            let rectangle: [Double] = [0, 0, 0, 0, 0, 0, width, 0, 0, 0, 0, 0, width, height, 0, 0, 0, 0, 0, height, 0, 0, 0, 0]
            LottieDrawing.append(rectangle, closed: true, matrix: m, rounded: rounded, to: &path)
        }
        LottieDrawing.append(mask.path.value(at: local, offset: layer.startTime), closed: true, matrix: m, rounded: rounded, to: &path)
        return (path, opacity.isFinite ? min(max(opacity, 0), 1) : 0)
    }

    /// A placement's drop shadow (``LottieDropShadow``) at the frame last given to ``update(at:)``,
    /// in the composition: opacity (0 while the layer is not shown), radius and offset.
    func dropShadow(of index: Int) -> (opacity: Double, radius: Double, dx: Double, dy: Double) {
        let layer = placements[index].layer
        guard let shadow = layer.drawing.dropShadow else { return (0, 0, 0, 0) }
        var values = shadow.values(at: frame.compositionFrames[index] - layer.startTime, offset: layer.startTime, matrix: full[index])
        if !frame.active[index] { values.opacity = 0 }
        return values
    }

    /// The placements, in order, whose effects are drawn or that fade as one picture (their
    /// paints, or their layers', are drawn): each has the channels of ``effectChannels(of:)``.
    var effectPlacements: [Int] {
        var placed = Set<Int>()
        for (index, _) in drawOrder {
            var current: Int? = index
            while let at = current {
                let drawing = placements[at].layer.drawing
                if drawing.dropShadow != nil || drawing.blur != nil || composesOpacity[at] { placed.insert(at) }
                current = placements[at].container
            }
        }
        return placed.sorted()
    }

    /// The channels of a placement's effect, with the scene group properties they drive: a drop
    /// shadow's `P.shadowOpacity`, `P.shadowRadius`, `P.shadowOffsetX` and `P.shadowOffsetY`, a
    /// blur's `P.blurX` and `P.blurY`, and, for a layer faded as one picture
    /// (``composesOpacity``), its own opacity `P.groupOpacity`.
    func effectChannels(of index: Int) -> [(suffix: String, property: SceneGroup.Property)] {
        let drawing = placements[index].layer.drawing
        let fade: [(suffix: String, property: SceneGroup.Property)] = composesOpacity[index] ? [(".groupOpacity", .opacity)] : []
        if drawing.dropShadow != nil {
            return [(".shadowOpacity", .shadowOpacity), (".shadowRadius", .shadowRadius), (".shadowOffsetX", .shadowOffsetX), (".shadowOffsetY", .shadowOffsetY)] + fade
        }
        return (drawing.blur == nil ? [] : [(".blurX", .blurX), (".blurY", .blurY)]) + fade
    }

    /// A placement's effect values at the frame last given to ``update(at:)``, in the order of
    /// ``effectChannels(of:)``.
    func effectValues(of index: Int) -> [Double] {
        let layer = placements[index].layer
        var fade: [Double] = []
        if composesOpacity[index] {
            let own = frame.opacities[index]
            fade = [own.isFinite ? min(max(own, 0), 1) : 0]
        }
        if layer.drawing.dropShadow != nil {
            let shadow = dropShadow(of: index)
            return [shadow.opacity, shadow.radius, shadow.dx, shadow.dy] + fade
        }
        guard let blur = layer.drawing.blur else { return fade }
        let value = blur.values(at: frame.compositionFrames[index] - layer.startTime, offset: layer.startTime, matrix: full[index])
        return [value.x, value.y] + fade
    }

    /// The placements, in order, that draw composited masks and whose paints (or whose layers')
    /// are drawn: each has the channels `P.mask<k>` (a path), `P.mask<k>.opacity` and, when its
    /// first mask subtracts or intersects, `P.maskRect`.
    var maskedPlacements: [Int] {
        var masked = Set<Int>()
        for (index, _) in drawOrder {
            var current: Int? = index
            while let at = current {
                if placements[at].layer.drawing.compositedMask != nil { masked.insert(at) }
                current = placements[at].container
            }
        }
        return masked.sorted()
    }

    /// The scene group a placement's paints are drawn in (``sceneGroups(shown:)``), if any: the
    /// innermost of the placement's own and the precompositions' around it: `P.masked` for one
    /// with composited masks, else `P` for one that needs a group.
    func innerGroup(of index: Int) -> String? {
        var current: Int? = index
        while let at = current {
            if placements[at].layer.drawing.compositedMask != nil { return placements[at].path + ".masked" }
            if needsGroup(at) { return placements[at].path }
            current = placements[at].container
        }
        return nil
    }

    /// The group that holds a placement's own groups (`P`, or `P.masks` and `P.masked`).
    private func outerGroup(of index: Int) -> String? {
        placements[index].container.flatMap(innerGroup(of:))
    }

    /// Whether a placement is drawn as a scene group: it blends (`bm`), it has a composited matte
    /// or is one, or it is a precomposition holding layers that blend (isolated, as lottie-web's
    /// clipped precomposition is).
    func needsGroup(_ index: Int) -> Bool {
        let layer = placements[index].layer
        return layer.drawing.blendMode != 0 || layer.drawing.matte?.composited == true || matteRoot[index] == index
            || layer.drawing.dropShadow != nil || layer.drawing.blur != nil || composesOpacity[index]
            || (layer.composition != nil && placements.contains { $0.container == index && $0.layer.drawing.blendMode != 0 })
    }

    /// Evaluates a root composition frame.
    mutating func update(at time: Double) {
        program.evaluate(at: time, into: &frame)
        for (index, placement) in placements.enumerated() {
            let world = Array(frame.world(of: index))
            full[index] = placement.container.map { LottieAnimation.multiply(world, full[$0]) } ?? world
            let chain = frame.opacities[index] * (placement.container.map { opacity[$0] } ?? 1)
            opacity[index] = chain.isFinite ? min(max(chain, 0), 1) : 0
            let drawing = placement.layer.drawing
            if !drawing.modifiers.isEmpty && frame.active[index] && (!notDrawn[index] || isMatte[index] || matteRoot[index] != nil) {
                let layer = placement.layer
                modified[index] = drawing.modifiedOutlines(at: frame.compositionFrames[index] - layer.startTime, offset: layer.startTime)
            } else {
                modified[index] = nil
            }
        }
    }

    /// A placement's opacity as its paints carry it: ``opacity`` without the opacities that
    /// groups apply (``composesOpacity``).
    func paintChain(of index: Int) -> Double {
        var chain = 1.0
        var current: Int? = index
        while let at = current {
            if !composesOpacity[at] {
                let own = frame.opacities[at]
                chain *= own.isFinite ? min(max(own, 0), 1) : 0
            }
            current = placements[at].container
        }
        return chain
    }

    /// Whether a placement's paints are drawn: it is drawn, or drawn into a composited matte.
    func isPainted(_ index: Int) -> Bool { !notDrawn[index] || matteRoot[index] != nil }

    /// Whether a placement is shown at the frame evaluated (it and the precompositions around it
    /// in range).
    func isActive(_ index: Int) -> Bool { frame.active[index] }

    /// A paint of a placement at the frame last given to ``update(_:)``.
    ///
    /// - Parameters:
    ///   - rounded: Coordinates to a thousandth (what the import writes).
    ///   - asMatte: The paint of a matte layer: its opacity is its layer's own (not the
    ///     precompositions' around it, which fade the matted result), and it is shown though the
    ///     layer is not drawn.
    func paint(_ number: Int, of index: Int, rounded: Bool, asMatte: Bool = false) -> PaintValue {
        let layer = placements[index].layer
        let paint = layer.drawing.paints[number]
        let local = frame.compositionFrames[index] - layer.startTime, offset = layer.startTime
        var path = Path(fillRule: paint.evenOdd ? .evenOdd : .nonZero)
        var firstMatrix: [Double]?
        for outline in paint.outlines {
            var matrix = outline.transforms.reduce(LottieAnimation.identity) { product, transform in
                LottieAnimation.multiply(product, LottieDrawing.matrix(of: transform, at: local, offset: offset))
            }
            matrix = LottieAnimation.multiply(matrix, full[index])
            if firstMatrix == nil { firstMatrix = matrix }
            if let outlines = modified[index] {
                for piece in outlines[outline.id] {
                    LottieDrawing.append(piece.relative, closed: piece.closed, matrix: matrix, rounded: rounded, to: &path)
                }
            } else {
                let (numbers, closed) = LottieDrawing.vertices(of: outline.geometry, at: local, offset: offset)
                LottieDrawing.append(numbers, closed: closed, matrix: matrix, rounded: rounded, to: &path)
            }
        }
        var paintOpacity = (paint.opacity.value(at: local, offset: offset).first ?? 100) / 100
        for group in paint.groups {
            paintOpacity *= LottieDrawing.opacity(of: group, at: local, offset: offset)
        }
        let own = frame.opacities[index].isFinite ? min(max(frame.opacities[index], 0), 1) : 0
        var shown = asMatte ? (frame.active[index] ? own * paintOpacity : 0) : frame.active[index] && !notDrawn[index] ? paintChain(of: index) * paintOpacity : 0
        if let root = matteRoot[index] {
            // In a composited matte: the opacities from the layer up to the matte layer; the
            // precompositions around the matte fade the matted result instead.
            var chain = own, current = index
            while current != root, let container = placements[current].container {
                chain *= frame.opacities[container].isFinite ? min(max(frame.opacities[container], 0), 1) : 0
                current = container
            }
            shown = frame.active[index] ? chain * paintOpacity : 0
        }
        var strokeWidth = 0.0, dashes: [Double] = [], dashOffset = 0.0
        var width = paint.strokeWidth?.value(at: local, offset: offset).first
        if let letter = paint.textLetter, width != nil,
           let animated = letter.text.state(document: letter.document, letter: letter.letter, at: local, offset: offset).strokeWidth {
            width = animated
        }
        if let width, let m = firstMatrix {
            let scale = abs(m[0] * m[5] - m[1] * m[4]).squareRoot()
            strokeWidth = width.isFinite && scale.isFinite ? max(0, width * scale) : 0
            if !paint.dashes.isEmpty {
                dashes = paint.dashes.map { ($0.value(at: local, offset: offset).first ?? 0) * scale }
                dashOffset = (paint.dashOffset?.value(at: local, offset: offset).first ?? 0) * scale
                // A list SVG cannot use (a negative or unbounded length, all zero) is solid there.
                let usable = dashes.allSatisfy { $0.isFinite && $0 >= 0 } && dashes.reduce(0, +) > 0
                if !usable || !dashOffset.isFinite { (dashes, dashOffset) = ([], 0) }
            }
        }
        let gradient = paint.gradient.map { gradient in
            let groups = paint.groups.reduce(LottieAnimation.identity) { product, transform in
                LottieAnimation.multiply(product, LottieDrawing.matrix(of: transform, at: local, offset: offset))
            }
            return gradient.gradient(at: local, offset: offset, matrix: LottieAnimation.multiply(groups, full[index]))
        }
        let image = paint.image.map { image in
            let m = full[index]
            let world = AffineMatrix(a: m[0], b: m[1], c: m[4], d: m[5], tx: m[12], ty: m[13])
            return SceneLayer.ImageFill(image: image.image, transform: world * image.placement)
        }
        return PaintValue(
            path: path, rgb: paint.colorComponents(at: local, offset: offset),
            opacity: shown.isFinite ? min(max(shown, 0), 1) : 0, strokeWidth: strokeWidth, dashes: dashes, dashOffset: dashOffset,
            gradient: gradient, image: image)
    }

    /// What clips a placement's paints at a frame: an outline in the composition's coordinates,
    /// its rule and the opacity it shows them at.
    struct Clip {
        var path: Path
        var evenOdd: Bool
        var opacity: Double
    }

    /// The outline of a placement's own mask (``LottieDrawing/mask``) at the frame last given to
    /// ``update(at:)``, in the composition's coordinates, as lottie-web draws it; `nil` when its
    /// layer has none.
    func mask(of index: Int, rounded: Bool) -> Clip? {
        let layer = placements[index].layer
        guard let mask = layer.drawing.mask else { return nil }
        let local = frame.compositionFrames[index] - layer.startTime
        let numbers = mask.path.value(at: local, offset: layer.startTime)
        let opacity = mask.opacity(at: local, offset: layer.startTime)
        let m = full[index]
        var path = Path()
        // lottie-web draws an open mask path as no path at all.
        let own = mask.closed ? numbers : []
        let rectangle: [Double] = [0, 0, 0, 0, 0, 0, width, 0, 0, 0, 0, 0, width, height, 0, 0, 0, 0, 0, height, 0, 0, 0, 0]
        switch mask.mode {
        case .add:
            LottieDrawing.append(own, closed: true, matrix: m, rounded: rounded, to: &path)
            return Clip(path: path, evenOdd: false, opacity: opacity)
        case .inverted:
            // lottie-web's solidPath: the root composition's size in the layer's own coordinates,
            // before the path, non-zero; nothing at all for an open path.
            if !own.isEmpty { LottieDrawing.append(rectangle, closed: true, matrix: m, rounded: rounded, to: &path) }
            LottieDrawing.append(own, closed: true, matrix: m, rounded: rounded, to: &path)
            return Clip(path: path, evenOdd: false, opacity: opacity)
        case .subtract:
            // White over the composition, the path black: the composition without the path's
            // inside (the root composition's rectangle: a precomposition clips to its own).
            LottieDrawing.append(rectangle, closed: true, matrix: LottieAnimation.identity, rounded: rounded, to: &path)
            LottieDrawing.append(own, closed: true, matrix: m, rounded: rounded, to: &path)
            return Clip(path: path, evenOdd: true, opacity: opacity)
        }
    }

    /// A placement's track matte (``LottieMatte``) at the frame last given to ``update(at:)``, as
    /// lottie-web draws it: alpha, the matte's fill outline at its opacity (none while the matte
    /// layer is not shown); inverted, the root composition's rectangle without the outline.
    func matte(of index: Int, rounded: Bool) -> Clip? {
        guard let source = matteOf[index], let matte = placements[index].layer.drawing.matte, !matte.composited else { return nil }
        let inverted = matte.inverted
        let value = paint(0, of: source, rounded: rounded, asMatte: true)
        let shown = value.opacity > 0
        let evenOdd = placements[source].layer.drawing.paints.first?.evenOdd ?? false
        guard inverted else { return Clip(path: shown ? value.path : Path(), evenOdd: evenOdd, opacity: value.opacity) }
        var path = Path()
        let rectangle: [Double] = [0, 0, 0, 0, 0, 0, width, 0, 0, 0, 0, 0, width, height, 0, 0, 0, 0, 0, height, 0, 0, 0, 0]
        LottieDrawing.append(rectangle, closed: true, matrix: LottieAnimation.identity, rounded: rounded, to: &path)
        if shown { path.addPath(value.path) }
        return Clip(path: path, evenOdd: true, opacity: 1)
    }

    /// Whether anything clips a placement's paints: its own mask, or a precomposition around it
    /// (its size or its mask).
    func isClipped(_ index: Int) -> Bool {
        func clipMatte(_ index: Int) -> Bool { placements[index].layer.drawing.matte.map { !$0.composited } ?? false }
        if placements[index].layer.drawing.mask != nil || clipMatte(index) { return true }
        var container = placements[index].container
        while let outer = container {
            let drawing = placements[outer].layer.drawing
            if drawing.clipSize != nil || drawing.mask != nil || clipMatte(outer) { return true }
            container = placements[outer].container
        }
        return false
    }

    /// What clips a placement's paints at the frame last given to ``update(at:)``, in the
    /// composition's coordinates, as lottie-web clips them: its own mask, within the rectangle
    /// `(0, 0, w, h)` of every precomposition around it and their masks (moved by their
    /// matrices), the masks' opacities multiplied; `nil` when nothing does.
    ///
    /// The rectangles and the masks that are convex polygons are intersected exactly; of the other
    /// masks, the innermost is drawn (the reader warns when a precomposition's mask of that kind
    /// holds layers with masks of their own).
    func clip(of index: Int, rounded: Bool) -> Clip? {
        var polygon: [Point]?
        var opacity = 1.0
        func intersect(_ corners: [Point]) {
            polygon = polygon.map { LottieClipping.clip($0, by: corners) } ?? corners
        }
        var own = mask(of: index, rounded: rounded) ?? matte(of: index, rounded: rounded)
        var container = placements[index].container
        while let outer = container {
            let drawing = placements[outer].layer.drawing
            let m = full[outer]
            if let size = drawing.clipSize {
                intersect([(0.0, 0.0), (size.width, 0), (size.width, size.height), (0, size.height)].map { x, y in
                    Point(x: x * m[0] + y * m[4] + m[12], y: x * m[1] + y * m[5] + m[13])
                })
            }
            if let mask = drawing.mask {
                let layer = placements[outer].layer
                opacity *= mask.opacity(at: frame.compositionFrames[outer] - layer.startTime, offset: layer.startTime)
                if mask.isConvexPolygon {
                    let layer = placements[outer].layer
                    let numbers = mask.path.value(at: frame.compositionFrames[outer] - layer.startTime, offset: layer.startTime)
                    intersect(stride(from: 0, to: numbers.count - 5, by: 6).map { base in
                        Point(x: numbers[base] * m[0] + numbers[base + 1] * m[4] + m[12], y: numbers[base] * m[1] + numbers[base + 1] * m[5] + m[13])
                    })
                } else if own == nil {
                    own = self.mask(of: outer, rounded: rounded)
                    own?.opacity = 1
                }
            }
            if own == nil, let clip = matte(of: outer, rounded: rounded) {
                own = clip
            }
            container = placements[outer].container
        }
        guard let polygon else { return own.map { Clip(path: $0.path, evenOdd: $0.evenOdd, opacity: $0.opacity * opacity) } }
        func round(_ point: Point) -> Point {
            rounded ? Point(x: LottieDrawing.round(point.x), y: LottieDrawing.round(point.y)) : point
        }
        var path = Path()
        let contours = own.map { LottieClipping.polygons(of: $0.path).map { LottieClipping.clip($0, by: polygon) } } ?? [polygon]
        for contour in contours where contour.count >= 3 {
            do throws(PathError) {
                try path.move(to: round(contour[0]))
                for point in contour.dropFirst() { try path.addLine(to: round(point)) }
                path.closeSubpath()
            } catch {
                continue
            }
        }
        return Clip(path: path, evenOdd: own?.evenOdd ?? false, opacity: (own?.opacity ?? 1) * opacity)
    }

    /// The scene that draws the paints in ``drawOrder`` (of the placements `shown` says): the
    /// file's size, transparent, one path layer per paint named `P#K`, bound to the channels
    /// `P#K.path`, `P#K.opacity` and, where `colorChannel` and `widthChannel` say so, `P#K.color`
    /// and a stroke's `P#K.width`.
    func scene(
        width: Double, height: Double, first: (_ placement: Int, _ paint: Int) -> PaintValue,
        colorChannel: (_ placement: Int, _ paint: Int) -> Bool, widthChannel: (_ placement: Int, _ paint: Int) -> Bool,
        dashChannel: (_ placement: Int, _ paint: Int) -> Bool = { _, _ in false },
        gradientChannel: (_ placement: Int, _ paint: Int) -> Bool = { _, _ in false },
        dashLengthsChannel: (_ placement: Int, _ paint: Int) -> Bool = { _, _ in false },
        mask: (_ placement: Int) -> (clip: Clip, bound: Bool)? = { _ in nil }, shown: (_ placement: Int) -> Bool = { _ in true }
    ) -> JSONValue {
        var layers: [JSONValue] = []
        var masksDrawn = Set<Int>()
        for (index, number) in drawOrder where shown(index) {
            // Before a placement's first paint, the masks of it and of the precompositions around it.
            var chain: [Int] = []
            var current: Int? = index
            while let at = current {
                chain.append(at)
                current = placements[at].container
            }
            for at in chain.reversed() where masksDrawn.insert(at).inserted {
                guard let layout = maskLayout(of: at) else { continue }
                for (name, item, group) in layout.layers {
                    let value = compositedMask(at, item: item, rounded: false)
                    let white = item.map { placements[at].layer.drawing.compositedMask!.items[$0].operation != .subtract } ?? true
                    var bindings: [(key: String, value: JSONValue)] = [("path", .string(name))]
                    if item != nil { bindings.append(("opacity", .string(name + ".opacity"))) }
                    layers.append(.object([
                        ("name", .string(name)), ("shape", .string("path")),
                        ("path", .string(value.path.isEmpty ? "M 0 0" : value.path.svgPathData)),
                        ("frame", .array([.number(0), .number(0), .number(width), .number(height)])),
                        ("fill", .string(white ? "#FFFFFF" : "#000000")), ("opacity", .number(value.opacity)),
                        ("group", .string(group)), ("bind", .object(bindings)),
                    ]))
                }
            }
            let paint = placements[index].layer.drawing.paints[number]
            let value = first(index, number)
            let name = "\(placements[index].path)#\(number)"
            let color = value.image?.jsonValue ?? value.gradient?.jsonValue
                ?? JSONValue.string(Color(red: value.rgb[0], green: value.rgb[1], blue: value.rgb[2]).hexString)
            let bound = value.gradient == nil && value.image == nil && colorChannel(index, number)
            // An image's placement is bound where a gradient's would be.
            let imageBound = value.image != nil && gradientChannel(index, number)
            let gradientBound = value.gradient != nil && gradientChannel(index, number)
            var members: [(key: String, value: JSONValue)] = [
                ("name", .string(name)), ("shape", .string("path")),
                ("path", .string(value.path.isEmpty ? "M 0 0" : value.path.svgPathData)),
                ("frame", .array([.number(0), .number(0), .number(width), .number(height)])),
            ]
            var bindings: [(key: String, value: JSONValue)] = [("path", .string(name + ".path")), ("opacity", .string(name + ".opacity"))]
            if paint.strokeWidth != nil {
                members += [("fill", .string("none")), ("stroke", color), ("strokeWidth", .number(value.strokeWidth))]
                if paint.lineCap != .butt { members.append(("lineCap", .string(paint.lineCap.rawValue))) }
                if paint.lineJoin != .miter { members.append(("lineJoin", .string(paint.lineJoin.rawValue))) }
                if paint.miterLimit != 4 { members.append(("miterLimit", .number(paint.miterLimit))) }
                if !value.dashes.isEmpty {
                    members.append(("dashes", .array(value.dashes.map(JSONValue.number))))
                    if value.dashOffset != 0 { members.append(("dashOffset", .number(value.dashOffset))) }
                    if dashChannel(index, number) { bindings.append(("dashOffset", .string(name + ".dashOffset"))) }
                    if dashLengthsChannel(index, number), value.dashes.count == paint.dashes.count {
                        bindings.append(("dashes", .string(name + ".dashes")))
                    }
                }
                if bound { bindings.append(("stroke", .string(name + ".color"))) }
                if gradientBound { bindings.append(("strokeGradient", .string(name + ".gradient"))) }
                if widthChannel(index, number) { bindings.append(("strokeWidth", .string(name + ".width"))) }
            } else {
                members.append(("fill", color))
                if paint.evenOdd { members.append(("fillRule", .string("evenodd"))) }
                if bound { bindings.append(("fill", .string(name + ".color"))) }
                if gradientBound { bindings.append(("fillGradient", .string(name + ".gradient"))) }
                if imageBound { bindings.append(("fillImage", .string(name + ".image"))) }
            }
            if let (clip, bound) = mask(index) {
                // The layer's mask clips each of its paints (an empty outline hides everything).
                var object: [(key: String, value: JSONValue)] = [("path", .string(clip.path.isEmpty ? "M 0 0" : clip.path.svgPathData))]
                if clip.evenOdd { object.append(("fillRule", .string("evenodd"))) }
                if clip.opacity < 1 { object.append(("opacity", .number(clip.opacity))) }
                members.append(("mask", .object(object)))
                if bound {
                    bindings.append(("maskPath", .string("\(placements[index].path).clip")))
                    bindings.append(("maskOpacity", .string("\(placements[index].path).clipOpacity")))
                }
            }
            if paint.blendMode != 0 {
                members.append(("group", .string(name)))
            } else if let group = innerGroup(of: index) {
                members.append(("group", .string(group)))
            }
            members.append(("bind", .object(bindings)))
            layers.append(.object(members))
        }
        var scene: [(key: String, value: JSONValue)] = [
            ("size", .array([.number(width), .number(height)])),
            ("background", .string("#00000000")), ("layers", .array(layers)),
        ]
        let groups = sceneGroups(shown: shown)
        if !groups.isEmpty { scene.append(("groups", .array(groups))) }
        return .object(scene)
    }

    /// The scene groups of the placements that need one (``needsGroup(_:)``), named by their
    /// paths, and of the paints that blend (`P#K`): blend modes, composited mattes (the matte
    /// layer's group, by its path), precompositions isolated.
    func sceneGroups(shown: (_ placement: Int) -> Bool = { _ in true }) -> [JSONValue] {
        func blend(_ mode: Int) -> (key: String, value: JSONValue)? {
            mode == 0 ? nil : ("blendMode", .string(SceneGroup.BlendMode.allCases[mode].rawValue))
        }
        var groups: [JSONValue] = []
        for (index, placement) in placements.enumerated() where needsGroup(index) {
            var members: [(key: String, value: JSONValue)] = [("name", .string(placement.path))]
            if let parent = outerGroup(of: index) { members.append(("parent", .string(parent))) }
            if let mode = blend(placement.layer.drawing.blendMode) { members.append(mode) }
            if let matte = placement.layer.drawing.matte, matte.composited, let source = matteOf[index] {
                members.append(("matte", .object([("group", .string(placements[source].path)), ("mode", .string(matte.sceneMode.rawValue))])))
            }
            if placement.layer.composition != nil && placements.contains(where: { $0.container == index && $0.layer.drawing.blendMode != 0 }) {
                members.append(("isolated", .bool(true)))
            }
            if let shadow = placement.layer.drawing.dropShadow {
                let layer = placement.layer
                let value = dropShadow(of: index)
                let color = shadow.color(at: frame.compositionFrames[index] - layer.startTime, offset: layer.startTime)
                members.append(("shadow", .object([
                    ("color", .string(color.hexString)), ("opacity", .number(value.opacity)), ("radius", .number(value.radius)),
                    ("offset", .array([.number(value.dx), .number(value.dy)])),
                ])))
                // lottie-web's filter region: the layer's bounding box.
                members.append(("shadowWithinBounds", .bool(true)))
            }
            if placement.layer.drawing.blur != nil {
                let value = effectValues(of: index)
                members.append(("blur", .array([.number(value[0]), .number(value[1])])))
            }
            if composesOpacity[index], let value = effectValues(of: index).last {
                members.append(("opacity", .number(value)))
            }
            let effects = effectChannels(of: index)
            if !effects.isEmpty {
                members.append(("bind", .object(effects.map { ($0.property.rawValue, .string(placement.path + $0.suffix)) })))
            }
            groups.append(.object(members))
        }
        for index in maskedPlacements {
            for (name, parent, matte) in maskLayout(of: index)?.groups ?? [] {
                var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
                if let parent { members.append(("parent", .string(parent))) }
                if let matte { members.append(("matte", .object([("group", .string(matte.group)), ("mode", .string(matte.mode.rawValue))]))) }
                groups.append(.object(members))
            }
        }
        for (index, number) in drawOrder where shown(index) {
            let paint = placements[index].layer.drawing.paints[number]
            guard let mode = blend(paint.blendMode) else { continue }
            var members: [(key: String, value: JSONValue)] = [("name", .string("\(placements[index].path)#\(number)"))]
            if let parent = innerGroup(of: index) { members.append(("parent", .string(parent))) }
            members.append(mode)
            groups.append(.object(members))
        }
        return groups
    }
}

/// What a Lottie file draws, as a ``FrameSource`` evaluated exactly at any time: the paths,
/// colours and opacities of its fills and strokes, and ``scene``, which draws them (what
/// `cadence render FILE --format png|mp4|html|…` draws for a Lottie file).
///
/// Channels: `lottie.frame` (the file's frame shown), and for each paint drawn (`P#K`: paint `K`
/// of the layer at position path `P`) `P#K.path`, `P#K.opacity`, `P#K.color` and, for a stroke,
/// `P#K.width` (its width after the transform) and, dashed, `P#K.dashOffset` (and `P#K.dashes`
/// when the lengths change); for a gradient,
/// `P#K.gradient` (``SceneLayer/Gradient/channelNumbers``: its points in the paint's group, the
/// group's matrix into the composition, and its stops, colour and opacity stops merged); for a layer that a
/// mask, a track matte or a precomposition clips, `P.clip` (the outline that clips it, in the
/// composition) and `P.clipOpacity` (the opacity it shows the layer at).
/// Frame `n` of a
/// render at `rate` frames per second shows the file's frame `ip + n × fr / rate`, computed from the
/// file's curves (``LottieProgram``: the exact mode's numbers), not from frames baked before; every
/// frame stands on its own.
///
/// ```swift
/// let animation = try LottieAnimation(parsing: text, file: "loader.json")
/// var source = LottieDrawingSource(animation)
/// let scene = source.scene                           // for a preview, pictures or a video
/// ```
public struct LottieDrawingSource: FrameSource, Sendable {
    /// The animation drawn.
    public let animation: LottieAnimation
    /// The channels.
    public let schema: FrameSchema
    /// The scene that draws the channels: a document's `"scene"` ([Scenes](Scenes.md)).
    public let scene: JSONValue
    /// What the drawing leaves out (masks, mattes, gradients, …), each feature once with the JSON
    /// path of its first use (as ``LottieImport/warnings``).
    public var warnings: [DocumentError] { animation.drawingNotes.warnings(file: animation.file) }
    private var pass: LottieDrawingPass
    private let order: [(placement: Int, paint: Int)]
    /// For each stroke (its position in `order`), the index of its `.width` channel.
    private let widthChannels: [Int: Int]
    /// For each dashed stroke (its position in `order`), the index of its `.dashOffset` channel.
    private let dashChannels: [Int: Int]
    /// For each gradient paint (its position in `order`), the index of its `.gradient` channel.
    private let gradientChannels: [Int: Int]
    /// For each stroke whose dash lengths change (its position in `order`), the index of its
    /// `.dashes` channel.
    private let dashLengthChannels: [Int: Int]
    /// Each drawn placement that something clips, and the index of its `.clip` channel.
    private let maskChannels: [(placement: Int, channel: Int)]
    /// Each layer of a composited mask (``LottieDrawingPass/maskLayout(of:)``): its placement, its
    /// mask (`nil` for the rectangle) and the index of its path channel (its opacity's follows).
    private let compositedMaskChannels: [(placement: Int, item: Int?, channel: Int)]
    /// Each placement with an effect drawn and the index of its first channel (in the order of
    /// ``LottieDrawingPass/effectChannels(of:)``).
    private let effectChannels: [(placement: Int, channel: Int)]
    /// Each paint's first channel (its path), in `order`.
    private let firstChannels: [Int]
    private var framesPerFrame = 1.0

    /// The most vertices a frame of a file may draw (``LottieAnimation/mostVerticesPerFrame``, an
    /// upper bound) for `cadence` to draw it: 1,000,000, a hundred times the most in the public
    /// corpus of designers' files (9,076). Past it, `cadence render` refuses to draw the file and
    /// names the bound; its values still render.
    public static let maximumVerticesPerFrame = 1_000_000

    /// A source for an animation.
    public init(_ animation: LottieAnimation) {
        self.animation = animation
        var pass = LottieDrawingPass(animation)
        order = pass.drawOrder
        var channels: [(name: String, kind: FrameSchema.Kind)] = [("lottie.frame", .scalar)]
        var widths: [Int: Int] = [:]
        var firsts: [Int] = []
        var dashes: [Int: Int] = [:]
        var gradients: [Int: Int] = [:]
        var dashLengths: [Int: Int] = [:]
        var masks: [(placement: Int, channel: Int)] = []
        for index in Set(order.map(\.placement)).sorted() where pass.isClipped(index) {
            masks.append((index, channels.count))
            channels.append(("\(pass.placements[index].path).clip", .path))
            channels.append(("\(pass.placements[index].path).clipOpacity", .scalar))
        }
        var compositedMasks: [(placement: Int, item: Int?, channel: Int)] = []
        for index in pass.maskedPlacements {
            for (name, item, _) in pass.maskLayout(of: index)?.layers ?? [] {
                compositedMasks.append((index, item, channels.count))
                channels.append((name, .path))
                if item != nil { channels.append((name + ".opacity", .scalar)) }
            }
        }
        compositedMaskChannels = compositedMasks
        var effects: [(placement: Int, channel: Int)] = []
        for index in pass.effectPlacements {
            effects.append((index, channels.count))
            for (suffix, _) in pass.effectChannels(of: index) { channels.append((pass.placements[index].path + suffix, .scalar)) }
        }
        effectChannels = effects
        for (position, (index, number)) in order.enumerated() {
            let name = "\(pass.placements[index].path)#\(number)"
            firsts.append(channels.count)
            channels += [(name + ".path", .path), (name + ".opacity", .scalar), (name + ".color", .color)]
            let paint = pass.placements[index].layer.drawing.paints[number]
            if let gradient = paint.gradient {
                gradients[position] = channels.count
                channels.append((name + ".gradient", .vector(SceneLayer.Gradient.channelCount(stops: gradient.stopCount))))
            } else if paint.image != nil {
                gradients[position] = channels.count
                channels.append((name + ".image", .vector(SceneLayer.ImageFill.channelCount)))
            }
            if paint.strokeWidth != nil {
                widths[position] = channels.count
                channels.append((name + ".width", .scalar))
                if !paint.dashes.isEmpty {
                    dashes[position] = channels.count
                    channels.append((name + ".dashOffset", .scalar))
                    if paint.dashes.contains(where: { !$0.keyframes.isEmpty }) {
                        dashLengths[position] = channels.count
                        channels.append((name + ".dashes", .vector(paint.dashes.count)))
                    }
                }
            }
        }
        widthChannels = widths
        dashChannels = dashes
        gradientChannels = gradients
        dashLengthChannels = dashLengths
        maskChannels = masks
        firstChannels = firsts
        schema = FrameSchema(channels)
        pass.update(at: animation.inPoint)
        let first = pass
        scene = pass.scene(
            width: animation.width, height: animation.height, first: { first.paint($1, of: $0, rounded: false) },
            colorChannel: { _, _ in true }, widthChannel: { first.placements[$0].layer.drawing.paints[$1].strokeWidth != nil },
            dashChannel: { !first.placements[$0].layer.drawing.paints[$1].dashes.isEmpty },
            gradientChannel: { first.placements[$0].layer.drawing.paints[$1].gradient != nil || first.placements[$0].layer.drawing.paints[$1].image != nil },
            dashLengthsChannel: { first.placements[$0].layer.drawing.paints[$1].dashes.contains { !$0.keyframes.isEmpty } },
            mask: { index in first.clip(of: index, rounded: false).map { ($0, true) } })
        self.pass = pass
    }

    /// Frames `ip` to the last before `op`, in seconds from `ip`.
    public var duration: Double {
        max(0, (animation.outPoint - animation.inPoint).rounded(.up) - 1) / animation.frameRate
    }

    /// `true`: a frame depends only on its time.
    public var isSeekable: Bool { true }

    /// Notes the host's frame rate: frame `n` shows the file's frame `ip + n × fr / rate`.
    public mutating func begin(frameRate: FrameRate) {
        // At the file's own rate (which FrameRate may hold as an exact ratio, 29.97 as 30000/1001),
        // frame n is the file's frame ip + n exactly.
        framesPerFrame = FrameRate(framesPerSecond: animation.frameRate) == frameRate
            ? 1 : animation.frameRate * Double(frameRate.denominator) / Double(frameRate.numerator)
    }

    /// Computes a frame's paths, colours and opacities.
    public mutating func evaluate(into output: inout Frame) throws {
        let frame = animation.inPoint + Double(output.index) * framesPerFrame
        pass.update(at: frame)
        let channels = schema.channels
        output.numbers[channels[0].offset] = frame
        for (index, channel) in effectChannels {
            for (place, number) in pass.effectValues(of: index).enumerated() { output.numbers[channels[channel + place].offset] = number }
        }
        for (index, item, channel) in compositedMaskChannels {
            let value = pass.compositedMask(index, item: item, rounded: false)
            output.paths[channels[channel].offset] = value.path
            if item != nil { output.numbers[channels[channel + 1].offset] = value.opacity }
        }
        for (index, channel) in maskChannels {
            let clip = pass.clip(of: index, rounded: false)
            output.paths[channels[channel].offset] = clip?.path ?? Path()
            output.numbers[channels[channel + 1].offset] = clip?.opacity ?? 1
        }
        for (position, (index, number)) in order.enumerated() {
            let value = pass.paint(number, of: index, rounded: false)
            let first = firstChannels[position]
            let path = channels[first], opacity = channels[first + 1], color = channels[first + 2]
            if let width = widthChannels[position] { output.numbers[channels[width].offset] = value.strokeWidth }
            if let dash = dashChannels[position] { output.numbers[channels[dash].offset] = value.dashOffset }
            if let lengths = dashLengthChannels[position], case .vector(let count) = channels[lengths].kind {
                // Lengths SVG cannot use (drawn solid there) leave the scene's.
                for index in 0..<count {
                    output.numbers[channels[lengths].offset + index] = index < value.dashes.count && value.dashes.count == count ? value.dashes[index] : .nan
                }
            }
            if let channel = gradientChannels[position], let numbers = value.gradient?.channelNumbers ?? value.image?.channelNumbers {
                let start = channels[channel].offset
                for (place, number) in numbers.enumerated() { output.numbers[start + place] = number }
            }
            output.paths[path.offset] = value.path
            output.numbers[opacity.offset] = value.opacity
            output.numbers[color.offset] = value.rgb[0]
            output.numbers[color.offset + 1] = value.rgb[1]
            output.numbers[color.offset + 2] = value.rgb[2]
            output.numbers[color.offset + 3] = 1
        }
    }
}
