/// Whether a clip applies its values outside its active span.
///
/// Inside a composition, a clip that has not started yet applies its first values only if it
/// fills backwards, and a clip that has ended keeps applying its last values only if it fills
/// forwards. The default is ``forwards``, as in GSAP: a later clip does not overwrite a property
/// before it starts, and a finished clip leaves its property where it ended.
public struct FillMode: Sendable, Hashable, CustomStringConvertible {
    /// Whether the clip applies its start values before it starts.
    public var backwards: Bool
    /// Whether the clip applies its end values after it ends.
    public var forwards: Bool

    /// Creates a fill mode.
    public init(backwards: Bool, forwards: Bool) {
        self.backwards = backwards
        self.forwards = forwards
    }

    /// Applies nothing outside the active span.
    public static let none = FillMode(backwards: false, forwards: false)
    /// Holds the end values after the span (the default).
    public static let forwards = FillMode(backwards: false, forwards: true)
    /// Applies the start values before the span.
    public static let backwards = FillMode(backwards: true, forwards: false)
    /// Both.
    public static let both = FillMode(backwards: true, forwards: true)

    /// `none`, `forwards`, `backwards` or `both`.
    public var description: String {
        switch (backwards, forwards) {
        case (false, false): "none"
        case (false, true): "forwards"
        case (true, false): "backwards"
        case (true, true): "both"
        }
    }
}
