
/// 64-bit FNV-1a (Fowler, Noll and Vo), Cadence's one content hash: over bytes for text and
/// documents (goldens' values, shards' render identity, benchmark workloads' fingerprints), and over
/// little-endian 64-bit words for pixels.
///
/// Each step, `hash = (hash ^ input) &* prime`, is a bijection of the hash for a fixed input and
/// gives different hashes for different inputs, so two inputs of the same length that differ in one
/// byte (or one word) always hash differently: a golden detects every single changed channel of a
/// pixel and every single changed character of a frame's values, not just most of them.
package enum FNV1a {
    private static let offset: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of a text's UTF-8 bytes.
    package static func text(_ text: some StringProtocol) -> UInt64 {
        bytes(text.utf8)
    }

    /// The hash of a sequence of bytes, one at a time.
    ///
    /// - Complexity: O(n) in the number of bytes.
    package static func bytes(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offset
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    /// The hash of bytes taken eight at a time as little-endian words, then the remaining bytes
    /// one at a time, then the count (so that trailing zero bytes count).
    package static func words(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offset
        let wordCount = bytes.count / 8
        for index in 0..<wordCount {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            hash = (hash ^ word) &* prime
        }
        for index in (wordCount * 8)..<bytes.count { hash = (hash ^ UInt64(bytes[index])) &* prime }
        return (hash ^ UInt64(bytes.count)) &* prime
    }

    /// Sixteen lower-case hexadecimal digits.
    package static func hex(_ hash: UInt64) -> String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash written by ``hex(_:)``, or `nil`.
    package static func parse(_ text: some StringProtocol) -> UInt64? {
        guard text.utf8.count == 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        return UInt64(text, radix: 16)
    }
}
