import CadenceIO
import CadenceHostCore
import Timeline

extension LottieAnimation.Reader {
    /// The most letters Cadence draws in one text layer, over all its documents: 10,000. A layer
    /// with more is a warning and is not drawn.
    static let mostTextLetters = 10_000

    /// A text layer's letters as paints: for each document and each letter with a glyph, a fill
    /// (when the document has `fc`) and a stroke (when it has `sc`, or an animator strokes it), each
    /// painting the glyph's paths, in the letters' order (lottie-web's: each letter's fill, then
    /// its stroke).
    mutating func readText(of layer: JSONCursor, into drawing: inout LottieDrawing) throws(DocumentError) {
        let textData = try layer.required("t")
        let keys = try textData.required("d").required("k").array()
        guard let chars else {
            // lottie-web draws such text in the browser's font of that name: Cadence has no font.
            for key in keys {
                let font = try key.required("s").child("f").map { cursor throws(DocumentError) in try cursor.string() } ?? ""
                let family = try fontRecord(named: font)?.family ?? font
                drawingNotes.add(
                    "text in fonts the file does not carry is not drawn: \"\(InputExcerpt.excerpt(family))\" (the file has no glyphs, \"chars\")",
                    at: key.path)
            }
            return
        }
        if let path = textData.child("p"), path.child("m") != nil {
            drawingNotes.add("text on a path is drawn on a straight line", at: path.path)
        }
        var text = LottieText()
        let more = textData.child("m")
        if let alignment = more?.child("a") { text.alignment = try property(alignment, multidimensional: true) }
        let grouping = Self.choice(try more?.child("g").map(LottieAnimation.finite) ?? 1)
        for animator in try textData.child("a")?.array() ?? [] {
            text.animators.append(try textAnimator(animator))
        }
        var glyphOfChar: [Int: Int] = [:]
        var lettersRead = 0
        for (number, key) in keys.enumerated() {
            let values = try key.required("s")
            let fontName = try values.child("f").map { cursor throws(DocumentError) in try cursor.string() } ?? ""
            guard let font = try fontRecord(named: fontName) else {
                drawingNotes.add("text layers whose file lists no fonts are not drawn", at: values.path)
                return
            }
            let from = try key.child("t").map(LottieAnimation.finite) ?? -Double.infinity
            var document = try textDocument(
                values, font: font, grouping: grouping, animators: text.animators, chars: chars, glyphs: glyphIndex(of: chars))
            document.from = from
            if number > 0 { text.documents[number - 1].until = from }
            lettersRead += document.letters.count
            guard lettersRead <= Self.mostTextLetters else {
                drawingNotes.add("text layers of more than \(Self.mostTextLetters) letters are not drawn", at: textData.path)
                return
            }
            for index in document.letters.indices {
                guard let charIndex = document.letters[index].glyph else { continue }
                if let known = glyphOfChar[charIndex] {
                    document.letters[index].glyph = known
                } else {
                    glyphOfChar[charIndex] = text.glyphs.count
                    document.letters[index].glyph = text.glyphs.count
                    text.glyphs.append(try glyphShape(chars[charIndex]))
                }
            }
            text.documents.append(document)
        }
        if text.animators.isEmpty, text.alignment.keyframes.isEmpty {
            for number in text.documents.indices {
                // The document's fixed matrices are still empty here, so state() computes them.
                let matrices = text.documents[number].letters.indices.map { text.state(document: number, letter: $0, at: 0, offset: 0).matrix }
                text.documents[number].fixedMatrices = matrices
            }
        }
        for (number, document) in text.documents.enumerated() {
            for (index, letter) in document.letters.enumerated() where !letter.isNewLine {
                guard let glyph = letter.glyph.map({ text.glyphs[$0] }), !glyph.paths.isEmpty else { continue }
                var transform = LottieAnimation.Transform()
                let place = LottieTextLetter(text: text, document: number, letter: index)
                transform.textLetter = place
                var outlines: [LottieDrawing.Outline] = []
                for (position, path) in glyph.paths.enumerated() {
                    let scale = position < glyph.scaledCount ? document.size / 100 : 1
                    let geometry = LottieDrawing.Geometry.path(LottieProperty(value: path.numbers.map { $0 * scale }, keyframes: []), closed: path.closed)
                    outlines.append(LottieDrawing.Outline(geometry: geometry, transforms: [transform], id: drawing.geometries.count))
                    drawing.geometries.append(geometry)
                }
                if let fill = document.fill {
                    var paint = LottieDrawing.Paint(
                        strokeWidth: nil, evenOdd: false, color: LottieProperty(value: fill, keyframes: []), colorScale: 1,
                        opacity: LottieProperty(value: [100], keyframes: []), groups: [transform])
                    if document.fillAnimated { paint.textLetter = place }
                    paint.outlines = outlines
                    drawing.paints.append(paint)
                }
                if document.stroke != nil || document.strokeAnimated {
                    var paint = LottieDrawing.Paint(
                        strokeWidth: LottieProperty(value: [document.strokeWidth], keyframes: []), evenOdd: false,
                        color: LottieProperty(value: document.stroke ?? [0, 0, 0], keyframes: []), colorScale: 1,
                        opacity: LottieProperty(value: [100], keyframes: []), groups: [transform])
                    // As lottie-web sets them on every letter.
                    paint.lineCap = .butt
                    paint.lineJoin = .round
                    paint.miterLimit = 4
                    if document.strokeAnimated || document.strokeWidthAnimated { paint.textLetter = place }
                    paint.outlines = outlines
                    drawing.paints.append(paint)
                }
            }
        }
    }

