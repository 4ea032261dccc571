/// The reference transitions by name.
public enum PresetCatalog {
    /// Every preset type: the reference transitions in their order, then the gestures'.
    public static let all: [any TransitionPreset.Type] = [
        ExpandingViewPreset.self, CircularRevealPreset.self, PunchOutPreset.self, FlipPreset.self,
        CrossDissolvePreset.self, OverlayPresentPreset.self, OverlayDismissPreset.self,
        CardExpandPreset.self, InteractivePreset.self, BottomSheetPreset.self, SwipeToDismissPreset.self,
    ]

    /// The preset names.
    public static var names: [String] { all.map { $0.name } }

    /// The preset type with a name.
    public static func preset(named name: String) -> (any TransitionPreset.Type)? {
        all.first { $0.name == name }
    }
}
