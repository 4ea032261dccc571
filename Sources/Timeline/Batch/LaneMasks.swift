/// Two-lane tests written so that they compile to a mask instruction and one branch on x86-64's
/// baseline (SSE2): the standard library's `all` and `any` reduce lane by lane through scalar
/// registers (and a signed test of the lanes makes the compiler materialise a flag first), and a
/// SIMD `-x` is `0 - x`, which leaves +0.0 as +0.0 instead of -0.0.
extension SIMDMask where Storage == SIMD2<Int64> {
    /// Whether both lanes are set (`movmskpd` and a compare).
    @inline(__always)
    var bothSet: Bool {
        let bits = unsafeBitCast(self, to: SIMD2<UInt64>.self)
        return bits.x & bits.y != 0
    }

    /// Whether either lane is set.
    @inline(__always)
    var eitherSet: Bool {
        let bits = unsafeBitCast(self, to: SIMD2<UInt64>.self)
        return bits.x | bits.y != 0
    }
}

extension SIMD2 where Scalar == Double {
    /// Whether either lane is NaN.
    @inline(__always)
    var eitherIsNaN: Bool { (self .!= self).eitherSet }

    /// Each lane with its sign flipped: exact, -0.0 for +0.0 (unlike `0 - self`).
    @inline(__always)
    var signFlipped: SIMD2<Double> {
        unsafeBitCast(unsafeBitCast(self, to: SIMD2<UInt64>.self) ^ (1 << 63), to: SIMD2<Double>.self)
    }

    /// Each lane where `mask` is clear, +0.0 where it is set.
    @inline(__always)
    func zeroed(where mask: SIMD2<Int64>) -> SIMD2<Double> {
        unsafeBitCast(unsafeBitCast(self, to: SIMD2<Int64>.self) & ~mask, to: SIMD2<Double>.self)
    }
}
