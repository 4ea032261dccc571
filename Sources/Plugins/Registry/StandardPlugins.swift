public import Timeline

/// The easing plugin: every curve of Cadence's textual syntax (`ease-in`, `cubic-bezier(...)`,
/// `steps(...)`, `linear(...)`, the Penner family), through the public ``Plugin`` interface.
public struct EasingPlugin: Plugin {
    /// `easing`.
    public let name = "easing"

    /// Creates the plugin.
    public init() {}

    /// The curve for `text`; `nil` when the text does not start with a curve name this plugin
    /// knows, so that other plugins may recognise it.
    ///
    /// - Throws: ``TimingCurveParseError`` for a known curve with malformed arguments.
    public func curve(parsing text: String) throws -> TimingCurve? {
        do {
            return try TimingCurve(parsing: text)
        } catch .unknownName {
            return nil
        } catch {
            throw error
        }
    }

    /// The curve names and functions.
    public var acceptedNames: [String] { TimingCurve.acceptedNames + TimingCurve.acceptedFunctions }
}

/// The spring plugin's curve syntax: `spring(duration, bounce)`, SwiftUI's parameters, as a unit
/// curve that lasts until the spring settles (see ``SpringTiming``).
public struct SpringPlugin: Plugin {
    /// `spring`.
    public let name = "spring"

    /// Creates the plugin.
    public init() {}

    /// `spring(0.5, 0.2)` → the spring's unit curve; `nil` for text that is not `spring(...)`.
    ///
    /// - Throws: ``PluginError`` for malformed arguments, ``SpringError`` for invalid parameters.
    public func curve(parsing text: String) throws -> TimingCurve? {
        let trimmed = text.trimmingWhitespace()
        guard trimmed.lowercased().hasPrefix("spring(") else { return nil }
        guard trimmed.hasSuffix(")") else {
            throw PluginError(plugin: name, message: "expected spring(duration, bounce), missing ')' in '\(InputExcerpt.excerpt(text))'")
        }
        let arguments = trimmed.dropFirst("spring(".count).dropLast().split(separator: ",").map {
            Double(String($0).trimmingWhitespace())
        }
        guard (1...2).contains(arguments.count), arguments.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            throw PluginError(plugin: name, message: "expected spring(duration, bounce) with numbers, got '\(InputExcerpt.excerpt(text))'")
        }
        let spring = try Spring(duration: arguments[0]!, bounce: arguments.count > 1 ? arguments[1]! : 0)
        return .spring(try SpringTiming(spring))
    }

    /// `spring(duration, bounce)`.
    public var acceptedNames: [String] { ["spring(duration, bounce)"] }
}

extension PluginRegistry {
    /// Cadence's own plugins, registered in this order: easing, spring.
    public static var standard: PluginRegistry {
        var registry = PluginRegistry()
        // Distinct names: registration cannot fail.
        try? registry.register(EasingPlugin())
        try? registry.register(SpringPlugin())
        return registry
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return String(self[first...last])
    }
}
