import Testing
import Timeline

/// The package's seeded generator, so that random tests are reproducible.
typealias ValuesTestRandom = SplitMix64

extension SplitMix64 {
    /// A number drawn uniformly from `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double { uniform(range) }
}

/// Checks that `actual` is within `tolerance` of `expected`, reporting both on failure.
func expectValue(
    _ actual: Double, near expected: Double, tolerance: Double = 1e-12,
    _ what: @autoclosure () -> String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        abs(actual - expected) <= tolerance,
        "\(what()) \(actual) is not within \(tolerance) of \(expected)",
        sourceLocation: sourceLocation)
}

/// Checks that two animatable values differ by at most `tolerance` (Euclidean norm).
func expectValue<Value: Animatable>(
    _ actual: Value, near expected: Value, tolerance: Double = 1e-12,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        (actual - expected).magnitude <= tolerance,
        "\(actual) is not within \(tolerance) of \(expected)", sourceLocation: sourceLocation)
}

/// Checks the vector-space contract of ``Animatable`` on three values and two scalars.
func expectVectorSpaceAxioms<Value: Animatable>(
    _ a: Value, _ b: Value, _ c: Value, _ s: Double, _ t: Double, tolerance: Double = 1e-9,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    // Exact identities.
    #expect(a + .zero == a, "a + 0 == a", sourceLocation: sourceLocation)
    #expect(a - a == .zero, "a - a == 0", sourceLocation: sourceLocation)
    #expect(a.scaled(by: 1) == a, "1·a == a", sourceLocation: sourceLocation)
    #expect(a.scaled(by: 0) == .zero, "0·a == 0", sourceLocation: sourceLocation)
    #expect(a + b == b + a, "a + b == b + a", sourceLocation: sourceLocation)
    #expect(Value.zero.magnitudeSquared == 0, "|0| == 0", sourceLocation: sourceLocation)
    // Identities up to rounding.
    expectValue((a + b) + c, near: a + (b + c), tolerance: tolerance,
        sourceLocation: sourceLocation)
    expectValue(a.scaled(by: s).scaled(by: t), near: a.scaled(by: s * t), tolerance: tolerance,
        sourceLocation: sourceLocation)
    expectValue((a + b).scaled(by: s), near: a.scaled(by: s) + b.scaled(by: s),
        tolerance: tolerance,
        sourceLocation: sourceLocation)
    expectValue(a.scaled(by: s + t), near: a.scaled(by: s) + a.scaled(by: t), tolerance: tolerance,
        sourceLocation: sourceLocation)
    expectValue(a.scaled(by: s).magnitudeSquared, near: s * s * a.magnitudeSquared,
        tolerance: tolerance * max(1, s * s * a.magnitudeSquared), "|s·a|² == s²|a|²",
        sourceLocation: sourceLocation)
    #expect(a.magnitudeSquared >= 0, sourceLocation: sourceLocation)
    #expect(a.interpolated(to: b, fraction: 0) == a, sourceLocation: sourceLocation)
    expectValue(a.interpolated(to: b, fraction: 1), near: b, tolerance: tolerance,
        sourceLocation: sourceLocation)
}

/// The largest difference between corresponding entries of two matrices.
func largestEntryDifference(_ m: AffineMatrix, _ n: AffineMatrix) -> Double {
    [m.a - n.a, m.b - n.b, m.c - n.c, m.d - n.d, m.tx - n.tx, m.ty - n.ty].map(abs).max()!
}

/// Checks that every entry of `actual` is within `tolerance` of the entry of `expected`.
func expectMatrix(
    _ actual: AffineMatrix, near expected: AffineMatrix, tolerance: Double = 1e-12,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        largestEntryDifference(actual, expected) <= tolerance,
        "\(actual) is not within \(tolerance) of \(expected)", sourceLocation: sourceLocation)
}

/// A random matrix with entries in `-range...range`.
func randomMatrix(_ random: inout ValuesTestRandom, range: Double = 10) -> AffineMatrix {
    AffineMatrix(
        a: random.double(in: -range...range), b: random.double(in: -range...range),
        c: random.double(in: -range...range), d: random.double(in: -range...range),
        tx: random.double(in: -100...100), ty: random.double(in: -100...100))
}
