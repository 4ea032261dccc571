import Testing
@testable import CadencePNG

/// The inflater and the PNG decoder against streams made elsewhere (Python's zlib), files built
/// here byte by byte (stored zlib blocks, checksums computed by the definitions below, not by the
/// package's), the encoder's own files, and broken input.
@Suite("PNG decoding")
struct PNGDecoderTests {
    /// CRC-32 (ISO 3309, polynomial 0xEDB88320), bit by bit.
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var register: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            register ^= UInt32(byte)
            for _ in 0..<8 { register = register & 1 == 1 ? register >> 1 ^ 0xEDB8_8320 : register >> 1 }
        }
        return ~register
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    /// A zlib stream of one stored block (RFC 1950, 1951), its Adler-32 by its definition.
    static func stored(_ data: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let length = UInt16(data.count)
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + data + bigEndian(b << 16 | a)
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc(typed))
    }

    /// A PNG file of the given header numbers, extra chunks and raw (filtered) rows.
    static func file(width: UInt32, height: UInt32, depth: UInt8, color: UInt8, interlaced: Bool = false, chunks: [[UInt8]] = [], rows: [UInt8]) -> [UInt8] {
        let header = bigEndian(width) + bigEndian(height) + [depth, color, 0, 0, interlaced ? 1 : 0]
        return [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header) + chunks.flatMap { $0 } + chunk("IDAT", stored(rows)) + chunk("IEND", [])
    }

    @Test("a stream Python's zlib made (fixed codes, back references) inflates to its text")
    func fixedCodes() throws {
        // zlib.compress(b'hello hello hello hello, deflate!', 9)
        let stream: [UInt8] = [120, 218, 203, 72, 205, 201, 201, 87, 200, 64, 39, 117, 20, 82, 82, 211, 114, 18, 75, 82, 21, 1, 207, 243, 11, 243]
        #expect(try Inflate.zlib(stream, limit: 100) == Array("hello hello hello hello, deflate!".utf8))
    }

    @Test("the encoder's dynamic blocks inflate to their input; broken streams are errors that say where")
    func dynamicBlocksAndErrors() throws {
        // Runs and repeats (matches, long and short) between stretches of a linear congruential
        // generator's bytes (literals).
        var state: UInt32 = 12_345
        let text = (0..<20_000).map { index -> UInt8 in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: index % 251 < 200 ? index / 7 : Int(state >> 16))
        }
        var compressor = DeflateCompressor()
        var stream: [UInt8] = []
        text.withUnsafeBytes { compressor.compress($0, appendingTo: &stream) }
        #expect(try Inflate.zlib(stream, limit: 20_000) == text)
        #expect(throws: InflateError.self) { try Inflate.zlib(stream, limit: 19_999) }
        var corrupt = stream
        corrupt[corrupt.count - 1] ^= 1
        #expect { try Inflate.zlib(corrupt, limit: 20_000) } throws: { ($0 as? InflateError)?.reason.contains("Adler-32") == true }
        #expect(throws: InflateError.self) { try Inflate.zlib(Array(stream.prefix(stream.count / 2)), limit: 20_000) }
        #expect(throws: InflateError.self) { try Inflate.zlib([0x78, 0x9C, 0x07], limit: 10) }
    }

    @Test("8-bit RGBA, and the five row filters undone")
    func rgbaAndFilters() throws {
        // Two rows of two pixels; row 0 filter 0; row 1 filter 2 (up) of differences.
        let rows: [UInt8] = [0, 255, 0, 0, 255, 0, 0, 255, 128, 2, 1, 2, 3, 0, 10, 10, 10, 0]
        let image = try PNGImage(png: Self.file(width: 2, height: 2, depth: 8, color: 6, rows: rows))
        #expect(image.rgba == [255, 0, 0, 255, 0, 0, 255, 128, 0, 2, 3, 255, 10, 10, 9, 128])
        // Sub (1), average (3) and Paeth (4) on one grey row each: 10, +5, +5 → 10, 15, 20.
        let sub = try PNGImage(png: Self.file(width: 3, height: 1, depth: 8, color: 0, rows: [1, 10, 5, 5]))
        #expect(sub.rgba == [10, 10, 10, 255, 15, 15, 15, 255, 20, 20, 20, 255])
        // Average over a row above of 100s: 50 + 0, then (50 + 100) / 2 = 75 + 1 = 76.
        let average = try PNGImage(png: Self.file(width: 2, height: 2, depth: 8, color: 0, rows: [0, 100, 100, 3, 0, 1]))
        #expect(average.rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [100, 100, 50, 76])
        // Paeth: first byte predicts from above (100), second from min distance of a=7, b=100, c=100: p = 7, picks a.
        let paeth = try PNGImage(png: Self.file(width: 2, height: 2, depth: 8, color: 0, rows: [0, 100, 100, 4, 163, 3]))
        #expect(paeth.rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [100, 100, 7, 10])
    }

    @Test("palettes with tRNS, 1-bit indices, 16-bit grey with a transparent key")
    func palettesAndDepths() throws {
        let palette = Self.chunk("PLTE", [255, 0, 0, 0, 0, 255]), alphas = Self.chunk("tRNS", [128])
        // Indices 1, 0, 1 in the top bits of one byte.
        let indexed = try PNGImage(png: Self.file(width: 3, height: 1, depth: 1, color: 3, chunks: [palette, alphas], rows: [0, 0b1010_0000]))
        #expect(indexed.rgba == [0, 0, 255, 255, 255, 0, 0, 128, 0, 0, 255, 255])
        let key = Self.chunk("tRNS", [0xFF, 0xFF])
        let grey = try PNGImage(png: Self.file(width: 2, height: 1, depth: 16, color: 0, chunks: [key], rows: [0, 0x12, 0x34, 0xFF, 0xFF]))
        #expect(grey.rgba == [0x12, 0x12, 0x12, 255, 255, 255, 255, 0])
        // 2-bit grey: 0, 1, 2, 3 are 0, 85, 170, 255.
        let twoBit = try PNGImage(png: Self.file(width: 4, height: 1, depth: 2, color: 0, rows: [0, 0b0001_1011]))
        #expect(twoBit.rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [0, 85, 170, 255])
    }

    @Test("Adam7: a 3 × 3 grey image's seven passes put each pixel in its place")
    func interlaced() throws {
        // Pixel (x, y) is 10 y + x + 1. Passes of a 3 × 3 image: 1 (0,0); 4 (2,0); 5 (0,2) (2,2);
        // 6 (1,0) and (1,2); 7 the middle row.
        func p(_ x: Int, _ y: Int) -> UInt8 { UInt8(10 * y + x + 1) }
        let rows: [UInt8] = [0, p(0, 0), 0, p(2, 0), 0, p(0, 2), p(2, 2), 0, p(1, 0), 0, p(1, 2), 0, p(0, 1), p(1, 1), p(2, 1)]
        let image = try PNGImage(png: Self.file(width: 3, height: 3, depth: 8, color: 0, interlaced: true, rows: rows))
        #expect(image.rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == (0..<9).map { p($0 % 3, $0 / 3) })
    }

    @Test("the encoder's files decode to the pixels encoded")
    func encoderRoundTrip() throws {
        let width = 37, height = 11
        let rgba = (0..<width * height * 4).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 13) }
        var encoder = PNGEncoder()
        var file: [UInt8] = []
        try rgba.withUnsafeBytes { try encoder.encode(width: width, height: height, rgba: $0, into: &file) }
        let decoded = try PNGImage(png: file)
        #expect(decoded.width == width && decoded.height == height && decoded.rgba == rgba)
    }

    @Test("broken files are errors that say what is wrong")
    func brokenFiles() throws {
        func reason(_ bytes: [UInt8]) -> String {
            do {
                _ = try PNGImage(png: bytes)
                return ""
            } catch {
                return error.reason
            }
        }
        let good = Self.file(width: 1, height: 1, depth: 8, color: 0, rows: [0, 7])
        #expect(reason(Array(good.dropFirst())).contains("signature"))
        var badCRC = good
        badCRC[29] ^= 1
        #expect(reason(badCRC).contains("CRC"))
        #expect(reason(Self.file(width: 1, height: 1, depth: 8, color: 3, rows: [0, 0])).contains("palette"))
        #expect(reason(Self.file(width: 2, height: 1, depth: 8, color: 3, chunks: [Self.chunk("PLTE", [1, 2, 3])], rows: [0, 0, 5])).contains("palette entry 5"))
        #expect(reason(Self.file(width: 1, height: 1, depth: 3, color: 0, rows: [0, 0])).contains("not a PNG format"))
        #expect(reason(Self.file(width: 1, height: 1, depth: 8, color: 0, rows: [9, 0])).contains("filter 9"))
        #expect(reason(Self.file(width: 1, height: 1, depth: 8, color: 0, rows: [0])).contains("holds 1 bytes"))
        #expect(reason(Self.file(width: 100_000, height: 100_000, depth: 8, color: 0, rows: [0])).contains("more than Cadence decodes"))
    }
}
