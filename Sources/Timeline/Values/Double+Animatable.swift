extension Double: Animatable {
    /// Returns `self * factor`.
    @inlinable
    public func scaled(by factor: Double) -> Double { self * factor }

    /// The square of the value.
    @inlinable
    public var magnitudeSquared: Double { self * self }
}

extension Float: Animatable {
    /// Returns `self * factor`, computed in `Double` and rounded once.
    @inlinable
    public func scaled(by factor: Double) -> Float { Float(Double(self) * factor) }

    /// The square of the value, as a `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self) * Double(self) }
}
