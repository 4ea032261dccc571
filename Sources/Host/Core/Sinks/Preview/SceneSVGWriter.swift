import Timeline
import TimelinePlugins
import CadenceIO

/// Draws resolved scene layers as SVG elements: the drawing shared by the SVG contact sheet and
/// documented in `Docs/Scenes.md` (the HTML preview's script draws the same elements).
///
/// Each visible layer is a group with the layer's matrix, opacity and mask (`clip-path`, with the
/// mask's `clip-rule`), holding the shadow (the outline in the shadow's colour and opacity, offset,
/// blurred by a Gaussian filter with standard deviation `radius / 2`) and then the outline itself.
/// Numbers are rounded to 4 decimal places, so the output is the same on every run.
enum SceneSVGWriter {
    /// Appends the scene's background and visible layers, in scene coordinates.
    ///
    /// - Parameters:
    ///   - layers: The layers, back to front.
    ///   - scene: The scene (its size and background).
    ///   - prefix: Makes the `id`s of masks and filters unique in the document (`c3-`).
    ///   - svg: The text to append to.
    ///   - groups: The scene's groups at the frame (``BoundScene/groups(at:)``); each is a `<g>`
    ///     with its opacity, `mix-blend-mode` and matte (`mask`), and a matte group is a `<mask>`.
    static func draw(_ layers: [ResolvedLayer], groups: [ResolvedGroup] = [], of scene: Scene, prefix: String, into svg: inout String) {
        svg += "<rect width=\"\(number(scene.size.width))\" height=\"\(number(scene.size.height))\"\(paint(scene.background, "fill"))/>\n"
        var open: [Int] = [], chain: [Int] = []
        var written = Set<Int>()
        for layer in layers where layer.isVisible {
            ResolvedGroup.chain(of: layer.group, in: groups, into: &chain)
            var shared = 0
            while shared < open.count, shared < chain.count, open[shared] == chain[shared] { shared += 1 }
            while open.count > shared { svg += closing(of: open.removeLast(), groups) }
            for index in chain[shared...] {
                svg += opening(of: index, groups, scene: scene, prefix: prefix)
                open.append(index)
                written.insert(index)
            }
            draw(layer, scene: scene, prefix: prefix, into: &svg)
        }
        while let index = open.popLast() { svg += closing(of: index, groups) }
        // A matte with nothing drawn is still there, empty: it hides everything (or, inverted, nothing).
        for (index, group) in groups.enumerated() where group.isMatte && !written.contains(index) {
            svg += opening(of: index, groups, scene: scene, prefix: prefix) + closing(of: index, groups)
        }
    }

    /// How a matte group is read: the mode of the first group that uses it.
    private static func matteMode(of index: Int, _ groups: [ResolvedGroup]) -> SceneGroup.MatteMode {
        groups.lazy.compactMap { $0.matte }.first { $0.group == index }?.mode ?? .alpha
    }

    /// A group's drop shadow filter (``SceneGroup/shadow``), or `nil` for none.
    private static func shadowFilter(of group: ResolvedGroup, id: String, scene: Scene) -> String? {
        guard let shadow = group.shadow, shadow.opacity > 0 else { return nil }
        let pad = 3 * max(shadow.radius, 0) / 2 + abs(shadow.offset.x) + abs(shadow.offset.y) + max(scene.size.width, scene.size.height)
        let region = "x=\"\(number(-pad))\" y=\"\(number(-pad))\" width=\"\(number(scene.size.width + 2 * pad))\" height=\"\(number(scene.size.height + 2 * pad))\""
        let color = shadow.color.clamped()
        let units = group.shadowWithinBounds ? "x=\"0\" y=\"0\" width=\"1\" height=\"1\"" : "filterUnits=\"userSpaceOnUse\" \(region)"
        return "<filter id=\"\(id)-shadow\" \(units) color-interpolation-filters=\"sRGB\">"
            + "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(number(max(shadow.radius, 0) / 2))\"/>"
            + "<feOffset dx=\"\(number(shadow.offset.x))\" dy=\"\(number(shadow.offset.y))\" result=\"shadow\"/>"
            + "<feFlood flood-color=\"\(Color(red: color.red, green: color.green, blue: color.blue).hexString)\" flood-opacity=\"\(number(color.alpha * min(shadow.opacity, 1)))\"/>"
            + "<feComposite in2=\"shadow\" operator=\"in\"/><feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>\n"
    }

