/// The transition `exp(G t)` of a ``LinearTimeInvariantSegment`` for any `t` up to a coverage,
/// without exponentials or trigonometry: a table of exact transitions at a fixed spacing and a
/// Taylor polynomial for the rest.
///
/// With `t = k Δ + δ`, `|δ| <= Δ/2`, `exp(G t) = exp(G δ) · exp(G k Δ)`. The table holds
/// `exp(G k Δ)` from the segment's own ``LinearTimeInvariantSegment/transition(over:)``; `exp(G δ)`
/// is `c0(δ) I + c1(δ) G` (Cayley–Hamilton: every power of a 2×2 matrix is a combination of `I`
/// and `G`), where `c0` and `c1` are polynomials of degree ``degree`` whose coefficients come from
/// the recurrence `Gⁿ⁺¹ = (tr G · pₙ + qₙ) G - det G · pₙ I`. The spacing keeps `ρ |δ| <= 1/16` for
/// the matrix's scale `ρ`, where the series truncated after degree 7 is exact to about 6e-14
/// relative to the scale of the state. Branch free: one table read, the two polynomials side by
/// side in Estrin's scheme (three levels of products instead of seven), and three small products.
///
/// A table is checked against the segment's exact transition when it is built; one that misses
/// (a segment breaking its contract) is not used.
struct TransitionTable: Sendable {
    /// The degree of the Taylor polynomials.
    static let degree = 7
    /// The most table entries per segment kind.
    static let maximumEntries = 1 << 16
    /// The relative accuracy the check demands.
    static let tolerance = 1e-12

    /// The segment kind the table was built from (called beyond the coverage).
    let segment: any LinearTimeInvariantSegment
    /// The hot parameters.
    let header: TransitionTableHeader
    /// `exp(G k Δ)` for `k` in `0 ..< entries.count`.
    let entries: [StateMatrix]
    /// `(c0, c1)` coefficients of `δⁿ` for `n` in `0 ... degree`.
    let coefficients: [SIMD2<Double>]

    /// Builds and checks the table for transitions up to `duration` seconds, or returns `nil`
    /// when the segment's system matrix and transition disagree.
    init?(_ segment: any LinearTimeInvariantSegment, covering duration: Double) {
        let g = segment.systemMatrix
        guard g.isFinite, duration.isFinite, duration >= 0 else { return nil }
        let scale = Swift.max(
            abs(g.displacementFromDisplacement), abs(g.velocityFromVelocity),
            (abs(g.displacementFromVelocity) * abs(g.velocityFromDisplacement)).squareRoot(), 1e-6)
        guard scale.isFinite else { return nil }
        let spacing = 0.125 / scale
        let wanted = (duration / spacing).rounded(.up) + 1
        let count = Int(Swift.min(Swift.max(wanted, 2), Double(Self.maximumEntries)))
        var entries: [StateMatrix] = []
        entries.reserveCapacity(count)
        for k in 0..<count {
            let m = segment.transition(over: Double(k) * spacing)
            guard m.isFinite else { return nil }
            entries.append(m)
        }
        // Gⁿ = pₙ G + qₙ I.
        let trace = g.trace
        let determinant = g.determinant
        var p = 0.0
        var q = 1.0
        var factorial = 1.0
        var coefficients: [SIMD2<Double>] = []
        for n in 0...Self.degree {
            if n > 0 { factorial *= Double(n) }
            coefficients.append(SIMD2(q / factorial, p / factorial))
            (p, q) = (trace * p + q, -determinant * p)
        }
        self.segment = segment
        self.entries = entries
        self.coefficients = coefficients
        header = TransitionTableHeader(
            spacing: spacing, inverseSpacing: 1 / spacing, coverage: Double(count - 1) * spacing,
            scale: scale, generator: g, entryBase: 0, coefficientBase: 0, lastEntry: count - 1)
        guard isAccurate else { return nil }
    }

    /// Whether the table agrees with the exact transition at points between its entries, each
    /// entry weighed by its natural scale (velocity per displacement is `ρ` times larger).
    private var isAccurate: Bool {
        let samples = 4 * Swift.min(entries.count, 256)
        let coverage = header.coverage
        return entries.withUnsafeBufferPointer { entries in
            coefficients.withUnsafeBufferPointer { coefficients in
                for index in 0...samples {
                    // Irrational-looking fractions land between entries, near their midpoints too.
                    let t = coverage * (Double(index) + 0.4142) / Double(samples + 1)
                    let exact = segment.transition(over: t)
                    let unitDisplacement = header.propagate(
                        t, displacement: 1, velocity: 0, entries: entries.baseAddress!,
                        coefficients: coefficients.baseAddress!)
                    let unitVelocity = header.propagate(
                        t, displacement: 0, velocity: header.scale, entries: entries.baseAddress!,
                        coefficients: coefficients.baseAddress!)
                    let errors = [
                        unitDisplacement.displacement - exact.displacementFromDisplacement,
                        (unitDisplacement.velocity - exact.velocityFromDisplacement) / header.scale,
                        unitVelocity.displacement - exact.displacementFromVelocity * header.scale,
                        (unitVelocity.velocity - exact.velocityFromVelocity * header.scale) / header.scale,
                    ]
                    for error in errors where !(abs(error) <= Self.tolerance) { return false }
                }
                return true
            }
        }
    }
}

/// The parameters of a ``TransitionTable`` that its evaluation reads, as plain data.
struct TransitionTableHeader: Sendable {
    var spacing: Double
    var inverseSpacing: Double
    /// The largest time the table answers; later times call the segment.
    var coverage: Double
    /// The matrix's natural scale `ρ` (per second).
    var scale: Double
    var generator: StateMatrix
    /// Where the table's entries and coefficients start in the pools that hold them.
    var entryBase: Int
    var coefficientBase: Int
    var lastEntry: Int

    /// The state `t` seconds (`0 <= t <= coverage`) after the state `(displacement, velocity)`.
    @inline(__always)
    func propagate(
        _ t: Double, displacement: Double, velocity: Double, entries: UnsafePointer<StateMatrix>,
        coefficients: UnsafePointer<SIMD2<Double>>
    ) -> (displacement: Double, velocity: Double) {
        // The nearest entry, rounded with the bias trick (no conversion check: t <= coverage).
        let biased = t * inverseSpacing + TimingCurveTable.roundingBias
        let k = Swift.min(Int(truncatingIfNeeded: biased.bitPattern & 0xF_FFFF), lastEntry)
        let delta = t - Double(k) * spacing
        let w = entries[entryBase + k].applied(toDisplacement: displacement, velocity: velocity)
        let c = coefficients + coefficientBase
        // Estrin: (c0 + c1 δ) + δ² (c2 + c3 δ) + δ⁴ ((c4 + c5 δ) + δ² (c6 + c7 δ)).
        let d2 = delta * delta
        let d4 = d2 * d2
        let low = (c[0] + c[1] * delta) + (c[2] + c[3] * delta) * d2
        let high = (c[4] + c[5] * delta) + (c[6] + c[7] * delta) * d2
        let sum = low + high * d4
        let g = generator.applied(toDisplacement: w.displacement, velocity: w.velocity)
        return (
            sum.x * w.displacement + sum.y * g.displacement,
            sum.x * w.velocity + sum.y * g.velocity
        )
    }
}
