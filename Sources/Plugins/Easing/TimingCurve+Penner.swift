public import Timeline

// Penner's equations as `TimingCurve` members: `.timing(.easeOutBack)`.
extension TimingCurve {
    /// Penner's quad (`x²`) easing in: `ease-in-quad`.
    public static let easeInQuad = TimingCurve(PennerTiming(.quad, .easeIn))
    /// Penner's quad (`x²`) easing out: `ease-out-quad`.
    public static let easeOutQuad = TimingCurve(PennerTiming(.quad, .easeOut))
    /// Penner's quad (`x²`) easing in and out: `ease-in-out-quad`.
    public static let easeInOutQuad = TimingCurve(PennerTiming(.quad, .easeInOut))

    /// Penner's cubic (`x³`) easing in: `ease-in-cubic`.
    public static let easeInCubic = TimingCurve(PennerTiming(.cubic, .easeIn))
    /// Penner's cubic (`x³`) easing out: `ease-out-cubic`.
    public static let easeOutCubic = TimingCurve(PennerTiming(.cubic, .easeOut))
    /// Penner's cubic (`x³`) easing in and out: `ease-in-out-cubic`.
    public static let easeInOutCubic = TimingCurve(PennerTiming(.cubic, .easeInOut))

    /// Penner's quart (`x⁴`) easing in: `ease-in-quart`.
    public static let easeInQuart = TimingCurve(PennerTiming(.quart, .easeIn))
    /// Penner's quart (`x⁴`) easing out: `ease-out-quart`.
    public static let easeOutQuart = TimingCurve(PennerTiming(.quart, .easeOut))
    /// Penner's quart (`x⁴`) easing in and out: `ease-in-out-quart`.
    public static let easeInOutQuart = TimingCurve(PennerTiming(.quart, .easeInOut))

    /// Penner's quint (`x⁵`) easing in: `ease-in-quint`.
    public static let easeInQuint = TimingCurve(PennerTiming(.quint, .easeIn))
    /// Penner's quint (`x⁵`) easing out: `ease-out-quint`.
    public static let easeOutQuint = TimingCurve(PennerTiming(.quint, .easeOut))
    /// Penner's quint (`x⁵`) easing in and out: `ease-in-out-quint`.
    public static let easeInOutQuint = TimingCurve(PennerTiming(.quint, .easeInOut))

    /// Penner's sine easing in: `ease-in-sine`.
    public static let easeInSine = TimingCurve(PennerTiming(.sine, .easeIn))
    /// Penner's sine easing out: `ease-out-sine`.
    public static let easeOutSine = TimingCurve(PennerTiming(.sine, .easeOut))
    /// Penner's sine easing in and out: `ease-in-out-sine`.
    public static let easeInOutSine = TimingCurve(PennerTiming(.sine, .easeInOut))

    /// Penner's expo easing in: `ease-in-expo`.
    public static let easeInExpo = TimingCurve(PennerTiming(.expo, .easeIn))
    /// Penner's expo easing out: `ease-out-expo`.
    public static let easeOutExpo = TimingCurve(PennerTiming(.expo, .easeOut))
    /// Penner's expo easing in and out: `ease-in-out-expo`.
    public static let easeInOutExpo = TimingCurve(PennerTiming(.expo, .easeInOut))

    /// Penner's circ easing in: `ease-in-circ`.
    public static let easeInCirc = TimingCurve(PennerTiming(.circ, .easeIn))
    /// Penner's circ easing out: `ease-out-circ`.
    public static let easeOutCirc = TimingCurve(PennerTiming(.circ, .easeOut))
    /// Penner's circ easing in and out: `ease-in-out-circ`.
    public static let easeInOutCirc = TimingCurve(PennerTiming(.circ, .easeInOut))

    /// Penner's back (overshooting) easing in: `ease-in-back`.
    public static let easeInBack = TimingCurve(PennerTiming(.back, .easeIn))
    /// Penner's back (overshooting) easing out: `ease-out-back`.
    public static let easeOutBack = TimingCurve(PennerTiming(.back, .easeOut))
    /// Penner's back (overshooting) easing in and out: `ease-in-out-back`.
    public static let easeInOutBack = TimingCurve(PennerTiming(.back, .easeInOut))

    /// Penner's elastic easing in: `ease-in-elastic`.
    public static let easeInElastic = TimingCurve(PennerTiming(.elastic, .easeIn))
    /// Penner's elastic easing out: `ease-out-elastic`.
    public static let easeOutElastic = TimingCurve(PennerTiming(.elastic, .easeOut))
    /// Penner's elastic easing in and out: `ease-in-out-elastic`.
    public static let easeInOutElastic = TimingCurve(PennerTiming(.elastic, .easeInOut))

    /// Penner's bounce easing in: `ease-in-bounce`.
    public static let easeInBounce = TimingCurve(PennerTiming(.bounce, .easeIn))
    /// Penner's bounce easing out: `ease-out-bounce`.
    public static let easeOutBounce = TimingCurve(PennerTiming(.bounce, .easeOut))
    /// Penner's bounce easing in and out: `ease-in-out-bounce`.
    public static let easeInOutBounce = TimingCurve(PennerTiming(.bounce, .easeInOut))
}