    /// A group's blur filter (``SceneGroup/blurX``), or `nil` for none.
    private static func blurFilter(of group: ResolvedGroup, id: String, scene: Scene) -> String? {
        guard group.blurX > 0 || group.blurY > 0 else { return nil }
        let pad = 3 * max(group.blurX, group.blurY) + max(scene.size.width, scene.size.height)
        return "<filter id=\"\(id)-blur\" filterUnits=\"userSpaceOnUse\" x=\"\(number(-pad))\" y=\"\(number(-pad))\" "
            + "width=\"\(number(scene.size.width + 2 * pad))\" height=\"\(number(scene.size.height + 2 * pad))\" color-interpolation-filters=\"sRGB\">"
            + "<feGaussianBlur stdDeviation=\"\(number(group.blurX)) \(number(group.blurY))\"/></filter>\n"
    }

    /// A group's opening tags: a `<g>`, or for a matte, its `<mask>` (and the filter that inverts it).
    private static func opening(of index: Int, _ groups: [ResolvedGroup], scene: Scene, prefix: String) -> String {
        let group = groups[index], id = "\(prefix)g\(index)"
        let shadow = shadowFilter(of: group, id: id, scene: scene)
        let blur = blurFilter(of: group, id: id, scene: scene)
        guard group.isMatte else {
            // A blur is a <g> of its own inside the group's (its filter comes first).
            var tag = (shadow ?? "") + (blur ?? "") + "<g data-group=\"\(escape(group.name))\""
            if group.opacity < 1 { tag += " opacity=\"\(number(group.opacity))\"" }
            if group.blendMode != .normal { tag += " style=\"mix-blend-mode:\(group.blendMode.rawValue)\"" }
            if group.isolated && group.blendMode == .normal { tag += " style=\"isolation:isolate\"" }
            if let matte = group.matte { tag += " mask=\"url(#\(prefix)g\(matte.group))\"" }
            if shadow != nil { tag += " filter=\"url(#\(id)-shadow)\"" }
            tag += ">\n"
            if blur != nil { tag += "<g filter=\"url(#\(id)-blur)\">\n" }
            return tag
        }
        // The region: the scene grown by its larger side all round.
        let pad = max(scene.size.width, scene.size.height)
        let region = "x=\"\(number(-pad))\" y=\"\(number(-pad))\" width=\"\(number(scene.size.width + 2 * pad))\" height=\"\(number(scene.size.height + 2 * pad))\""
        let mode = matteMode(of: index, groups)
        var tag = ""
        if mode == .alphaInverted || mode == .luminanceInverted {
            // The matte's alpha (or its luminance times its alpha) inverted, over the whole region.
            tag += "<filter id=\"\(id)-invert\" filterUnits=\"userSpaceOnUse\" \(region) color-interpolation-filters=\"sRGB\">"
            if mode == .luminanceInverted {
                tag += "<feColorMatrix type=\"matrix\" values=\"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.2125 0.7154 0.0721 0 0\" result=\"luminance\"/>"
                    + "<feComposite in=\"luminance\" in2=\"SourceGraphic\" operator=\"in\"/>"
            }
            tag += "<feComponentTransfer><feFuncA type=\"table\" tableValues=\"1 0\"/></feComponentTransfer></filter>\n"
        }
        let type = mode == .luminance ? "luminance" : "alpha"
        tag += "<mask id=\"\(id)\" data-group=\"\(escape(group.name))\" mask-type=\"\(type)\" maskUnits=\"userSpaceOnUse\" \(region)>\n"
        if mode == .alphaInverted || mode == .luminanceInverted {
            tag += "<g filter=\"url(#\(id)-invert)\"><rect \(region) fill=\"#FFFFFF\" opacity=\"0\"/>\n"
        }
        if group.opacity < 1 { tag += "<g opacity=\"\(number(group.opacity))\">\n" }
        if shadow != nil { tag += "<g filter=\"url(#\(id)-shadow)\">\n" }
        if blur != nil { tag += "<g filter=\"url(#\(id)-blur)\">\n" }
        return (shadow ?? "") + (blur ?? "") + tag
    }

