/// How closely a track (``Track/value(at:precision:)``) or a bank (``ScalarTrackBank``) follows
/// its timing curves and springs.
public enum CurvePrecision: Sendable, Hashable {
    /// Timing curves from verified tables and springs from transition tables: fast, and within
    /// 1e-9 of the exact values per unit of distance moved. `Track.value(at:)` reads the same
    /// tables.
    case tabulated
    /// Every curve and plugin segment called itself: bit for bit what
    /// `Track.value(at:precision: .identical)` returns.
    case identical
}
