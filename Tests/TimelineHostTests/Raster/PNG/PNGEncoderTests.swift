import Foundation
import Timeline
import TimelinePlugins
@testable import CadencePNG
import Testing
import CadenceTestSupport

/// PNG files checked by an independent decoder (Python: chunk CRCs with zlib.crc32, zlib
/// inflate, the five filters undone), against the input pixels, byte for byte.
@Suite("PNG encoder, checked by a Python decoder", .enabled(if: PythonReference.isAvailable, PythonReference.missingReason))
struct PNGEncoderTests {
    /// Encodes, decodes with Python, expects the pixels back and the IDAT within 1.3× of zlib -6.
    @Test(arguments: TestImages.small.indices)
    func roundTrip(index: Int) throws {
        let image = TestImages.small[index]
        var encoder = PNGEncoder()
        let png = try encoder.encode(width: image.width, height: image.height, rgba: image.pixels)
        let decoded = try PNGReference.decode(png, checkHeuristic: image.width * image.height <= 256 * 256)
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(decoded.pixels == image.pixels, "\(image.name): decoded pixels differ")
        #expect(decoded.heuristicMismatches == 0, "\(image.name): filter choices differ from the heuristic")
        #expect(decoded.sizeRatio <= 1.3,
                "\(image.name): IDAT \(decoded.idatBytes) vs zlib -6 \(decoded.zlibLevel6Bytes)")
        print("PNG \(image.name): IDAT \(decoded.idatBytes) B, zlib -6 \(decoded.zlibLevel6Bytes) B, ratio \(decoded.sizeRatio), filters \(Set(decoded.filters).sorted())")
    }

    @Test func userInterfaceFrame1080p() throws {
        let frame = SyntheticUIFrame()
        var encoder = PNGEncoder()
        var png: [UInt8] = []
        try encoder.encode(width: frame.width, height: frame.height, rgba: frame.pixels, into: &png)
        let decoded = try PNGReference.decode(png)
        #expect(decoded.pixels == frame.pixels)
        #expect(decoded.sizeRatio <= 1.3)
        print("PNG UI frame 1920x1080: file \(png.count) B, IDAT \(decoded.idatBytes) B, zlib -6 \(decoded.zlibLevel6Bytes) B, ratio \(decoded.sizeRatio)")
    }

    /// Large noise spans several IDAT chunks.
    @Test func noiseSpansSeveralIDATChunks() throws {
        let image = TestImages.noise(width: 400, height: 300, seed: 9)
        var encoder = PNGEncoder()
        let png = try encoder.encode(width: image.width, height: image.height, rgba: image.pixels)
        let decoded = try PNGReference.decode(png)
        #expect(decoded.idatCount > 1)
        #expect(decoded.pixels == image.pixels)
        #expect(decoded.sizeRatio <= 1.3)
    }

    /// Rows in a larger buffer (stride > 4 × width): the padding is never encoded.
    @Test func rowStrideSkipsPadding() throws {
        let image = TestImages.gradient(width: 13, height: 11)
        let stride = 13 * 4 + 7
        var generator = SeededGenerator(seed: 10)
        var padded = generator.bytes(stride * 10 + 13 * 4)  // the last row has no padding
        for y in 0..<11 {
            padded.replaceSubrange(y * stride..<y * stride + 52, with: image.pixels[y * 52..<(y + 1) * 52])
        }
        var encoder = PNGEncoder()
        let strided = try encoder.encode(width: 13, height: 11, rgba: padded, rowStride: stride)
        let packed = try encoder.encode(width: 13, height: 11, rgba: image.pixels)
        #expect(strided == packed)
        #expect(try PNGReference.decode(strided).pixels == image.pixels)
    }

    // MARK: - Premultiplied input

    /// Hand-computed un-premultiplication: straight = round-half-up(c · 255 / a).
    static let unpremultiplied: [(colour: UInt8, alpha: UInt8, straight: UInt8)] = [
        (0, 0, 0), (9, 0, 0),      // alpha 0: transparent black
        (1, 1, 255),               // 255/1
        (1, 2, 128),               // 127.5 rounds up
        (1, 3, 85), (2, 3, 170),   // 85, 170 exactly
        (7, 10, 179),              // 178.5 rounds up
        (50, 100, 128),            // 127.5 rounds up
        (64, 128, 128),            // 127.5 rounds up
        (33, 77, 109),             // 109.29 rounds down
        (1, 255, 1), (254, 255, 254), (255, 255, 255),
        (200, 100, 255),           // not a valid premultiplied value: clamped
    ]

    @Test func premultipliedInputIsUnpremultipliedAsDocumented() throws {
        // One row per case, the case repeated over 21 pixels (vector and scalar paths), in
        // red, green and blue.
        let cases = Self.unpremultiplied
        let width = 21
        var premultiplied: [UInt8] = [], expected: [UInt8] = []
        for (colour, alpha, straight) in cases {
            for x in 0..<width {
                let lane = x % 3
                premultiplied += [lane == 0 ? colour : 0, lane == 1 ? colour : 0, lane == 2 ? colour : 0, alpha]
                expected += [lane == 0 ? straight : 0, lane == 1 ? straight : 0, lane == 2 ? straight : 0, alpha]
            }
        }
        var encoder = PNGEncoder()
        let png = try encoder.encode(width: width, height: cases.count, rgba: premultiplied, alpha: .premultiplied)
        #expect(try PNGReference.decode(png).pixels == expected)
    }

    /// Random valid premultiplied pixels, with opaque runs, against the documented formula.
    @Test func premultipliedNoise() throws {
        var generator = SeededGenerator(seed: 11)
        let width = 67, height = 45
        var premultiplied: [UInt8] = [], expected: [UInt8] = []
        for index in 0..<(width * height) {
            let alpha = index % 7 < 3 ? 255 : Int(generator.next() % 256)
            var pixel: [UInt8] = []
            for _ in 0..<3 {
                let colour = alpha == 0 ? 0 : Int(generator.next() % UInt64(alpha + 1))
                premultiplied.append(UInt8(colour))
                pixel.append(alpha == 0 ? 0 : UInt8((colour * 255 + alpha / 2) / alpha))
            }
            premultiplied.append(UInt8(alpha))
            expected += pixel + [UInt8(alpha)]
        }
        var encoder = PNGEncoder()
        let png = try encoder.encode(width: width, height: height, rgba: premultiplied, alpha: .premultiplied)
        let straight = try encoder.encode(width: width, height: height, rgba: expected)
        #expect(png == straight)
        #expect(try PNGReference.decode(png).pixels == expected)
    }
}
