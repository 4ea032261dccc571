/// How a compiled segment is evaluated: a kind in the top 4 bits, a payload in the other 28.
///
/// Segment codes (one per keyframe: the segment arriving at it) and the codes of a playhead's
/// active segments share these kinds.
enum SegmentCode {
    static let kindShift: UInt32 = 28
    static let payloadMask: UInt32 = (1 << 28) - 1

    /// A tabulated curve; payload: the index of the table's first piece (0: the constant 0).
    static let table: UInt32 = 0
    /// Linear progress.
    static let linear: UInt32 = 1
    /// Holds the start value.
    static let hold: UInt32 = 2
    /// A timing function called directly; payload: index into `directCurves`.
    static let direct: UInt32 = 3
    /// A cubic Hermite segment; payload: index into `hermiteVelocities`.
    static let hermite: UInt32 = 4
    /// A linear time-invariant segment by its table; payload: index into `linearSegments`.
    static let linearTimeInvariant: UInt32 = 5
    /// A plugin segment called through its weights; payload: index into `customSegments`.
    static let custom: UInt32 = 6
    /// (Playhead only.) A linear time-invariant segment stepped frame to frame; payload: the
    /// transition table's index.
    static let stepped: UInt32 = 7
    /// (Playhead only.) Any other segment, evaluated from the bank through the cursor.
    static let general: UInt32 = 8

    /// The code of the constant 0 curve: what holds and the ends of a track use.
    static let constant: UInt32 = 0

    @inline(__always)
    static func make(_ kind: UInt32, _ payload: Int) -> UInt32 {
        kind << kindShift | UInt32(truncatingIfNeeded: payload)
    }

    @inline(__always)
    static func kind(_ code: UInt32) -> UInt32 { code >> kindShift }

    @inline(__always)
    static func payload(_ code: UInt32) -> Int { Int(code & payloadMask) }
}

/// The start velocity of a linear time-invariant segment and the table of its kind.
struct LinearSegmentRecord: Sendable {
    var startVelocity: Double
    var table: Int
}

/// A plugin segment played through its weights, with its resolved velocities.
struct CustomSegmentRecord: Sendable {
    var interpolator: any SegmentInterpolator
    var startVelocity: Double
    var endVelocity: Double
}
