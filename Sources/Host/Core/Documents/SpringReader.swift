import Timeline
package import TimelinePlugins
package import CadenceIO

/// Reads a document's `"spring"` object: any of the Swift API's parameterisations, by the same names.
///
/// | keys | parameterisation |
/// |---|---|
/// | `stiffness`, `damping`, optional `mass` | `Spring(mass:stiffness:damping:)` |
/// | `response`, `dampingRatio`, optional `mass` | `Spring(response:dampingRatio:mass:)` |
/// | `duration`, optional `bounce` | `Spring(duration:bounce:)` |
/// | `settlingDuration`, `dampingRatio`, optional `threshold` | `Spring(settlingDuration:dampingRatio:threshold:)` |
/// | `dampingRatio`, `duration`, optional `relativeVelocity` (or its older name `initialVelocity`), `threshold` | the UIKit form, `Spring(dampingRatio:duration:relativeVelocity:threshold:)` |
package enum SpringReader {
    package static let keys = [
        "mass", "stiffness", "damping", "response", "dampingRatio", "duration", "bounce",
        "settlingDuration", "initialVelocity", "relativeVelocity", "threshold",
    ]

    /// The spring, and the relative initial velocity of the UIKit form (if given).
    package static func spring(_ cursor: JSONCursor) throws(DocumentError) -> (Spring, relativeVelocity: Double?) {
        _ = try cursor.object()
        try cursor.checkKeys(keys)
        let has = Set(keys.filter { cursor.child($0) != nil })
        func only(_ allowed: Set<String>, _ form: String) throws(DocumentError) {
            if let stray = has.subtracting(allowed).sorted().first {
                throw cursor.child(stray)!.error("\"\(stray)\" does not belong to the \(form) form of a spring")
            }
        }
        enum Form { case physical, response, settling, uiKit, durationBounce }
        let form: Form
        if has.contains("stiffness") || has.contains("damping") {
            try only(["mass", "stiffness", "damping"], "mass/stiffness/damping")
            guard has.contains("stiffness"), has.contains("damping") else {
                throw cursor.error("the mass/stiffness/damping form needs \"stiffness\" and \"damping\"")
            }
            form = .physical
        } else if has.contains("response") {
            try only(["response", "dampingRatio", "mass"], "response/dampingRatio")
            form = .response
        } else if has.contains("settlingDuration") {
            try only(["settlingDuration", "dampingRatio", "threshold"], "settlingDuration/dampingRatio")
            form = .settling
        } else if has.contains("dampingRatio") {
            try only(
                ["dampingRatio", "duration", "relativeVelocity", "initialVelocity", "threshold"],
                "UIKit (dampingRatio/duration/relativeVelocity)")
            if has.contains("relativeVelocity"), has.contains("initialVelocity") {
                throw cursor.child("initialVelocity")!.error(
                    "\"initialVelocity\" is the old name of \"relativeVelocity\": give one of them")
            }
            guard has.contains("duration") else {
                throw cursor.error("a spring with only \"dampingRatio\" needs \"response\", \"duration\" or \"settlingDuration\"")
            }
            form = .uiKit
        } else {
            // A key that belongs to another form, alone: say which keys it needs.
            if has.contains("mass") {
                throw cursor.child("mass")!.error(
                    "a spring with \"mass\" needs \"stiffness\" and \"damping\", or \"response\"")
            }
            if has.contains("threshold") {
                throw cursor.child("threshold")!.error(
                    "a spring with \"threshold\" needs \"settlingDuration\", or \"dampingRatio\" and \"duration\"")
            }
            if let velocity = ["relativeVelocity", "initialVelocity"].first(where: has.contains) {
                throw cursor.child(velocity)!.error("a spring with \"\(velocity)\" needs \"dampingRatio\" and \"duration\"")
            }
            try only(["duration", "bounce"], "duration/bounce")
            form = .durationBounce
        }
        var values: [String: Double] = [:]
        for key in has { values[key] = try cursor.child(key)!.number() }
        do throws(SpringError) {
            switch form {
            case .physical:
                return (try Spring(mass: values["mass"] ?? 1, stiffness: values["stiffness"]!, damping: values["damping"]!), nil)
            case .response:
                return (try Spring(
                    response: values["response"]!, dampingRatio: values["dampingRatio"] ?? 1, mass: values["mass"] ?? 1), nil)
            case .settling:
                return (try Spring(
                    settlingDuration: values["settlingDuration"]!, dampingRatio: values["dampingRatio"] ?? 1,
                    threshold: values["threshold"] ?? Spring.defaultThreshold), nil)
            case .uiKit:
                // "relativeVelocity" (distances per second, UIKit's convention); "initialVelocity"
                // is its older name, still read.
                let velocity = values["relativeVelocity"] ?? values["initialVelocity"] ?? 0
                return (try Spring(
                    dampingRatio: values["dampingRatio"]!, duration: values["duration"]!, relativeVelocity: velocity,
                    threshold: values["threshold"] ?? Spring.defaultThreshold), velocity)
            case .durationBounce:
                return (try Spring(duration: values["duration"] ?? 0.5, bounce: values["bounce"] ?? 0), nil)
            }
        } catch {
            if let parameter = error.parameter, cursor.child(parameter.rawValue) == nil, has.contains(where: { values[$0].map(\.isFinite) == true }) {
                // A parameter worked out from the given ones (the UIKit form's stiffness from a
                // huge velocity): name what was given, not what was derived.
                let given = has.sorted().map { "\"\($0)\": \(NumberFormat.string(values[$0]!))" }.joined(separator: ", ")
                throw cursor.error("these values (\(given)) give a spring whose \(parameter.rawValue) is out of range: use smaller ones")
            }
            let target = error.parameter.flatMap { cursor.child($0.rawValue) } ?? cursor
            throw target.error("\(error)")
        }
    }
}
