import Timeline
import TimelinePlugins
import CadenceHostCore
import CadenceIO

extension CadenceTool {
    /// `cadence gesture decay|inertia|rubber-band [options]`: samples the motions of the gesture
    /// plugin, as `cadence spring` samples a spring (Docs/Gestures.md).
    mutating func gesture(_ arguments: [String]) throws {
        guard let motion = arguments.first, ["decay", "inertia", "rubber-band"].contains(motion) else {
            throw UsageError(
                arguments.first.map { "unknown motion '\(ArgumentList.excerpt($0))'; motions: decay, inertia, rubber-band" }
                    ?? "missing the motion: decay, inertia or rubber-band",
                command: "gesture")
        }
        let list = try ArgumentList(
            Array(arguments.dropFirst()), command: "gesture",
            options: [
                "from", "velocity", "rate", "time-constant", "power", "min", "max", "threshold", "fps", "format", "plot",
                "dimension", "constant", "to", "samples",
            ],
            flags: [])
        try list.requireNoPositionals()
        let format = list.string("format") ?? "csv"
        guard format == "csv" || format == "svg" else {
            throw UsageError("unknown format '\(ArgumentList.excerpt(format))'; formats: csv, svg", command: "gesture")
        }
        if motion == "rubber-band" {
            try rubberBand(list, format: format)
            return
        }
        let from = try list.double("from") ?? 0
        let velocity = try list.double("velocity") ?? 1_000
        let threshold = try list.double("threshold") ?? 0.5
        guard threshold > 0, threshold.isFinite else { throw UsageError("'--threshold' is a positive distance", command: "gesture") }
        var bounds: ClosedRange<Double>?
        if motion == "inertia" {
            let low = try list.double("min") ?? -Double.greatestFiniteMagnitude
            let high = try list.double("max") ?? Double.greatestFiniteMagnitude
            guard low <= high else { throw UsageError("'--min' must not be greater than '--max'", command: "gesture") }
            bounds = low...high
        } else if list.string("min") != nil || list.string("max") != nil {
            throw UsageError("'--min' and '--max' are inertia's bounds: use 'cadence gesture inertia'", command: "gesture")
        }
        let decay: Decay
        var title: String
        do {
            if let timeConstant = try list.double("time-constant") {
                guard list.string("rate") == nil else { throw UsageError("give '--rate' or '--time-constant', not both", command: "gesture") }
                let power = try list.double("power") ?? 0.8
                decay = try Decay(from: from, velocity: velocity, timeConstant: timeConstant, power: power)
                title = "\(motion), time constant \(NumberFormat.string(timeConstant)) s, power \(NumberFormat.string(power))"
            } else {
                let rate = try list.double("rate") ?? Decay.normal
                decay = try Decay(from: from, velocity: velocity, rate: rate)
                title = "\(motion), rate \(NumberFormat.string(rate)) per ms"
            }
        } catch let error as GestureError {
            throw BadInput(error.description)
        }
        title += ", from \(NumberFormat.string(from)) at \(NumberFormat.string(velocity))/s"
        let inertia: Inertia
        do { inertia = try Inertia(decay: decay, bounds: bounds) } catch { throw BadInput(error.description) }
        if let bounds { title += ", bounds \(NumberFormat.string(bounds.lowerBound))...\(NumberFormat.string(bounds.upperBound))" }
        let frameRate = try list.frameRate() ?? .fps60
        let settle = inertia.settlingTime(threshold: threshold)
        guard settle.isFinite, let frames = frameRate.frameCount(covering: settle), frames <= 10_000_000 else {
            throw BadInput("this motion takes too long to settle within \(NumberFormat.string(threshold)) to print")
        }
        let rows = (0...frames).map { index -> (Double, Double, Double) in
            let time = frameRate.seconds(ofFrame: index)
            return (time, inertia.value(at: time), inertia.velocity(at: time))
        }
        if format == "csv" {
            try standardOutput.write("time,value,velocity\n")
            for (time, value, speed) in rows {
                try standardOutput.write("\(NumberFormat.string(time)),\(NumberFormat.string(value)),\(NumberFormat.string(speed))\n")
            }
            return
        }
        let plotsVelocity: Bool
        switch list.string("plot") ?? "value" {
        case "value": plotsVelocity = false
        case "velocity": plotsVelocity = true
        case let other: throw UsageError("'--plot' is value or velocity, got '\(ArgumentList.excerpt(other))'", command: "gesture")
        }
        var plot = PlotSVG(
            title: title, xLabel: "time (s)", yLabel: plotsVelocity ? "velocity (per s)" : "value",
            series: [PlotSVG.Series(
                name: plotsVelocity ? "velocity" : "value", points: rows.map { ($0.0, plotsVelocity ? $0.2 : $0.1) },
                color: plotsVelocity ? "#dc2626" : "#2563eb")])
        // Velocity: its zero; value: the start and where it rests.
        plot.guides = plotsVelocity ? [0] : [from, inertia.restPosition]
        try standardOutput.write(plot.svg)
    }

    /// `cadence gesture rubber-band --dimension D [--constant C] [--to X] [--samples N]`: the
    /// displayed offset for finger distances 0 … X past the edge.
    private mutating func rubberBand(_ list: ArgumentList, format: String) throws {
        let dimension = try list.double("dimension") ?? 844
        let constant = try list.double("constant") ?? 0.55
        let band: RubberBand
        do { band = try RubberBand(constant: constant, dimension: dimension) } catch { throw BadInput(error.description) }
        let end = try list.double("to") ?? dimension
        guard end > 0, end.isFinite else { throw UsageError("'--to' is a positive distance", command: "gesture") }
        let samples = try list.positiveInt("samples", maximum: Self.maximumSamples) ?? 101
        guard samples >= 2 else { throw UsageError("'--samples' needs at least 2", command: "gesture") }
        let rows = (0..<samples).map { index -> (Double, Double) in
            let distance = index == samples - 1 ? end : end * Double(index) / Double(samples - 1)
            return (distance, band.offset(forDistance: distance))
        }
        if format == "csv" {
            try standardOutput.write("distance,offset\n")
            for (distance, offset) in rows {
                try standardOutput.write("\(NumberFormat.string(distance)),\(NumberFormat.string(offset))\n")
            }
            return
        }
        var plot = PlotSVG(
            title: "rubber band, dimension \(NumberFormat.string(dimension)), constant \(NumberFormat.string(constant))",
            xLabel: "finger past the edge", yLabel: "offset shown",
            series: [
                PlotSVG.Series(name: "offset", points: rows),
                PlotSVG.Series(name: "no resistance", points: rows.map { ($0.0, min($0.0, dimension)) }, color: "#9ca3af"),
            ])
        plot.guides = [0, dimension]
        try standardOutput.write(plot.svg)
    }
}