    /// A group's closing tags.
    private static func closing(of index: Int, _ groups: [ResolvedGroup]) -> String {
        let group = groups[index]
        let blur = group.blurX > 0 || group.blurY > 0 ? "</g>" : ""
        guard group.isMatte else { return blur + "</g>\n" }
        let mode = matteMode(of: index, groups)
        let shadow = group.shadow.map { $0.opacity > 0 } ?? false
        return blur + (shadow ? "</g>" : "") + (group.opacity < 1 ? "</g>" : "") + (mode == .alphaInverted || mode == .luminanceInverted ? "</g>" : "")
            + "</mask>\n"
    }

    private static func draw(_ layer: ResolvedLayer, scene: Scene, prefix: String, into svg: inout String) {
        let id = "\(prefix)l\(layer.index)"
        if let mask = layer.mask {
            if mask.opacity < 1 {
                // A translucent mask is an SVG mask: a white fill at its opacity, over the whole
                // user space (a mask's region is otherwise the element's box grown by 10 %).
                svg += "<mask id=\"\(id)-mask\" maskUnits=\"userSpaceOnUse\" x=\"-1000000\" y=\"-1000000\" width=\"2000000\" height=\"2000000\">"
                    + "<path d=\"\(escape(mask.path.svgPathData))\" fill=\"#FFFFFF\" fill-opacity=\"\(number(max(mask.opacity, 0)))\" fill-rule=\"\(mask.fillRule)\"/></mask>\n"
            } else {
                svg += "<clipPath id=\"\(id)-mask\"><path d=\"\(escape(mask.path.svgPathData))\" clip-rule=\"\(mask.fillRule)\"/></clipPath>\n"
            }
        }
        if let shadow = layer.shadow, shadow.radius > 0, shadow.opacity > 0 {
            // The filter region: the scene and the layer's frame, widened by the blur and the offset.
            let pad = 3 * shadow.radius / 2 + abs(shadow.offset.x) + abs(shadow.offset.y) + max(scene.size.width, scene.size.height) / 2
            let minX = min(0, layer.frame.minX) - pad, minY = min(0, layer.frame.minY) - pad
            let maxX = max(scene.size.width, layer.frame.maxX) + pad, maxY = max(scene.size.height, layer.frame.maxY) + pad
            svg += "<filter id=\"\(id)-blur\" filterUnits=\"userSpaceOnUse\" x=\"\(number(minX))\" y=\"\(number(minY))\" "
                + "width=\"\(number(maxX - minX))\" height=\"\(number(maxY - minY))\">"
                + "<feGaussianBlur stdDeviation=\"\(number(shadow.radius / 2))\"/></filter>\n"
        }
        if let gradient = layer.fillGradient, layer.fillImage == nil { svg += definition(of: gradient, id: "\(id)-fill") }
        if layer.fillImage != nil {
            // An image fill: the image clipped to the outline (the rasteriser draws nothing outside
            // the image, where a pattern would repeat it).
            svg += "<clipPath id=\"\(id)-image\">"
            var clip = ""
            if case .path(_, .evenOdd) = layer.outline { element(layer.outline, attributes: " clip-rule=\"evenodd\"", into: &clip) } else { element(layer.outline, attributes: "", into: &clip) }
            if clip.hasSuffix("\n") { clip.removeLast() }
            svg += clip + "</clipPath>\n"
        }
        if let gradient = layer.strokeGradient, layer.strokeWidth > 0 { svg += definition(of: gradient, id: "\(id)-stroke") }
        svg += "<g data-layer=\"\(escape(layer.name))\""
        if layer.matrix != .identity {
            let m = layer.matrix
            svg += " transform=\"matrix(\([m.a, m.b, m.c, m.d, m.tx, m.ty].map(number).joined(separator: " ")))\""
        }
        if layer.opacity < 1 { svg += " opacity=\"\(number(layer.opacity))\"" }
        if let mask = layer.mask { svg += mask.opacity < 1 ? " mask=\"url(#\(id)-mask)\"" : " clip-path=\"url(#\(id)-mask)\"" }
        svg += ">\n"
        if let shadow = layer.shadow, shadow.opacity > 0 {
            let outline = shadow.path.map { ResolvedLayer.Outline.path($0, fillRule: .nonZero) } ?? layer.outline
            var attributes = paint(shadow.color.withAlpha(shadow.color.alpha * shadow.opacity), "fill")
            if shadow.offset != .zero {
                attributes += " transform=\"translate(\(number(shadow.offset.x)) \(number(shadow.offset.y)))\""
            }
            if shadow.radius > 0 { attributes += " filter=\"url(#\(id)-blur)\"" }
            element(outline, attributes: attributes, into: &svg)
        }
        if let image = layer.fillImage {
            let m = image.transform
            svg += "<image clip-path=\"url(#\(id)-image)\" width=\"\(image.image.width)\" height=\"\(image.image.height)\" preserveAspectRatio=\"none\""
                + " transform=\"matrix(\([m.a, m.b, m.c, m.d, m.tx, m.ty].map(number).joined(separator: " ")))\" href=\"\(image.image.dataURI)\"/>\n"
        }
        var attributes = layer.fillImage != nil ? " fill=\"none\"" : layer.fillGradient == nil ? paint(layer.fill, "fill") : " fill=\"url(#\(id)-fill)\""
        if layer.strokeGradient != nil || layer.stroke != nil, layer.strokeWidth > 0 {
            attributes += layer.strokeGradient == nil ? paint(layer.stroke, "stroke") : " stroke=\"url(#\(id)-stroke)\""
            attributes += " stroke-width=\"\(number(layer.strokeWidth))\""
            if layer.lineCap != .butt { attributes += " stroke-linecap=\"\(layer.lineCap.rawValue)\"" }
            if layer.lineJoin != .miter { attributes += " stroke-linejoin=\"\(layer.lineJoin.rawValue)\"" }
            if layer.miterLimit != 4 { attributes += " stroke-miterlimit=\"\(number(layer.miterLimit))\"" }
            if !layer.dashes.isEmpty {
                attributes += " stroke-dasharray=\"\(layer.dashes.map(number).joined(separator: " "))\""
                if layer.dashOffset != 0 { attributes += " stroke-dashoffset=\"\(number(layer.dashOffset))\"" }
            }
        }
        element(layer.outline, attributes: attributes, into: &svg)
        svg += "</g>\n"
    }

