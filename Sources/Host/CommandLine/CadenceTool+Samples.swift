import Timeline
import TimelinePlugins
import CadenceHostCore
import CadenceIO

extension CadenceTool {
    mutating func curve(_ arguments: [String]) throws {
        let list = try ArgumentList(arguments, command: "curve", options: ["samples", "format"], flags: [])
        guard list.positionals.count == 1 else {
            throw UsageError(list.positionals.isEmpty ? "missing CURVE, such as ease-in or 'cubic-bezier(0.42, 0, 0.58, 1)'" : "too many arguments; quote a curve that contains spaces", command: "curve")
        }
        let text = list.positionals[0]
        let curve: TimingCurve
        do { curve = try plugins.curve(parsing: text) ?? TimingCurve(parsing: text) } catch { throw BadInput("\(error)") }
        let samples = try list.positiveInt("samples", maximum: Self.maximumSamples) ?? 101
        guard samples >= 2 else { throw UsageError("'--samples' needs at least 2 (0 and 1 are always sampled)", command: "curve") }
        let points = (0..<samples).map { index -> (x: Double, y: Double) in
            let x = index == samples - 1 ? 1 : Double(index) / Double(samples - 1)
            return (x, curve.value(at: x))
        }
        switch list.string("format") ?? "csv" {
        case "csv":
            try standardOutput.write("progress,value\n")
            for point in points {
                try standardOutput.write("\(NumberFormat.string(point.x)),\(NumberFormat.string(point.y))\n")
            }
        case "svg":
            let plot = PlotSVG(title: curve.description, xLabel: "progress", yLabel: "value", series: [PlotSVG.Series(name: curve.description, points: points)])
            try standardOutput.write(plot.svg)
        case let other:
            throw UsageError("unknown format '\(ArgumentList.excerpt(other))'; formats: csv, svg", command: "curve")
        }
    }

    /// The most samples `curve` and `morph` print.
    static let maximumSamples = 10_000_000

    static let springOptions = [
        "response", "damping-ratio", "duration", "bounce", "mass", "stiffness", "damping",
        "settling-duration", "relative-velocity", "initial-velocity", "threshold", "from", "to", "velocity", "fps", "format",
    ]

    mutating func spring(_ arguments: [String]) throws {
        let list = try ArgumentList(arguments, command: "spring", options: Self.springOptions, flags: [])
        try list.requireNoPositionals()
        // The same parameterisations, by the same names, as documents and the Swift API.
        var members: [(key: String, value: JSONValue)] = []
        for (option, key) in [
            ("response", "response"), ("damping-ratio", "dampingRatio"), ("duration", "duration"),
            ("bounce", "bounce"), ("mass", "mass"), ("stiffness", "stiffness"), ("damping", "damping"),
            ("settling-duration", "settlingDuration"), ("relative-velocity", "relativeVelocity"),
            ("initial-velocity", "initialVelocity"),
        ] {
            if let value = try list.double(option) { members.append((key, .number(value))) }
        }
        // The settling and UIKit forms are defined by the same relative threshold.
        let takesThreshold = list.string("response") == nil
            && (list.string("settling-duration") != nil || (list.string("damping-ratio") != nil && list.string("duration") != nil))
        if takesThreshold, let threshold = try list.double("threshold") { members.append(("threshold", .number(threshold))) }
        let spring: Spring
        do {
            spring = try SpringReader.spring(JSONCursor(.object(members), path: "spring")).0
        } catch {
            let option = error.path.split(separator: ".").last.map(String.init) ?? ""
            let flag = option.isEmpty || option == "spring" ? "" : "--" + Self.kebab(option) + ": "
            throw BadInput(flag + error.message.replacingCamelCase())
        }
        let from = try list.double("from") ?? 0
        let to = try list.double("to") ?? 1
        let relative = try list.double("relative-velocity") ?? list.double("initial-velocity")
        guard (to - from).isFinite else {
            throw BadInput("--from \(NumberFormat.string(from)) and --to \(NumberFormat.string(to)) are too far apart: their distance is not a finite number")
        }
        let velocity = try list.double("velocity") ?? relative.map { $0 * (to - from) } ?? 0
        guard velocity.isFinite else {
            throw BadInput("the initial velocity (the relative velocity × the distance) is too large to represent")
        }
        let frameRate = try list.frameRate() ?? .fps60
        // Settled within a fraction of the distance (0.1 % by default), as the help says: 0 → 100
        // settles when 0 → 1 does.
        let fraction = try list.double("threshold") ?? Spring.defaultThreshold
        guard fraction > 0, fraction < 1 else {
            throw UsageError("'--threshold' is a fraction of the distance in (0, 1), got \(NumberFormat.string(fraction))", command: "spring")
        }
        let distance = abs(to - from)
        let animation: SpringAnimation<Double>
        do {
            animation = try SpringAnimation(
                spring: spring, from: from, to: to, initialVelocity: velocity,
                threshold: fraction * (distance > 0 ? distance : 1))
        } catch { throw BadInput("\(error)") }
        guard animation.settlingDuration.isFinite else {
            if spring.damping > 0 {
                throw BadInput("this spring does not settle in a time that can be represented from an initial velocity of \(NumberFormat.string(velocity)): use a smaller one")
            }
            throw BadInput("this spring never settles (it has no damping)")
        }
        guard let frames = frameRate.frameCount(covering: animation.settlingDuration), frames <= 10_000_000 else {
            throw BadInput("this spring takes \(NumberFormat.string(animation.settlingDuration)) s to settle: too many frames to print")
        }
        let rows = (0...frames).map { index -> (Double, Double, Double) in
            let time = frameRate.seconds(ofFrame: index)
            return (time, animation.value(at: time), animation.velocity(at: time))
        }
        switch list.string("format") ?? "csv" {
        case "csv":
            try standardOutput.write("time,value,velocity\n")
            for (time, value, velocity) in rows {
                try standardOutput.write("\(NumberFormat.string(time)),\(NumberFormat.string(value)),\(NumberFormat.string(velocity))\n")
            }
        case "svg":
            let plot = PlotSVG(
                title: spring.description, xLabel: "time (s)", yLabel: "value",
                series: [PlotSVG.Series(name: "value", points: rows.map { ($0.0, $0.1) })])
            try standardOutput.write(plot.svg)
        case let other:
            throw UsageError("unknown format '\(ArgumentList.excerpt(other))'; formats: csv, svg", command: "spring")
        }
    }

