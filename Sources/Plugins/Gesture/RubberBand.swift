public import Timeline

/// Resistance past an edge, as a scroll view's: the further the finger goes past the edge, the
/// less the content follows, never more than ``dimension``.
///
/// The displayed offset for a finger `x` past the edge is `(1 − 1 / (x·c / d + 1))·d` (the curve
/// known from UIScrollView; `c` = 0.55 matches its feel), its slope at the edge is `c`, and it
/// approaches `d` far away.
///
/// ```swift
/// let band = try RubberBand(dimension: 300)         // the view's height
/// band.offset(forDistance: 100)                     // 46.48: the content moves 46 of the finger's 100
/// band.displayed(-100, in: 0...1_000)               // -46.48: pulled down past the top
/// ```
public struct RubberBand: Sendable, Hashable {
    /// The constant `c` (0.55).
    public let constant: Double
    /// The dimension `d`: the largest offset, approached far past the edge (the view's size).
    public let dimension: Double

    /// A rubber band.
    ///
    /// - Throws: ``GestureError`` for a constant or dimension that is not positive and finite.
    public init(constant: Double = 0.55, dimension: Double) throws(GestureError) {
        guard constant.isFinite, constant > 0 else { throw .outOfRange("the constant", constant, expected: "a positive number") }
        guard dimension.isFinite, dimension > 0 else { throw .outOfRange("the dimension", dimension, expected: "a positive length") }
        self.constant = constant
        self.dimension = dimension
    }

    /// The displayed offset for a finger `distance` past the edge (the sign is kept).
    public func offset(forDistance distance: Double) -> Double {
        let x = abs(distance)
        let offset = (1 - 1 / (x * constant / dimension + 1)) * dimension
        return distance < 0 ? -offset : offset
    }

    /// The finger's distance past the edge for a displayed offset: the inverse of
    /// ``offset(forDistance:)``, `(d / c)·y / (d − y)`; infinite from `dimension` on.
    public func distance(forOffset offset: Double) -> Double {
        let y = abs(offset)
        guard y < dimension else { return offset < 0 ? -.infinity : .infinity }
        let distance = dimension / constant * y / (dimension - y)
        return offset < 0 ? -distance : distance
    }

    /// How much the displayed offset moves per unit of finger movement at `distance` past the
    /// edge: `c / (x·c / d + 1)²` (`c` at the edge).
    public func slope(atDistance distance: Double) -> Double {
        let base = abs(distance) * constant / dimension + 1
        return constant / (base * base)
    }

    /// The displayed position of a finger `position`: unchanged inside `range`, banded beyond it.
    public func displayed(_ position: Double, in range: ClosedRange<Double>) -> Double {
        if position < range.lowerBound { return range.lowerBound + offset(forDistance: position - range.lowerBound) }
        if position > range.upperBound { return range.upperBound + offset(forDistance: position - range.upperBound) }
        return position
    }

    /// The finger position that displays as `displayed`: the inverse of ``displayed(_:in:)``.
    public func finger(forDisplayed displayed: Double, in range: ClosedRange<Double>) -> Double {
        if displayed < range.lowerBound { return range.lowerBound + distance(forOffset: displayed - range.lowerBound) }
        if displayed > range.upperBound { return range.upperBound + distance(forOffset: displayed - range.upperBound) }
        return displayed
    }

    /// The motion back inside after a release past the edge: a spring from the displayed position
    /// to the edge, starting with the displayed content's velocity (the finger's velocity times
    /// the band's slope there), so the content does not jump in speed when the finger lifts.
    ///
    /// - Parameters:
    ///   - finger: The finger's position at release.
    ///   - fingerVelocity: The finger's velocity at release, units per second.
    ///   - range: The content's range.
    ///   - spring: The spring back.
    /// - Returns: The spring, or `nil` when the finger is inside the range.
    /// - Throws: ``GestureError`` for non-finite input.
    public func release(
        finger: Double, fingerVelocity: Double, in range: ClosedRange<Double>, spring: Spring
    ) throws(GestureError) -> SpringAnimation<Double>? {
        try GestureError.requireFinite(finger, "the finger's position")
        try GestureError.requireFinite(fingerVelocity, "the finger's velocity")
        guard !range.contains(finger) else { return nil }
        let edge = finger < range.lowerBound ? range.lowerBound : range.upperBound
        let velocity = fingerVelocity * slope(atDistance: finger - edge)
        do {
            return try SpringAnimation(spring: spring, from: displayed(finger, in: range), to: edge, initialVelocity: velocity)
        } catch {
            throw .outOfRange("the release", finger, expected: "a finite motion (\(error))")
        }
    }
}
