extension SIMD2: Animatable where Scalar == Double {
    /// Returns the vector multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> SIMD2<Double> { self * factor }

    /// The sum of the squared components.
    @inlinable
    public var magnitudeSquared: Double { (self * self).sum() }

    /// Whether every component is finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension SIMD3: Animatable where Scalar == Double {
    /// Returns the vector multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> SIMD3<Double> { self * factor }

    /// The sum of the squared components.
    @inlinable
    public var magnitudeSquared: Double { (self * self).sum() }

    /// Whether every component is finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

extension SIMD4: Animatable where Scalar == Double {
    /// Returns the vector multiplied by `factor`.
    @inlinable
    public func scaled(by factor: Double) -> SIMD4<Double> { self * factor }

    /// The sum of the squared components.
    @inlinable
    public var magnitudeSquared: Double { (self * self).sum() }

    /// Whether every component is finite.
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }
}
