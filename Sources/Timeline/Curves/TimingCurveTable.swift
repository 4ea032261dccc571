/// A timing curve sampled into cubic pieces, checked against the curve, for evaluation in a few
/// nanoseconds.
///
/// The table places ``cellCount`` + 1 pieces on `0...1`, piece `k` around `k / cellCount`, each a
/// cubic Hermite fitted to the curve's public ``TimingCurve/value(at:)`` and
/// ``TimingCurve/derivative(at:)`` at the ends of its interval. Each piece is then compared with
/// the curve at seven points inside its interval; a piece that misses by more than the tolerance is
/// replaced by 16 pieces over the same interval, to a depth of three levels (intervals of about
/// 1/1,000,000). Where even that fails (a jump, as in `steps(4)`, or a kink at the deepest level)
/// the table calls the curve itself. So any ``TimingFunction`` can be tabulated, through its public
/// interface only, and the table never answers worse than it was verified to:
///
/// ```swift
/// let table = TimingCurveTable(.easeInOut)     // from the easing plugin
/// table.value(at: 0.25)                        // within 1e-9 of TimingCurve.easeInOut
/// table.maximumError                           // the largest error found, below the tolerance
/// table.directFraction                         // 0: no part of 0...1 needs the curve itself
/// ```
///
/// Curves whose slope vanishes at an end (`ease-in` at 1, `ease-out` at 0) have a singular
/// second derivative there when read as a function of the input; the refinement is what keeps
/// them within the tolerance where a uniform table would not be.
///
/// - Complexity: ``value(at:)`` is O(1): one piece read and a cubic, plus at most three more reads
///   in refined pieces. Building calls the curve about 2,300 times, more for curves with singular
///   ends or jumps.
public struct TimingCurveTable: Sendable {
    /// The number of intervals at the top level (the table has one more piece).
    public static let cellCount = 256
    /// The tolerance used when none is given: 1e-9, so that a tabulated curve stays within 1e-7
    /// of the exact curve with room to spare for the curve's own solver error.
    public static let defaultTolerance = 1e-9
    /// How many pieces replace a piece that misses the tolerance.
    @usableFromInline static let subdivision = 16
    /// How many times a piece may be subdivided.
    static let maximumDepth = 3
    /// The most pieces one table may hold (top level included).
    static let maximumPieces = 16_384
    /// `1.5 × 2⁵²`: adding it rounds a number below 2⁵¹ to an integer held in the low bits.
    @usableFromInline static let roundingBias = 6_755_399_441_055_744.0

    /// The curve the table samples.
    public let curve: TimingCurve
    /// The largest error the table may have at its check points.
    public let tolerance: Double
    /// The largest difference from the curve found at the check points of the tabulated pieces.
    public let maximumError: Double
    /// The part of `0...1` (by length) where the table calls the curve instead of a piece.
    public let directFraction: Double

    /// Four coefficients per piece. A cubic piece is `c0 + c1 s + c2 s² + c3 s³`; top-level piece
    /// `k` takes `s = 256 x - k` in `-0.5...0.5`, a subdivided piece `s` in `0...1` across its
    /// interval. A piece whose `c0` is NaN is not cubic: `(NaN, lo, scale, first)` is split into 16
    /// pieces from index `first`, the `j`-th covering `j <= (x - lo) × scale < j + 1`; `first < 0`
    /// means the curve is called there.
    let coefficients: [Double]

    /// Samples `curve` into a table that agrees with it within `tolerance` at its check points.
    ///
    /// - Parameters:
    ///   - curve: Any timing curve.
    ///   - tolerance: The largest acceptable error in eased progress; 1e-9 by default. Values
    ///     below 1e-15 are raised to 1e-15, and NaN is read as the default.
    /// - Complexity: O(number of pieces): about 2,300 calls of the curve for a smooth curve.
    public init(_ curve: TimingCurve, tolerance: Double = defaultTolerance) {
        let tolerance = tolerance.isNaN ? Self.defaultTolerance : Swift.max(tolerance, 1e-15)
        self.curve = curve
        self.tolerance = tolerance
        var builder = Builder(curve: curve, tolerance: tolerance)
        builder.build()
        coefficients = builder.coefficients
        maximumError = builder.maximumError
        directFraction = builder.directFraction
    }

    /// Whether every input is answered by a piece (no part of `0...1` calls the curve).
    public var isFullyTabulated: Bool { directFraction == 0 }

    /// The number of pieces, subdivided ones included.
    public var pieceCount: Int { coefficients.count / 4 }

    /// The eased progress at `x`, clamped to `0...1` as ``TimingCurve/value(at:)`` clamps it.
    ///
    /// - Parameter x: Linear progress; NaN counts as 0.
    /// - Returns: The table's value, within ``tolerance`` of the curve at its check points.
    /// - Complexity: O(1), no allocation.
    public func value(at x: Double) -> Double {
        let clamped = x > 0 ? Swift.min(x, 1) : 0
        return coefficients.withUnsafeBufferPointer { pieces in
            Self.lookup(clamped, base: 0, pieces: pieces.baseAddress!) { curve }
        }
    }

    /// The table's value at `x` in `0...1`, for a table whose top level starts at piece `base` of
    /// `pieces` (a bank keeps many tables in one pool).
    @inlinable @inline(__always)
    static func lookup(
        _ x: Double, base: Int, pieces: UnsafePointer<Double>, curve: () -> TimingCurve
    ) -> Double {
        let (piece, s) = topPiece(x)
        let value = evaluate(pieces + 4 * (base + piece), at: s)
        if !value.isNaN { return value }
        return refinedValue(x, piece: base + piece, pieces: pieces, curve: curve())
    }

    /// The top-level piece around `x` in `0...1` and the offset `s = 256 x - k` in `-0.5...0.5`,
    /// without a conversion check: `x × 256` is at most 256.
    @inlinable @inline(__always)
    static func topPiece(_ x: Double) -> (Int, Double) {
        let scaled = x * Double(cellCount)
        let biased = scaled + roundingBias
        let nearest = biased - roundingBias
        return (Int(truncatingIfNeeded: biased.bitPattern & 0x1FF), scaled - nearest)
    }

    /// The value in a subdivided piece, or the curve's where the table calls it.
    @usableFromInline @inline(never)
    static func refinedValue(
        _ x: Double, piece: Int, pieces: UnsafePointer<Double>, curve: TimingCurve
    ) -> Double {
        var record = pieces + 4 * piece
        while record[3] >= 0 {
            let scaled = Swift.min(Swift.max((x - record[1]) * record[2], 0), Double(subdivision))
            let sub = Swift.min(Int(scaled), subdivision - 1)
            let next = pieces + 4 * (Int(record[3]) + sub)
            let value = evaluate(next, at: scaled - Double(sub))
            if !value.isNaN { return value }
            record = next
        }
        return curve.value(at: x)
    }

    /// `c0 + c1 s + c2 s² + c3 s³` by Horner's rule.
    @inlinable @inline(__always)
    static func evaluate(_ c: UnsafePointer<Double>, at s: Double) -> Double {
        ((c[3] * s + c[2]) * s + c[1]) * s + c[0]
    }
}

extension TimingCurveTable: CustomStringConvertible {
    /// `table of ease-in (409 pieces, largest error 7.2e-10)`, and the part of `0...1` where the
    /// curve is called, if any.
    public var description: String {
        var text = "table of \(curve) (\(pieceCount) pieces, largest error \(maximumError)"
        if !isFullyTabulated { text += ", calls the curve on \(directFraction) of 0...1" }
        return text + ")"
    }
}
