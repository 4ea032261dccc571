
// The bit order of deflate (RFC 1951, section 3.1.1): bits fill each byte from its least
// significant bit up; values are written least significant bit first.

/// A growable byte buffer written bit by bit in deflate's order (each byte filled from its least
/// significant bit).
///
/// Small writes go through `write(_:bitCount:)`. Hot loops reserve room once and write through
/// an unsafe handle, `withUnsafeBits(reservingBits:_:)`, which never checks capacity per write.
/// The storage is kept between streams (`removeAll()` keeps it), so a writer reused for
/// streams of similar size stops allocating.
package struct BitWriter: Sendable {
    /// The bytes; only the first `byteCount` are written. Its count is its capacity: the tail is
    /// zero-filled room for writes of whole 64-bit words.
    private var storage: [UInt8] = []

    /// The number of complete bytes written.
    private(set) var byteCount = 0

    /// Bits written but not yet stored as a whole byte (always fewer than 8, in the low bits).
    private var pendingBits: UInt64 = 0
    private var pendingCount = 0

    /// An empty writer.
    package init() {}

    /// The number of bits written so far.
    package var bitCount: Int { byteCount * 8 + pendingCount }

    /// Forgets everything written, keeping the storage for the next stream.
    package mutating func removeAll() {
        byteCount = 0
        pendingBits = 0
        pendingCount = 0
    }

    /// Writes the low `bitCount` bits of `bits` (at most 56), least significant first.
    package mutating func write(_ bits: UInt64, bitCount: Int) {
        withUnsafeBits(reservingBits: bitCount) { $0.write(bits, bitCount: bitCount) }
    }

    /// Pads with zero bits up to the next byte boundary.
    package mutating func alignToByte() {
        if pendingCount > 0 { write(0, bitCount: 8 - pendingCount) }
    }

    /// Appends whole bytes. The writer must be at a byte boundary.
    package mutating func write(bytes: UnsafeRawBufferPointer) {
        precondition(pendingCount == 0, "byte writes need a byte boundary")
        guard bytes.count > 0 else { return }
        reserve(bits: bytes.count * 8)
        let offset = byteCount
        storage.withUnsafeMutableBytes { destination in
            UnsafeMutableRawBufferPointer(rebasing: destination[offset..<offset + bytes.count])
                .copyMemory(from: bytes)
        }
        byteCount += bytes.count
    }

    /// Appends a 32-bit value as four bytes, most significant first (zlib's Adler-32 order).
    /// The writer must be at a byte boundary.
    package mutating func writeBigEndian(_ value: UInt32) {
        withUnsafeBytes(of: value.bigEndian) { write(bytes: $0) }
    }

    /// Calls `body` with the bytes written so far. Pending bits (less than a byte) are not
    /// included: call `alignToByte()` first.
    package func withWrittenBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<byteCount])) }
    }

    /// Reserves room for `bits` more bits, then gives `body` a handle that writes without any
    /// capacity check. `body` must write at most `bits` bits.
    package mutating func withUnsafeBits<R>(reservingBits bits: Int, _ body: (inout Sink) throws -> R) rethrows -> R {
        reserve(bits: bits)
        var sink = Sink(base: nil, offset: byteCount, bits: pendingBits, count: pendingCount)
        let result = try storage.withUnsafeMutableBytes { bytes in
            sink.base = bytes.baseAddress!
            return try body(&sink)
        }
        byteCount = sink.offset
        pendingBits = sink.bits
        pendingCount = sink.count
        return result
    }

    /// Makes room for `bits` more bits plus a 64-bit word of slack, growing geometrically.
    private mutating func reserve(bits: Int) {
        let needed = byteCount + (bits + pendingCount + 7) / 8 + 8
        if needed > storage.count {
            let grown = max(needed, storage.count * 2, 4096)
            storage.append(contentsOf: repeatElement(0, count: grown - storage.count))
        }
    }

    /// An unchecked bit sink over a `BitWriter`'s reserved storage (see `withUnsafeBits`).
    package struct Sink {
        fileprivate var base: UnsafeMutableRawPointer?
        fileprivate var offset: Int
        fileprivate var bits: UInt64
        fileprivate var count: Int

        /// Writes the low `bitCount` bits of `value` (at most 56; higher bits must be zero).
        @inline(__always)
        package mutating func write(_ value: UInt64, bitCount: Int) {
            assert(bitCount <= 56 && value >> bitCount == 0, "at most 56 bits, no stray high bits")
            bits |= value &<< UInt64(count)
            count += bitCount
            // Store a whole word (the reserved slack makes this safe), keep the partial byte.
            base.unsafelyUnwrapped.storeBytes(of: bits.littleEndian, toByteOffset: offset, as: UInt64.self)
            let whole = count & ~7
            offset &+= whole &>> 3
            bits = bits &>> UInt64(whole)
            count &= 7
        }
    }
}