    /// A font of the file's list (`fonts.list`) by its name (`fName`), or the first (lottie-web's
    /// `getFontByName`); `nil` when the list is empty.
    private func fontRecord(named name: String) throws(DocumentError) -> (family: String, style: String, ascent: Double)? {
        guard let list = fonts?.child("list"), case .array = list.value else { return nil }
        let entries = try list.array()
        guard let font = entries.first(where: { $0.child("fName")?.value == .string(name) }) ?? entries.first else { return nil }
        func text(_ key: String) throws(DocumentError) -> String {
            try font.child(key).map { cursor throws(DocumentError) in try cursor.string() } ?? ""
        }
        return (try text("fFamily"), try text("fStyle"), try font.child("ascent").map(LottieAnimation.finite) ?? 0)
    }

    /// Each glyph's index in `chars` by its character, style and family (lottie-web's
    /// `getCharData` finds the first).
    private mutating func glyphIndex(of chars: [JSONCursor]) -> [String: Int] {
        if glyphIndex == nil {
            var index: [String: Int] = [:]
            for (position, char) in chars.enumerated() {
                func text(_ key: String) -> String {
                    if case .string(let value)? = char.child(key)?.value { return value }
                    return ""
                }
                let key = text("ch") + "\u{0}" + text("style") + "\u{0}" + text("fFamily")
                if index[key] == nil { index[key] = position }
            }
            glyphIndex = index
        }
        return glyphIndex ?? [:]
    }

    /// A glyph's paths (`data.shapes`, every `sh` in them), those of its first group scaled by the
    /// size as lottie-web scales them (it adds that group a transform, and sets its scale); none
    /// in files before version 4.7.99, whose glyphs lottie-web hides.
    private mutating func glyphShape(_ char: JSONCursor) throws(DocumentError) -> LottieText.Glyph {
        if try LottieAnimation.flag(char.child("t")) {
            drawingNotes.add("glyphs drawn from precompositions (\"t\": 1) are not drawn", at: char.path)
            return LottieText.Glyph(paths: [], scaledCount: 0)
        }
        // lottie-web draws a glyph as a shape layer that shows between the `ip` and `op` it adds
        // to glyphs of files from 4.7.99 on; older files' glyphs have none, and it hides them.
        guard glyphsShown else { return LottieText.Glyph(paths: [], scaledCount: 0) }
        let shapes = try char.child("data")?.child("shapes")?.array() ?? []
        var paths: [(numbers: [Double], closed: Bool)] = []
        func collect(_ items: [JSONCursor], depth: Int) throws(DocumentError) {
            guard depth < LottieAnimation.maximumNesting else { return }
            for item in items {
                switch item.child("ty")?.value {
                case .string("sh")?:
                    let ks = try item.required("ks")
                    let shape = try shapeProperty(ks)
                    var closed = false
                    if case .object = try ks.required("k").value { closed = try LottieAnimation.flag(try ks.required("k").child("c")) }
                    if !shape.keyframes.isEmpty { drawingNotes.add("glyphs whose paths change are drawn with their first path", at: ks.path) }
                    paths.append((shape.value, closed))
                case .string("gr")?:
                    try collect(try item.child("it")?.array() ?? [], depth: depth + 1)
                default: break
                }
            }
        }
        var scaledCount = 0
        if let first = shapes.first {
            try collect([first], depth: 0)
            if first.child("it") != nil { scaledCount = paths.count }
        }
        try collect(Array(shapes.dropFirst()), depth: 0)
        return LottieText.Glyph(paths: paths, scaledCount: scaledCount)
    }

