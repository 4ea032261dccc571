/// SplitMix64 (Steele, Lea and Flood, 2014): a small deterministic generator, so that the
/// package's random test cases and benchmark data are the same on every run and every machine.
///
/// Package-wide, not public: Cadence itself draws no random numbers.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    /// The state, advanced by every number.
    package var state: UInt64

    /// A generator starting from `state`.
    package init(state: UInt64) {
        self.state = state
    }

    /// A generator starting from `seed` (the same as `init(state:)`).
    package init(seed: UInt64) {
        state = seed
    }

    /// The next number.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number drawn uniformly from `range`.
    package mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }
}