    mutating func morph(_ arguments: [String]) throws {
        let list = try ArgumentList(arguments, command: "morph", options: ["from", "to", "samples", "curve"], flags: [])
        try list.requireNoPositionals()
        guard let fromText = list.string("from"), let toText = list.string("to") else {
            throw UsageError("morph needs --from PATHDATA and --to PATHDATA", command: "morph")
        }
        func parse(_ text: String, _ option: String) throws -> Path {
            do { return try Path(svgPathData: text) } catch { throw BadInput("--\(option): \(error)") }
        }
        let morph = PathMorph(from: try parse(fromText, "from"), to: try parse(toText, "to"))
        var curve = TimingCurve.linear
        if let text = list.string("curve") {
            do { curve = try plugins.curve(parsing: text) ?? TimingCurve(parsing: text) } catch { throw BadInput("--curve: \(error)") }
        }
        let samples = try list.positiveInt("samples", maximum: Self.maximumSamples) ?? 11
        guard samples >= 2 else { throw UsageError("'--samples' needs at least 2 (0 and 1 are always sampled)", command: "morph") }
        var buffer = morph.makeBuffer()
        for index in 0..<samples {
            let progress = index == samples - 1 ? 1 : Double(index) / Double(samples - 1)
            morph.evaluate(at: curve.value(at: progress), into: &buffer)
            try standardOutput.write("{\"progress\":\(NumberFormat.string(progress)),\"path\":\(JSONText.quoted(buffer.svgPathData))}\n")
        }
    }

    static func kebab(_ camel: String) -> String {
        var result = ""
        for character in camel {
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension String {
    /// Spring messages name parameters as the API does (`dampingRatio`); the command line says
    /// `--damping-ratio`.
    func replacingCamelCase() -> String {
        var text = self
        for (camel, flag) in [
            ("\"dampingRatio\"", "--damping-ratio"), ("\"settlingDuration\"", "--settling-duration"),
            ("\"initialVelocity\"", "--initial-velocity"), ("\"relativeVelocity\"", "--relative-velocity"),
            ("\"stiffness\"", "--stiffness"),
            ("\"damping\"", "--damping"), ("\"response\"", "--response"), ("\"duration\"", "--duration"),
            ("\"bounce\"", "--bounce"), ("\"mass\"", "--mass"),
        ] {
            text = text.split(separator: camel, omittingEmptySubsequences: false).joined(separator: flag)
        }
        return text
    }
}
