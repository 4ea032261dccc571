/// An extension of Cadence, registered explicitly: named curves and segment kinds that documents
/// and the command line can use by name, and (in the host) hooks around every frame.
///
/// The built-in easing, spring and path plugins are written against this protocol, exactly as a
/// third party would write theirs:
///
/// ```swift
/// struct WigglePlugin: Plugin {
///     let name = "wiggle"
///     func segment(parsing text: String) throws -> (any SegmentInterpolator)? {
///         text == "wiggle" ? Wiggle() : nil     // "curve": "wiggle" in a document
///     }
/// }
/// var plugins = PluginRegistry.standard
/// try plugins.register(WigglePlugin())
/// ```
///
/// ## Contract
/// - ``name`` is unique within a registry and names the plugin in every error it causes.
/// - The parsing requirements return `nil` for text the plugin does not recognise, and throw (any
///   error with a useful description) for text it recognises but finds malformed.
/// - Every requirement is thread-safe; registries consult plugins in registration order and the
///   first answer wins.
public protocol Plugin: Sendable {
    /// The plugin's unique name.
    var name: String { get }

    /// A timing curve for `text`, `nil` if the plugin does not recognise it.
    func curve(parsing text: String) throws -> TimingCurve?

    /// A segment kind for `text`, `nil` if the plugin does not recognise it.
    func segment(parsing text: String) throws -> (any SegmentInterpolator)?

    /// The names the plugin recognises, for error messages and help.
    var acceptedNames: [String] { get }
}

extension Plugin {
    /// No curves by default.
    public func curve(parsing text: String) throws -> TimingCurve? { nil }
    /// No segment kinds by default.
    public func segment(parsing text: String) throws -> (any SegmentInterpolator)? { nil }
    /// Nothing by default.
    public var acceptedNames: [String] { [] }
}

/// Why a plugin was refused or failed.
public struct PluginError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The plugin's name.
    public var plugin: String
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(plugin: String, message: String) {
        self.plugin = plugin
        self.message = message
    }

    /// `plugin 'name': message`.
    public var description: String { "plugin '\(plugin)': \(message)" }
}

/// The plugins in use, in the order they were registered: the order they are consulted and their
/// hooks are called.
public struct PluginRegistry: Sendable {
    /// The registered plugins, in order.
    public private(set) var plugins: [any Plugin] = []

    /// An empty registry.
    public init() {}

    /// Registers a plugin after those already registered.
    ///
    /// - Throws: ``PluginError`` if a plugin with the same name is registered.
    public mutating func register(_ plugin: any Plugin) throws(PluginError) {
        guard !plugins.contains(where: { $0.name == plugin.name }) else {
            throw PluginError(plugin: plugin.name, message: "a plugin with this name is already registered")
        }
        plugins.append(plugin)
    }

    /// The first plugin's curve for `text`, or `nil` if no plugin recognises it.
    ///
    /// - Throws: The recognising plugin's error.
    public func curve(parsing text: String) throws -> TimingCurve? {
        for plugin in plugins {
            if let curve = try plugin.curve(parsing: text) { return curve }
        }
        return nil
    }

    /// The first plugin's segment kind for `text`, or `nil` if no plugin recognises it.
    ///
    /// - Throws: The recognising plugin's error.
    public func segment(parsing text: String) throws -> (any SegmentInterpolator)? {
        for plugin in plugins {
            if let segment = try plugin.segment(parsing: text) { return segment }
        }
        return nil
    }

    /// Every plugin's accepted names.
    public var acceptedNames: [String] { plugins.flatMap(\.acceptedNames) }
}
