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
    @usableFromInline
    enum Storage: Sendable {
        case linear
        /// The function, and where the copies of this curve keep its shared table once one of
        /// them has looked it up.
        case function(any TimingFunction, CurveTableSlot)
    }

    @usableFromInline
    let storage: Storage

    /// Wraps a timing function.
    ///
    /// - Parameter function: The function that maps linear progress to eased progress.
    public init(_ function: some TimingFunction) {
        if function is LinearTiming {
            storage = .linear
        } else {
            storage = .function(function, CurveTableSlot())
        }
    }

    /// The curve's shared table (``SharedCurveTable``), or `nil` for linear timing and curves no
    /// table follows: looked up the first time any copy of this curve asks, then read from the
    /// curve itself. 10,000 animators made with `.easeInOut` look it up once, not 10,000 times.
    var sharedTable: SharedCurveTable? {
        // The slot alone: binding the function too would copy the existential (and retain it)
        // at every read; it is needed only for the first lookup.
        guard case .function(_, let slot) = storage else { return nil }
        return slot.table(orLookUp: SharedCurveTable.table(for: function))
    }

    /// Constant-rate progress.
    public static let linear = TimingCurve(LinearTiming())

    /// Whether this is the identity curve.
    public var isLinear: Bool {
        if case .linear = storage { return true }
        return false
    }

    /// The wrapped timing function.
    public var function: any TimingFunction {
        switch storage {
        case .linear: LinearTiming()
        case .function(let function, _): function
        }
    }

    /// `x` clamped to `0...1`, with NaN taken as 0.
    @inlinable
    static func clamp(_ x: Double) -> Double {
        x > 0 ? min(x, 1) : 0
    }

    /// The eased progress at linear progress `x`, with `x` clamped to `0...1` (NaN counts as 0).
    @inlinable
    public func value(at x: Double) -> Double {
        switch storage {
        case .linear: return Self.clamp(x)
        case .function(let function, _): return function.value(at: Self.clamp(x))
        }
    }

    /// The eased progress at linear progress `x` with CSS's before flag (see
    /// ``TimingFunction/value(at:beforeFlag:)``), with `x` clamped to `0...1` (NaN counts as 0).
    @inlinable
    public func value(at x: Double, beforeFlag: Bool) -> Double {
        switch storage {
        case .linear: return Self.clamp(x)
        case .function(let function, _): return function.value(at: Self.clamp(x), beforeFlag: beforeFlag)
        }
    }

    /// The derivative of the eased progress at linear progress `x`, with `x` clamped to `0...1`
    /// (NaN counts as 0).
    @inlinable
    public func derivative(at x: Double) -> Double {
        switch storage {
        case .linear: return 1
        case .function(let function, _): return function.derivative(at: Self.clamp(x))
        }
    }

    /// The linear progress at which the curve reaches `y`, or `nil` if the curve has no inverse.
    public func inverse(of y: Double) -> Double? {
        function.inverse(of: y)
    }

    /// The curve in Cadence's textual syntax.
    public var description: String { function.description }
}

/// Where the copies of one ``TimingCurve`` keep its shared table, once looked up.
@usableFromInline
final class CurveTableSlot: Sendable {
    /// `nil` until the first lookup; then the table, or `.some(nil)` for a curve no table follows.
    private let table = Locked<SharedCurveTable??>(nil)

    @usableFromInline
    init() {}

    /// The table stored, or `lookUp()`'s, stored, the first time.
    func table(orLookUp lookUp: @autoclosure () -> SharedCurveTable?) -> SharedCurveTable? {
        if let known = table.withLock({ $0 }) { return known }
        // Looked up outside the lock (the cache has its own): two threads may both look it up,
        // and find the same table.
        let found = lookUp()
        return table.withLock { stored in
            if let known = stored { return known }
            stored = .some(found)
            return found
        }
    }
}
