import Timeline
import TimelinePlugins

/// The reference transitions by name.
public enum PresetCatalog {
    /// The reference transitions (`TRANSITIONS.md`), in their order: what the benchmarks measure.
    public static let reference: [any TransitionPreset.Type] = [
        ExpandingViewPreset.self, CircularRevealPreset.self, PunchOutPreset.self, FlipPreset.self,
        CrossDissolvePreset.self, OverlayPresentPreset.self, OverlayDismissPreset.self,
        CardExpandPreset.self, InteractivePreset.self,
    ]

    /// Every preset type: the reference transitions, then the gestures' (Docs/Gestures.md).
    public static let all: [any TransitionPreset.Type] = reference + [BottomSheetPreset.self, SwipeToDismissPreset.self]

    /// The preset names.
    public static var names: [String] { all.map { $0.name } }

    /// The preset type with a name.
    public static func preset(named name: String) -> (any TransitionPreset.Type)? {
        all.first { $0.name == name }
    }
}
