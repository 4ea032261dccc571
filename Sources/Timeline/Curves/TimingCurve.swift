/// A timing function as a value: what a keyframe's segment eases with.
///
/// `TimingCurve` wraps any ``TimingFunction`` so that keyframes, documents and the command line
/// can hold curves of every kind in one type. Built-in curves are static members: ``linear`` here,
/// and the easing plugin adds `easeIn`, `easeInOut`, `cubicBezier(_:_:_:_:)`, `steps(_:_:)` and
/// the rest.
///
/// ```swift
/// let keyframe = Keyframe(time: 0.5, value: 1.0, .timing(.linear))
/// ```
public struct TimingCurve: Sendable, CustomStringConvertible {
    /// The function, with where the copies of this curve keep its shared table once one of them
    /// has looked it up: one object, so a copy of a curve is one retain; `nil` for linear timing.
    /// An optional, not an enum: its members are read in place (binding an enum's payload copied
    /// the slot, a retain and a release for every animator made).
    @usableFromInline
    let slot: CurveTableSlot?

    /// Wraps a timing function.
    ///
    /// - Parameter function: The function that maps linear progress to eased progress.
    public init(_ function: some TimingFunction) {
        slot = function is LinearTiming ? nil : CurveTableSlot(function)
    }

    /// The curve's shared table (``SharedCurveTable``), or `nil` for linear timing and curves no
    /// table follows: looked up the first time any copy of this curve asks, then read from the
    /// curve itself. 10,000 animators made with `.easeInOut` look it up once, not 10,000 times.
    var sharedTable: SharedCurveTable? {
        slot?.sharedTable
    }

    /// The shared table's pieces, or `nil` as for ``sharedTable``: valid for as long as this curve
    /// (or any copy of it) lives, which keeps the table; nothing is retained.
    var sharedTablePieces: UnsafePointer<Double>? {
        slot?.sharedTablePieces
    }

    /// Constant-rate progress.
    public static let linear = TimingCurve(LinearTiming())

    /// Whether this is the identity curve.
    public var isLinear: Bool {
        slot == nil
    }

    /// The wrapped timing function.
    public var function: any TimingFunction {
        slot?.function ?? LinearTiming()
    }

    /// `x` clamped to `0...1`, with NaN taken as 0.
    @inlinable
    static func clamp(_ x: Double) -> Double {
        x > 0 ? min(x, 1) : 0
    }

    /// The eased progress at linear progress `x`, with `x` clamped to `0...1` (NaN counts as 0).
    @inlinable
    public func value(at x: Double) -> Double {
        guard let slot else { return Self.clamp(x) }
        return slot.function.value(at: Self.clamp(x))
    }

    /// The eased progress at linear progress `x` with CSS's before flag (see
    /// ``TimingFunction/value(at:beforeFlag:)``), with `x` clamped to `0...1` (NaN counts as 0).
    @inlinable
    public func value(at x: Double, beforeFlag: Bool) -> Double {
        guard let slot else { return Self.clamp(x) }
        return slot.function.value(at: Self.clamp(x), beforeFlag: beforeFlag)
    }

    /// The derivative of the eased progress at linear progress `x`, with `x` clamped to `0...1`
    /// (NaN counts as 0).
    @inlinable
    public func derivative(at x: Double) -> Double {
        guard let slot else { return 1 }
        return slot.function.derivative(at: Self.clamp(x))
    }

    /// The linear progress at which the curve reaches `y`, or `nil` if the curve has no inverse.
    public func inverse(of y: Double) -> Double? {
        function.inverse(of: y)
    }

    /// The curve in Cadence's textual syntax.
    public var description: String { function.description }
}

/// A curve's function, and where the copies of one ``TimingCurve`` keep its shared table, once
/// looked up: a ``OnceReference``, so a read is one load (every animator made with `.easeInOut`
/// reads it; a lock here was an eighth of making an animator).
@usableFromInline
final class CurveTableSlot: Sendable {
    /// The timing function.
    @usableFromInline let function: any TimingFunction
    private let table = OnceReference<SharedCurveTable>()

    init(_ function: any TimingFunction) {
        self.function = function
    }

    /// The function's shared table (`nil`: no table follows the curve), looked up the first time
    /// it is asked for and kept. Looked up outside any lock (the cache has its own): two threads
    /// may both look it up, and find the same table.
    var sharedTable: SharedCurveTable? {
        table.object(orSettle: { Self.lookUpTable(of: self) })
    }

    /// The pieces of the function's shared table (looked up the first time), read without
    /// retaining it: the slot keeps the table, so the pointer is valid for as long as whoever
    /// holds the slot (a copy of the curve). The lookup is given the slot rather than capturing
    /// it: a capturing closure (or the method itself) cost every animator made a retain and a
    /// release.
    var sharedTablePieces: UnsafePointer<Double>? {
        table.withObject(orSettle: Self.lookUpTable, from: self) { UnsafePointer($0.pieces) }
    }

    /// The process's shared table of `slot`'s function.
    private static func lookUpTable(of slot: CurveTableSlot) -> SharedCurveTable? {
        SharedCurveTable.table(for: slot.function)
    }
}