    /// A text animator (`t.a[i]`).
    private func textAnimator(_ animator: JSONCursor) throws(DocumentError) -> LottieText.Animator {
        let selector = try animator.required("s")
        func constant(_ key: String, _ fallback: Double) throws(DocumentError) -> Double {
            try selector.child(key).map(LottieAnimation.finite) ?? fallback
        }
        func scalar(_ key: String, _ fallback: Double) throws(DocumentError) -> LottieProperty {
            try selector.child(key).map { cursor throws(DocumentError) in try property(cursor) } ?? LottieProperty(value: [fallback], keyframes: [])
        }
        let read = LottieText.Selector(
            start: try scalar("s", 0), end: try scalar("e", 100), offset: try scalar("o", 0), easeLow: try scalar("ne", 0),
            easeHigh: try scalar("xe", 0), smoothness: try scalar("sm", 100), amount: try scalar("a", 100),
            shape: Self.choice(try constant("sh", 1)), countsIndexes: try constant("r", 1) == 2, basedOn: Self.choice(try constant("b", 1)),
            randomized: try constant("rn", 0) == 1)
        let values = animator.child("a")
        func value(_ key: String, multidimensional: Bool = false) throws(DocumentError) -> LottieProperty? {
            try values?.child(key).map { cursor throws(DocumentError) in try property(cursor, multidimensional: multidimensional) }
        }
        return LottieText.Animator(
            selector: read, anchor: try value("a", multidimensional: true), position: try value("p", multidimensional: true),
            scale: try value("s", multidimensional: true), skew: try value("sk"), skewAxis: try value("sa"), rotation: try value("r"),
            rotationX: try value("rx"), rotationY: try value("ry"), opacity: try value("o"), strokeWidth: try value("sw"),
            strokeColor: try value("sc", multidimensional: true), fillColor: try value("fc", multidimensional: true), fillHue: try value("fh"),
            fillSaturation: try value("fs"), fillBrightness: try value("fb"), tracking: try value("t"))
    }

