import Timeline
import TimelinePlugins
import CadenceHostCore
import CadenceIO
import CadenceLottie

extension CadenceTool {
    /// `cadence lottie values FILE… [--frames A,B,…] [--step S] [--compat lottie-web]`: every
    /// layer's transform values per frame, as JSON Lines in the shape of the lottie-web oracle
    /// (Docs/Lottie.md); exact, or as lottie-web 5.13 computes them.
    mutating func lottie(_ arguments: [String]) throws {
        if arguments.first == "import" {
            try lottieImport(Array(arguments.dropFirst()))
            return
        }
        guard arguments.first == "values" else {
            throw UsageError(
                arguments.first.map { "unknown lottie action '\(ArgumentList.excerpt($0))'; actions: values, import" }
                    ?? "missing the action: values or import",
                command: "lottie")
        }
        let list = try ArgumentList(
            Array(arguments.dropFirst()), command: "lottie", options: ["frames", "step", "compat", "expressions"], flags: [])
        guard !list.positionals.isEmpty else { throw UsageError("missing FILE", command: "lottie") }
        let step = try list.double("step") ?? 0.5
        guard step > 0, step.isFinite else { throw UsageError("'--step' is a positive number of frames", command: "lottie") }
        let compatible: Bool
        switch list.string("compat") {
        case nil: compatible = false
        case "lottie-web": compatible = true
        case let other?:
            throw UsageError("unknown '--compat' mode '\(ArgumentList.excerpt(other))'; modes: lottie-web", command: "lottie")
        }
        var chosen: [Double]?
        if let text = list.string("frames") {
            var frames: [Double] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let frame = Double(part), frame.isFinite else {
                    throw UsageError("'--frames' is a list of frames like 0,12.5,30, got '\(ArgumentList.excerpt(text))'", command: "lottie")
                }
                frames.append(frame)
            }
            chosen = frames
        }
        for path in list.positionals {
            let bytes = try FileInput.read(path, maximumCount: TimelineDocument.maximumSize)
            guard let text = String(validating: bytes, as: UTF8.self) else { throw BadInput("\(path): not UTF-8 text") }
            let animation = try LottieAnimation(parsing: text, file: path, expressions: try list.lottieExpressions())
            for warning in animation.warnings { try standardError.write("cadence: warning: \(warning)\n") }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            var frames = chosen ?? []
            if chosen == nil {
                // The oracle's frames: ip, ip + S, … up to op (with 1e-9 of slack), to 6 decimals.
                let steps = ((animation.outPoint - animation.inPoint) / step + 1e-9).rounded(.down)
                guard steps <= 1_000_000 else { throw BadInput("\(path): more than a million frames at step \(NumberFormat.string(step))") }
                let count = Int(max(0, steps))
                frames = (0...count).map { Self.roundedToMillionths(animation.inPoint + Double($0) * step) }
            }
            var player: LottieWebPlayer?
            if compatible {
                do { player = try LottieWebPlayer(animation: animation) } catch { throw BadInput("\(path): \(error.description)") }
            }
            for frame in frames {
                for layer in player?.values(at: frame) ?? animation.values(at: frame) {
                    try standardOutput.write(Self.lottieLine(file: name, frame: frame, layer) + "\n")
                }
            }
        }
    }

    /// `cadence lottie import FILE [--out DOC.json] [--name NAME]`: the file as a timeline document
    /// (``LottieImport``), to standard output or a file.
    private mutating func lottieImport(_ arguments: [String]) throws {
        let list = try ArgumentList(arguments, command: "lottie", options: ["out", "name", "expressions"], flags: [])
        guard list.positionals.count == 1 else {
            throw UsageError(list.positionals.isEmpty ? "missing FILE" : "import takes one FILE", command: "lottie")
        }
        let path = list.positionals[0]
        let imported = try importLottie(
            path, bytes: try FileInput.read(path, maximumCount: TimelineDocument.maximumSize), name: list.string("name"),
            expressions: try list.lottieExpressions())
        let text = imported.text + "\n"
        if text.utf8.count > TimelineDocument.maximumSize {
            try standardError.write(
                "cadence: warning: the document is \(text.utf8.count) bytes; documents are read up to \(TimelineDocument.maximumSize) "
                    + "bytes: render the Lottie file itself, or a shorter part of it\n")
        }
        if let out = list.string("out") {
            let file = try FileOutput(replacing: out)
            try file.write(text)
            try file.commit()
        } else {
            try standardOutput.write(text)
        }
    }

    /// Reads a Lottie file and imports it, writing its warnings (what is not read, what is not
    /// drawn) to standard error.
    func importLottie(
        _ path: String, bytes: [UInt8], name: String? = nil, expressions: LottieExpressions = .refused
    ) throws -> LottieImport {
        let file = path == "-" ? "<stdin>" : path
        guard let text = String(validating: bytes, as: UTF8.self) else { throw BadInput("\(file): not UTF-8 text") }
        let animation = try LottieAnimation(parsing: text, file: file, expressions: expressions)
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let documentName = name ?? (base.hasSuffix(".json") ? String(base.dropLast(5)) : base)
        let imported = try LottieImport(animation, name: documentName.isEmpty ? "lottie" : documentName)
        var errors = standardError
        for warning in animation.warnings + imported.warnings { try errors.write("cadence: warning: \(warning)\n") }
        return imported
    }

    /// `x` to six decimals, as Python's `round(x, 6)` gives for the frames the oracle prints.
    static func roundedToMillionths(_ x: Double) -> Double {
        let scaled = (x * 1_000_000).rounded(.toNearestOrEven) / 1_000_000
        return abs(scaled - x) < 1e-12 * max(1, abs(x)) ? x : scaled
    }

    /// One JSON line in the oracle's shape.
    static func lottieLine(file: String, frame: Double, _ layer: LottieLayerValues) -> String {
        func number(_ value: Double) -> String { NumberFormat.string(value) }
        func numbers(_ values: [Double]) -> String { "[" + values.map(number).joined(separator: ",") + "]" }
        var members = [
            "\"nm\":" + (layer.name.map { JSONText.quoted($0) } ?? "null"),
            "\"ind\":" + (layer.index.map(String.init) ?? "null"),
            "\"ty\":\(layer.type)",
            "\"parent\":" + (layer.parent.map(String.init) ?? "null"),
            "\"a\":" + numbers(layer.anchor), "\"p\":" + numbers(layer.position), "\"s\":" + numbers(layer.scale),
            "\"r\":" + number(layer.rotation), "\"o\":" + number(layer.opacity),
        ]
        if let x = layer.positionX, let y = layer.positionY { members += ["\"px\":" + number(x), "\"py\":" + number(y)] }
        if let z = layer.positionZ { members.append("\"pz\":" + number(z)) }
        if let x = layer.rotationX, let y = layer.rotationY, let z = layer.rotationZ, let orientation = layer.orientation {
            members += ["\"rx\":" + number(x), "\"ry\":" + number(y), "\"rz\":" + number(z), "\"or\":" + numbers(orientation)]
        }
        if let skew = layer.skew { members.append("\"sk\":" + number(skew)) }
        if let axis = layer.skewAxis { members.append("\"sa\":" + number(axis)) }
        members += [
            "\"matrix\":" + numbers(layer.matrix), "\"world\":" + numbers(layer.world), "\"opacity\":" + number(layer.drawnOpacity),
            "\"in_range\":\(layer.inRange)", "\"active\":\(layer.active)",
            "\"comp_frame\":" + number(layer.compositionFrame),
        ]
        return "{\"file\":\(JSONText.quoted(file)),\"frame\":\(number(frame)),\"layer\":\"\(layer.layer)\",\"values\":{"
            + members.joined(separator: ",") + "}}"
    }
}

extension ArgumentList {
    /// `--expressions static` (each property with an expression keeps its static value, with a
    /// warning) or `--expressions refuse` (the default).
    func lottieExpressions() throws(UsageError) -> LottieExpressions {
        switch string("expressions") {
        case nil, "refuse": .refused
        case "static": .staticValues
        case let other?:
            throw UsageError("unknown '--expressions' mode '\(ArgumentList.excerpt(other))'; modes: static, refuse", command: command)
        }
    }
}
