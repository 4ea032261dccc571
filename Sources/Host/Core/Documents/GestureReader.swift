import Timeline
import TimelinePlugins
import CadenceIO

/// Reads a track's `"gesture"`: a scripted finger and what its release does (Docs/Gestures.md),
/// as one number track built by ``GestureTrack/make(samples:tracker:rubberBand:release:threshold:)``.
enum GestureReader {
    static let keys = ["samples", "tracker", "rubberBand", "release"]

    static func track(_ cursor: JSONCursor) throws(DocumentError) -> Track<Double> {
        _ = try cursor.object()
        try cursor.checkKeys(keys)
        let list = try cursor.required("samples")
        let items = try list.array()
        guard items.count >= 2 else { throw list.error("a gesture needs at least two samples [time, position]") }
        var samples: [(Double, Double)] = []
        for item in items {
            let pair = try item.array()
            guard pair.count == 2 else { throw item.error("a sample is [time, position], two numbers") }
            let time = try pair[0].number(), position = try pair[1].number()
            guard time.isFinite, time >= 0 else { throw pair[0].error("a sample's time must be a finite number of seconds, not negative") }
            guard position.isFinite else { throw pair[1].error("a sample's position must be finite") }
            if let previous = samples.last, time < previous.0 {
                throw pair[0].error("time \(time) comes after \(previous.0): sample times must not decrease")
            }
            samples.append((time, position))
        }
        guard samples[samples.count - 1].0 > samples[0].0 else { throw list.error("the samples' times must not all be the same") }
        var tracker = VelocityTracker.Strategy.flutter
        if let name = cursor.child("tracker") {
            switch try name.string() {
            case "flutter": tracker = .flutter
            case "linear": tracker = .leastSquares(degree: 1)
            case "ios": tracker = .iOS
            case "macos": tracker = .macOS
            case let other:
                throw name.error("unknown tracker \"\(InputExcerpt.excerpt(other))\" (expected one of: flutter, linear, ios, macos)")
            }
        }
        var rubberBand: (band: RubberBand, range: ClosedRange<Double>)?
        if let band = cursor.child("rubberBand") {
            _ = try band.object()
            try band.checkKeys(["range", "dimension", "constant"])
            let range = try Self.range(try band.required("range"))
            let dimension = try band.required("dimension")
            do {
                rubberBand = (try RubberBand(constant: try band.child("constant")?.number() ?? 0.55, dimension: try dimension.number()), range)
            } catch let error as GestureError {
                throw band.error(error.description)
            } catch let error as DocumentError {
                throw error
            } catch {
                throw band.error("\(error)")
            }
        }
        let release = try Self.release(try cursor.required("release"))
        do {
            return try GestureTrack.make(samples: samples, tracker: tracker, rubberBand: rubberBand, release: release)
        } catch {
            throw cursor.error(error.description)
        }
    }

    /// `[low, high]`, finite, low ≤ high.
    private static func range(_ cursor: JSONCursor) throws(DocumentError) -> ClosedRange<Double> {
        let items = try cursor.array()
        guard items.count == 2 else { throw cursor.error("a range is [low, high], two numbers") }
        let low = try items[0].number(), high = try items[1].number()
        guard low.isFinite, high.isFinite, low <= high else { throw cursor.error("a range needs finite numbers, low ≤ high") }
        return low...high
    }

    /// `{"snap": {"detents": […], "spring": {…}}}`, `{"decay": {…}}` or `{"inertia": {…}}`.
    private static func release(_ cursor: JSONCursor) throws(DocumentError) -> GestureTrack.Release {
        let members = try cursor.object()
        try cursor.checkKeys(["snap", "decay", "inertia"])
        guard members.count == 1, let (key, _) = members.first else {
            throw cursor.error("a release is one of \"snap\", \"decay\" or \"inertia\"")
        }
        let body = cursor.member(key, members[0].value)
        switch key {
        case "snap":
            _ = try body.object()
            try body.checkKeys(["detents", "spring"])
            let detentList = try body.required("detents")
            let detents = try detentList.array().map { item throws(DocumentError) -> Double in
                let value = try item.number()
                guard value.isFinite else { throw item.error("a detent must be finite") }
                return value
            }
            guard !detents.isEmpty else { throw detentList.error("snapping needs at least one detent") }
            return .snap(detents: detents, spring: try SpringReader.spring(try body.required("spring")).0)
        case "decay":
            _ = try body.object()
            try body.checkKeys(["rate", "timeConstant", "power"])
            return .decay(try deceleration(body))
        default:
            _ = try body.object()
            try body.checkKeys(["bounds", "rate", "timeConstant", "power", "spring"])
            let spring = try body.child("spring").map { cursor throws(DocumentError) in try SpringReader.spring(cursor).0 }
            return .inertia(
                bounds: try range(try body.required("bounds")), deceleration: try deceleration(body),
                spring: spring ?? Inertia.boundarySpring)
        }
    }

    /// `"rate"` (default 0.998), or `"timeConstant"` with an optional `"power"` (0.8).
    private static func deceleration(_ cursor: JSONCursor) throws(DocumentError) -> GestureTrack.Deceleration {
        if let timeConstant = cursor.child("timeConstant") {
            if let rate = cursor.child("rate") { throw rate.error("give \"rate\" or \"timeConstant\", not both") }
            let seconds = try timeConstant.number()
            guard seconds.isFinite, seconds > 0 else { throw timeConstant.error("a time constant must be a positive number of seconds") }
            let power = try cursor.child("power")?.number() ?? 0.8
            guard power.isFinite else { throw cursor.child("power")!.error("the power must be finite") }
            return .timeConstant(seconds, power: power)
        }
        if let power = cursor.child("power") { throw power.error("\"power\" goes with \"timeConstant\"") }
        let rate = try cursor.child("rate")?.number() ?? Decay.normal
        guard rate > 0, rate < 1 else {
            throw (cursor.child("rate") ?? cursor).error("a deceleration rate is the share of velocity kept each millisecond, 0 < rate < 1")
        }
        return .rate(rate)
    }
}