    /// A gradient's element: `userSpaceOnUse`, `pad`, its transform and its stops (colours to 8
    /// bits, opacities as given); a radial gradient's focus moved just inside its circle, as
    /// Cadence's rasteriser draws it.
    static func definition(of gradient: SceneLayer.Gradient, id: String) -> String {
        let start = gradient.start, end = gradient.end
        var svg: String
        switch gradient.kind {
        case .linear:
            svg = "<linearGradient id=\"\(id)\" x1=\"\(number(start.x))\" y1=\"\(number(start.y))\" x2=\"\(number(end.x))\" y2=\"\(number(end.y))\""
        case .radial:
            let radius = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
            var focus = gradient.focus ?? start
            let reach = ((focus.x - start.x) * (focus.x - start.x) + (focus.y - start.y) * (focus.y - start.y)).squareRoot()
            let inside = radius * (1 - 1.0 / 1024)
            if reach > inside, reach > 0 {
                focus = Point(x: start.x + (focus.x - start.x) * inside / reach, y: start.y + (focus.y - start.y) * inside / reach)
            }
            svg = "<radialGradient id=\"\(id)\" cx=\"\(number(start.x))\" cy=\"\(number(start.y))\" r=\"\(number(radius))\""
            if focus != start { svg += " fx=\"\(number(focus.x))\" fy=\"\(number(focus.y))\"" }
        }
        svg += " gradientUnits=\"userSpaceOnUse\""
        if gradient.transform != .identity {
            let m = gradient.transform
            svg += " gradientTransform=\"matrix(\([m.a, m.b, m.c, m.d, m.tx, m.ty].map(number).joined(separator: " ")))\""
        }
        svg += ">"
        for stop in gradient.stops {
            let color = stop.color.clamped()
            svg += "<stop offset=\"\(number(min(max(stop.offset, 0), 1)))\" stop-color=\"\(color.withAlpha(1).hexString.prefix(7))\""
            let opacity = min(max(color.alpha * stop.opacity, 0), 1)
            if opacity < 1 { svg += " stop-opacity=\"\(number(opacity))\"" }
            svg += "/>"
        }
        return svg + (gradient.kind == .linear ? "</linearGradient>\n" : "</radialGradient>\n")
    }

