
// CRC-32 as PNG (and zip, gzip, Ethernet) uses it: the CRC-32/ISO-HDLC parameters.
// Written from the PNG specification, annex D, and the "slicing-by-8" idea (eight tables, so
// that eight input bytes are folded in with eight independent table look-ups).

/// A running CRC-32 checksum (CRC-32/ISO-HDLC: polynomial 0x04C11DB7 reflected, initial value
/// and final XOR 0xFFFFFFFF), the checksum that every PNG chunk carries.
///
/// Feed bytes in any number of `update(_:)` calls; `value` is the checksum of everything fed so
/// far. Splitting the input differently never changes the result.
///
///     var crc = CRC32()
///     crc.update("1234".utf8)
///     crc.update("56789".utf8)
///     crc.value // 0xCBF43926, the published check value
///
/// - Complexity: O(*n*) in the bytes fed, about one table look-up per byte.
package struct CRC32: RunningChecksum, Sendable, Hashable {
    /// The register, held inverted (the checksum XOR 0xFFFFFFFF) between updates.
    private var register: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes (its `value` is 0).
    package init() {}

    /// The CRC-32 of every byte fed so far.
    package var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// Folds `bytes` into the checksum.
    ///
    /// - Complexity: O(`bytes.count`).
    package mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        register = CRC32.tables.withUnsafeBufferPointer { table in
            CRC32.fold(register, start, bytes.count, table.baseAddress!)
        }
    }

    /// The CRC-32 of `bytes`.
    package static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// The CRC-32 of the bytes of a sequence.
    package static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    // MARK: - Tables and the inner loop

    /// The reflected generator polynomial.
    private static let polynomial: UInt32 = 0xEDB8_8320

    /// Eight 256-entry tables, one after the other. Table 0 is the classic byte-at-a-time
    /// table; table *k* advances a byte's contribution through *k* further zero bytes, so eight
    /// bytes can be combined at once.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for byte in 0..<256 {
            var crc = UInt32(byte)
            for _ in 0..<8 {
                crc = (crc & 1) == 1 ? (crc >> 1) ^ polynomial : crc >> 1
            }
            tables[byte] = crc
        }
        for slice in 1..<8 {
            for byte in 0..<256 {
                let previous = tables[(slice - 1) * 256 + byte]
                tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// Folds `count` bytes at `start` into the inverted register `crc`.
    @inline(__always)
    private static func fold(
        _ crc: UInt32, _ start: UnsafeRawPointer, _ count: Int, _ table: UnsafePointer<UInt32>
    ) -> UInt32 {
        var crc = crc
        var pointer = start
        var remaining = count
        while remaining >= 8 {
            let low = UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)) ^ crc
            let high = UInt32(littleEndian: pointer.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            crc = table[7 * 256 + Int(low & 0xFF)]
                ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                ^ table[5 * 256 + Int((low >> 16) & 0xFF)]
                ^ table[4 * 256 + Int(low >> 24)]
                ^ table[3 * 256 + Int(high & 0xFF)]
                ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                ^ table[1 * 256 + Int((high >> 16) & 0xFF)]
                ^ table[Int(high >> 24)]
            pointer += 8
            remaining -= 8
        }
        while remaining > 0 {
            let byte = pointer.load(as: UInt8.self)
            crc = (crc >> 8) ^ table[Int((crc ^ UInt32(byte)) & 0xFF)]
            pointer += 1
            remaining -= 1
        }
        return crc
    }
}