    /// A document laid out as lottie-web's `completeTextData` lays it out with glyphs.
    private mutating func textDocument(
        _ values: JSONCursor, font: (family: String, style: String, ascent: Double), grouping: Int, animators: [LottieText.Animator],
        chars: [JSONCursor], glyphs: [String: Int]
    ) throws(DocumentError) -> LottieText.Document {
        func number(_ key: String, _ fallback: Double) throws(DocumentError) -> Double {
            try values.child(key).map(LottieAnimation.finite) ?? fallback
        }
        func color(_ key: String) throws(DocumentError) -> [Double]? {
            guard let cursor = values.child(key) else { return nil }
            let numbers = try LottieAnimation.numbers(cursor)
            return numbers.count >= 3 ? LottieText.cssColor(numbers) : nil
        }
        let size = try number("s", 0)
        let content = try values.child("t").map { cursor throws(DocumentError) in try cursor.string() } ?? ""
        let tracking = try number("tr", 0) / 1000 * size
        let lineHeight = try number("lh", 0)
        var widths: [String: (width: Double, glyph: Int?)] = [:]
        func measure(_ character: String) throws(DocumentError) -> (width: Double, glyph: Int?) {
            if let known = widths[character] { return known }
            let index = glyphs[character + "\u{0}" + font.style + "\u{0}" + font.family]
            let width = try index.flatMap { chars[$0].child("w") }.map(LottieAnimation.finite) ?? 0
            widths[character] = (width, index)
            return (width, index)
        }
        func isBreak(_ character: String) -> Bool { character == "\r" || character == "\u{3}" }
        var characters = Self.textCharacters(content)
        var box: [Double]?
        if let sizeCursor = values.child("sz") {
            let boxSize = try LottieAnimation.numbers(sizeCursor)
            box = boxSize
            let boxWidth = boxSize.first ?? 0
            var lineWidth = 0.0, lastSpace = -1, index = 0
            var wrapped = characters
            while index < wrapped.count {
                let character = wrapped[index]
                var isNewLine = false
                if character == " " {
                    lastSpace = index
                } else if isBreak(character) {
                    lineWidth = 0
                    isNewLine = true
                }
                let advance = isNewLine ? 0 : try measure(character).width * size / 100
                // lottie-web breaks before a letter wider than the box again and again (it hangs);
                // Cadence breaks once and lets the letter overflow.
                if lineWidth + advance > boxWidth, character != " ", lineWidth > 0 || lastSpace != -1 {
                    if lastSpace != -1 { index = lastSpace }
                    if lastSpace == index { wrapped[index] = "\r" } else { wrapped.insert("\r", at: index) }
                    lastSpace = -1
                    lineWidth = 0
                } else {
                    lineWidth += advance + tracking
                }
                index += 1
            }
            characters = wrapped
        }
        var document = LottieText.Document(
            from: -.infinity, until: .infinity, size: size, tracking: tracking, justification: Self.choice(try number("j", 0)), lineWidths: [],
            boxWidth: 0, justifyOffset: 0, boxPosition: nil, baselineShift: try number("ls", 0), fill: try color("fc"), stroke: try color("sc"),
            strokeWidth: try number("sw", 1))
        var lineWidth = -tracking, maxLineWidth = 0.0, currentLine = 0, spaces = 0.0
        var groupWidth = 0.0, groupStart = 0, groupIndex = 0
        var letters: [LottieText.Letter] = []
        for (index, character) in characters.enumerated() {
            let isNewLine = isBreak(character)
            if isNewLine {
                spaces = 0
                document.lineWidths.append(lineWidth)
                maxLineWidth = max(maxLineWidth, lineWidth)
                lineWidth = -2 * tracking
                currentLine += 1
            }
            let (width, glyphIndex) = try measure(character)
            let advance = isNewLine ? 0 : width * size / 100
            if character == " " {
                spaces += advance + tracking
            } else {
                lineWidth += advance + tracking + spaces
                spaces = 0
            }
            let value = isNewLine ? "" : character
            letters.append(LottieText.Letter(
                value: value, advance: advance, anchorWidth: advance, before: groupWidth, isNewLine: isNewLine, line: currentLine, x: 0, y: 0,
                selectorIndexes: [], glyph: isNewLine ? nil : glyphIndex))
            if grouping == 2 || grouping == 3 {
                groupWidth += advance
                let ends = grouping == 2 ? value == "" || value == " " : value == ""
                if ends || index == characters.count - 1 {
                    if ends { groupWidth -= advance }
                    while groupStart <= index {
                        letters[groupStart].anchorWidth = groupWidth
                        groupStart += 1
                    }
                    groupIndex += 1
                    groupWidth = 0
                }
            }
        }
        maxLineWidth = max(maxLineWidth, lineWidth)
        document.lineWidths.append(lineWidth)
        if let box {
            document.boxWidth = box.first ?? 0
        } else {
            document.boxWidth = maxLineWidth
            document.justifyOffset = document.justification == 1 ? -maxLineWidth : document.justification == 2 ? -maxLineWidth / 2 : 0
        }
        let ascent = font.ascent * size / 100
        if let position = values.child("ps") {
            let numbers = LottieAnimation.padded(try LottieAnimation.numbers(position), 2, 0)
            document.boxPosition = [numbers[0], numbers[1] + ascent]
        }
        // Places before tracking animators: the advances and trackings before a letter on its
        // line; a line's offset the line height (or 1.2 × the size), one more after the first.
        let yOffset = lineHeight != 0 ? lineHeight : size * 1.2
        var x = 0.0, y = 0.0, firstLine = true
        for index in letters.indices {
            if letters[index].isNewLine {
                x = 0
                y += yOffset + (firstLine ? 1 : 0)
                firstLine = false
            } else {
                letters[index].x = x
                x += letters[index].advance + tracking
            }
            letters[index].y = y
        }
        for animator in animators {
            let based = animator.selector.basedOn
            var unit = 0
            for index in letters.indices {
                let letter = letters[index]
                letters[index].selectorIndexes.append(unit)
                let last = index == letters.count - 1
                switch based {
                case 1 where letter.value != "": unit += 1
                case 2 where letter.value != "" && letter.value != " ": unit += 1
                case 3 where letter.isNewLine || letter.value == " " || last: unit += 1
                case 4 where letter.isNewLine || last: unit += 1
                default: break
                }
            }
            document.selectorCounts.append(unit)
            if animator.selector.randomized {
                drawingNotes.add("text selectors in random order are applied in the text's order (lottie-web shuffles them)", at: values.path)
            }
            if animator.strokeColor != nil { document.strokeAnimated = true }
            if animator.strokeWidth != nil { document.strokeWidthAnimated = true }
            if animator.fillColor != nil || animator.fillHue != nil || animator.fillSaturation != nil || animator.fillBrightness != nil {
                document.fillAnimated = document.fill != nil
            }
        }
        document.letters = letters
        return document
    }

    /// A number lottie-web compares with `===` against small whole numbers (a justification, a
    /// selector's shape): the number, or -1 for one that is not whole.
    static func choice(_ value: Double) -> Int {
        value == value.rounded() && abs(value) < 1_000 ? Int(value) : -1
    }

    /// A text's characters as lottie-web splits it (`buildFinalText`): by grapheme, except that
    /// `\r\n` is two.
    static func textCharacters(_ text: String) -> [String] {
        var characters: [String] = []
        for character in text {
            if character == "\r\n" {
                characters += ["\r", "\n"]
            } else {
                characters.append(String(character))
            }
        }
        return characters
    }
}