    /// One outline element with the given presentation attributes.
    private static func element(_ outline: ResolvedLayer.Outline, attributes: String, into svg: inout String) {
        switch outline {
        case .rectangle(let rect, let radius):
            svg += "<rect x=\"\(number(rect.minX))\" y=\"\(number(rect.minY))\" width=\"\(number(rect.width))\" height=\"\(number(rect.height))\""
            let r = min(radius, rect.width / 2, rect.height / 2)
            if r > 0 { svg += " rx=\"\(number(r))\"" }
        case .oval(let rect):
            svg += "<ellipse cx=\"\(number(rect.midX))\" cy=\"\(number(rect.midY))\" rx=\"\(number(rect.width / 2))\" ry=\"\(number(rect.height / 2))\""
        case .path(let path, let rule):
            guard !path.isEmpty else { return }
            svg += "<path d=\"\(escape(path.svgPathData))\""
            if rule == .evenOdd { svg += " fill-rule=\"evenodd\"" }
        }
        svg += attributes + "/>\n"
    }

    /// ` fill="#RRGGBB"` with ` fill-opacity` when not opaque; ` fill="none"` for no colour.
    static func paint(_ color: Color?, _ attribute: String) -> String {
        guard let color = color?.clamped(), color.alpha > 0 else { return " \(attribute)=\"none\"" }
        let hex = String(color.withAlpha(1).hexString.prefix(7))
        return " \(attribute)=\"\(hex)\"" + (color.alpha < 1 ? " \(attribute)-opacity=\"\(number(color.alpha))\"" : "")
    }

    /// A number rounded to 4 decimal places, in its shortest form (`-0` printed as `0`).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10_000).rounded() / 10_000
        return NumberFormat.string(rounded == 0 ? 0 : rounded)
    }

    /// One frame as a standalone SVG document of `width × height` pixels, the scene drawn through
    /// `transform` (scene coordinates to pixels, as ``PictureSize/pixels(for:)`` gives it): what
    /// `cadence render --format svg-frames` writes, and what a browser or `rsvg-convert` turns
    /// into the same picture as Cadence's own rasteriser.
    static func standalone(
        _ layers: [ResolvedLayer], groups: [ResolvedGroup] = [], of scene: Scene, width: Int, height: Int, transform: AffineMatrix
    ) -> String {
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        // Outside a fitted scene: its background.
        svg += "<rect width=\"\(width)\" height=\"\(height)\"\(paint(scene.background, "fill"))/>\n"
        let t = transform
        svg += "<g transform=\"matrix(\([t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: " ")))\">\n"
        draw(layers, groups: groups, of: scene, prefix: "", into: &svg)
        svg += "</g>\n</svg>\n"
        return svg
    }

    /// Text for an XML attribute or element: `&`, `<`, `>` and `"` escaped, and control characters
    /// (which XML does not allow at all) replaced by U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case _ where character.unicodeScalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }):
                result += "\u{FFFD}"
            default: result.append(character)
            }
        }
        return result
    }
}
