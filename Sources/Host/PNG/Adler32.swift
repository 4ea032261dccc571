
// Adler-32, the checksum that ends a zlib stream (RFC 1950, section 8.2).

/// A running Adler-32 checksum, the one a zlib stream (RFC 1950) ends with.
///
/// The checksum is two sums modulo 65521, the largest prime below 2¹⁶: `a`, one plus the sum
/// of the bytes, and `b`, the sum of every intermediate `a`; the value is `b << 16 | a`. Feed
/// bytes in any number of `update(_:)` calls.
///
///     var adler = Adler32()
///     adler.update("Wikipedia".utf8)
///     adler.value // 0x11E60398
///
/// - Complexity: O(*n*) in the bytes fed, 16 bytes a step; the modulo is taken once per
///   64 KiB.
package struct Adler32: RunningChecksum, Sendable, Hashable {
    /// The modulus, the largest prime smaller than 65536.
    private static let modulus: UInt32 = 65521

    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// A checksum of no bytes (its `value` is 1).
    package init() {}

    /// The Adler-32 of every byte fed so far.
    package var value: UInt32 { b << 16 | a }

    /// Folds `bytes` into the checksum.
    ///
    /// - Complexity: O(`bytes.count`).
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var pointer = bytes.baseAddress, bytes.count > 0 else { return }
        var remaining = bytes.count
        while remaining >= 16 {
            let length = min(remaining, Adler32.vectorBlockLength) & ~15
            foldVectors(pointer, count: length)
            pointer += length
            remaining -= length
        }
        // The last few bytes (fewer than 16), one at a time.
        for index in 0..<remaining {
            a += UInt32(pointer.load(fromByteOffset: index, as: UInt8.self))
            b += a
        }
        a %= Adler32.modulus
        b %= Adler32.modulus
    }

    /// The most bytes folded by `foldVectors` at once: 4096 vectors of 16 bytes, the most for
    /// which the 32-bit running sums cannot overflow (4096·4097/2·255 < 2³²).
    private static let vectorBlockLength = 16 * 4096

    /// Vectors summed in 16-bit lanes before they are widened: 22·23/2·255 < 2¹⁶.
    private static let narrowRun = 22

    /// Folds `count` bytes (a multiple of 16, at most `vectorBlockLength`) 16 at a time.
    ///
    /// For bytes x₀…xₙ₋₁, a gains Σxᵢ and b gains n·a + Σ(n − i)·xᵢ. With i = 16k + j (vector
    /// k, byte j) and K = n / 16 vectors, Σ(n − i)·xᵢ = 16·Σⱼ Bⱼ − Σⱼ j·Aⱼ, where Aⱼ = Σₖ x₍ₖ,ⱼ₎
    /// and Bⱼ = Σₖ (K − k)·x₍ₖ,ⱼ₎, the sum of byte j's running sums.
    ///
    /// Runs of up to 22 vectors are summed in 16-bit lanes (even and odd bytes apart), then
    /// added to 32-bit lanes: a run of N vectors adds its sums to A and N·A + its running sums
    /// to B.
    private mutating func foldVectors(_ start: UnsafeRawPointer, count: Int) {
        typealias Wide = SIMD4<UInt32>
        // Byte j = 4·lane + offset, for offsets 0 (even byte, low half of a 32-bit lane),
        // 1 (odd, low), 2 (even, high), 3 (odd, high).
        var sums = (Wide(), Wide(), Wide(), Wide())
        var running = (Wide(), Wide(), Wide(), Wide())
        var offset = 0
        while offset < count {
            let run = min(Adler32.narrowRun, (count - offset) / 16)
            var evenSums = SIMD8<UInt16>(), oddSums = SIMD8<UInt16>()
            var evenRunning = SIMD8<UInt16>(), oddRunning = SIMD8<UInt16>()
            for _ in 0..<run {
                let words = SIMD8<UInt16>(littleEndianBytesAt: start + offset)
                evenSums &+= words & 0xFF
                oddSums &+= words &>> 8
                evenRunning &+= evenSums
                oddRunning &+= oddSums
                offset += 16
            }
            let length = UInt32(run)
            // 16-bit lanes 2·m and 2·m + 1 share 32-bit lane m; `low` takes lane 2·m.
            #if _endian(big)
            func low(_ v: SIMD8<UInt16>) -> Wide { unsafeBitCast(v, to: Wide.self) &>> 16 }
            func high(_ v: SIMD8<UInt16>) -> Wide { unsafeBitCast(v, to: Wide.self) & 0xFFFF }
            #else
            func low(_ v: SIMD8<UInt16>) -> Wide { unsafeBitCast(v, to: Wide.self) & 0xFFFF }
            func high(_ v: SIMD8<UInt16>) -> Wide { unsafeBitCast(v, to: Wide.self) &>> 16 }
            #endif
            running.0 &+= length &* sums.0 &+ low(evenRunning)
            running.1 &+= length &* sums.1 &+ low(oddRunning)
            running.2 &+= length &* sums.2 &+ high(evenRunning)
            running.3 &+= length &* sums.3 &+ high(oddRunning)
            sums.0 &+= low(evenSums)
            sums.1 &+= low(oddSums)
            sums.2 &+= high(evenSums)
            sums.3 &+= high(oddSums)
        }
        let laneBase = SIMD4<UInt64>(0, 4, 8, 12)
        func wide(_ lanes: Wide) -> SIMD4<UInt64> { SIMD4<UInt64>(truncatingIfNeeded: lanes) }
        let byteSum = (wide(sums.0) &+ wide(sums.1) &+ wide(sums.2) &+ wide(sums.3)).wrappedSum()
        let runningTotal = (wide(running.0) &+ wide(running.1) &+ wide(running.2) &+ wide(running.3)).wrappedSum()
        let weighted = (laneBase &* wide(sums.0) &+ (laneBase &+ 1) &* wide(sums.1)
            &+ (laneBase &+ 2) &* wide(sums.2) &+ (laneBase &+ 3) &* wide(sums.3)).wrappedSum()
        let modulus = UInt64(Adler32.modulus)
        let newB = UInt64(b) + UInt64(count) * UInt64(a) + 16 * runningTotal - weighted
        a = UInt32((UInt64(a) + byteSum) % modulus)
        b = UInt32(newB % modulus)
    }

    /// The Adler-32 of `bytes`.
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }

    /// The Adler-32 of the bytes of a sequence.
    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }
}

extension SIMD8<UInt16> {
    /// Eight 16-bit lanes from 16 bytes at `pointer` (any alignment), read as little-endian, so
    /// lane l holds byte 2·l in its low half and byte 2·l + 1 in its high half.
    @inline(__always)
    fileprivate init(littleEndianBytesAt pointer: UnsafeRawPointer) {
        self = pointer.loadUnaligned(as: SIMD8<UInt16>.self)
        #if _endian(big)
        self = (self &<< 8) | (self &>> 8)
        #endif
    }
}
