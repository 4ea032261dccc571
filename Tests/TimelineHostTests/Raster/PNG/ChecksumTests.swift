import Foundation
import Timeline
import TimelinePlugins
@testable import CadencePNG
import Testing
import CadenceTestSupport

@Suite("CRC-32 and Adler-32")
struct ChecksumTests {
    // Published check values.
    @Test func crc32CheckValue() {
        #expect(CRC32.checksum("123456789".utf8) == 0xCBF4_3926)
        #expect(CRC32.checksum("".utf8) == 0)
        #expect(CRC32.checksum("IEND".utf8) == 0xAE42_6082)  // every PNG ends with these bytes
    }

    @Test func adler32CheckValue() {
        #expect(Adler32.checksum("Wikipedia".utf8) == 0x11E6_0398)
        #expect(Adler32.checksum("".utf8) == 1)
    }

    /// The worst case for the deferred modulo: all 0xFF, well past one 64 KiB vector block.
    @Test func adler32OfOnes() throws {
        // Sums by definition, in 64-bit integers, modulo taken at the end.
        let bytes = [UInt8](repeating: 0xFF, count: 200_003)
        var a: UInt64 = 1, b: UInt64 = 0
        for byte in bytes { a += UInt64(byte); b += a }
        #expect(Adler32.checksum(bytes) == UInt32(b % 65521) << 16 | UInt32(a % 65521))
    }

    /// Splitting the input anywhere gives the same checksum.
    @Test(arguments: [0, 1, 15, 16, 17, 4095, 65536, 65537, 99_999])
    func incrementalUpdates(split: Int) {
        var generator = SeededGenerator(seed: 42)
        let bytes = generator.bytes(100_000)
        var crc = CRC32(), adler = Adler32()
        bytes.withUnsafeBytes { all in
            crc.update(UnsafeRawBufferPointer(rebasing: all[..<split]))
            crc.update(UnsafeRawBufferPointer(rebasing: all[split...]))
            adler.update(UnsafeRawBufferPointer(rebasing: all[..<split]))
            adler.update(UnsafeRawBufferPointer(rebasing: all[split...]))
        }
        #expect(crc.value == CRC32.checksum(bytes))
        #expect(adler.value == Adler32.checksum(bytes))
    }

    /// Against Python's zlib.crc32 and zlib.adler32, on lengths around the vector and block
    /// sizes.
    @Test(.enabled(if: PythonReference.isAvailable, PythonReference.missingReason))
    func matchPythonZlib() throws {
        var generator = SeededGenerator(seed: 7)
        let bytes = generator.bytes(300_000)
        let lengths = [0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 351, 352, 353, 5552, 65535, 65536, 65537, 131_073, 300_000]
        let script = """
            import sys, zlib
            data = open(sys.argv[1], 'rb').read()
            for n in map(int, sys.argv[2:]): print(zlib.crc32(data[:n]), zlib.adler32(data[:n]))
            """
        let printed = try PythonReference.withTemporaryFiles(count: 1) { files in
            try Data(bytes).write(to: files[0])
            return try PythonReference.run(script, arguments: [files[0].path] + lengths.map(String.init))
        }
        let expected = printed.split(separator: "\n").map { $0.split(separator: " ").map { UInt32($0)! } }
        #expect(expected.count == lengths.count)
        for (length, pair) in zip(lengths, expected) {
            let prefix = Array(bytes[..<length])
            #expect(CRC32.checksum(prefix) == pair[0], "CRC-32 of \(length) bytes")
            #expect(Adler32.checksum(prefix) == pair[1], "Adler-32 of \(length) bytes")
        }
    }
}
