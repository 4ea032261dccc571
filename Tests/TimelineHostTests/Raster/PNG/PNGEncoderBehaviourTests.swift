import Timeline
import TimelinePlugins
@testable import CadencePNG
import Testing

/// What needs no reference decoder: determinism, reuse, errors, the fixed header bytes.
@Suite("PNG encoder behaviour")
struct PNGEncoderBehaviourTests {
    @Test func startsWithSignatureAndHeader() throws {
        var encoder = PNGEncoder()
        let png = try encoder.encode(width: 3, height: 2, rgba: [UInt8](repeating: 200, count: 24))
        // Signature; IHDR length 13, "IHDR", width 3, height 2, depth 8, colour type 6, 0, 0, 0.
        #expect(Array(png[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10])
        #expect(Array(png[8..<29]) == [0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        // IEND with its fixed CRC, last.
        #expect(Array(png.suffix(12)) == [0, 0, 0, 0, 73, 69, 78, 68, 0xAE, 0x42, 0x60, 0x82])
    }

    @Test func sameInputSameBytes() throws {
        let frame = SyntheticUIFrame(width: 640, height: 360)
        var first = PNGEncoder(), second = PNGEncoder()
        let a = try first.encode(width: 640, height: 360, rgba: frame.pixels)
        let b = try second.encode(width: 640, height: 360, rgba: frame.pixels)
        let c = try first.encode(width: 640, height: 360, rgba: frame.pixels)
        #expect(a == b)
        #expect(a == c)
    }

    /// One encoder through images of different sizes gives what fresh encoders give, and
    /// reuses the output array's storage.
    @Test func reuseAcrossSizes() throws {
        var reused = PNGEncoder()
        var output: [UInt8] = []
        output.reserveCapacity(1 << 20)
        let storage = output.withUnsafeBufferPointer { $0.baseAddress }
        for image in TestImages.small.reversed() {
            try reused.encode(width: image.width, height: image.height, rgba: image.pixels, into: &output)
            var fresh = PNGEncoder()
            #expect(output == (try fresh.encode(width: image.width, height: image.height, rgba: image.pixels)))
            #expect(output.withUnsafeBufferPointer { $0.baseAddress } == storage)
        }
    }

    @Test func copiesAreIndependent() throws {
        var original = PNGEncoder()
        let image = TestImages.gradient(width: 40, height: 30)
        let expected = try original.encode(width: 40, height: 30, rgba: image.pixels)
        var copy = original
        _ = try copy.encode(width: 3, height: 2, rgba: [UInt8](repeating: 1, count: 24))
        #expect(try original.encode(width: 40, height: 30, rgba: image.pixels) == expected)
    }

    @Test(arguments: [
        (0, 1, nil, 16, PNGError.invalidWidth(0)),
        (-4, 1, nil, 16, PNGError.invalidWidth(-4)),
        (Int(Int32.max) + 1, 1, nil, 16, PNGError.invalidWidth(Int(Int32.max) + 1)),
        (1, 0, nil, 16, PNGError.invalidHeight(0)),
        (1, Int(Int32.max) + 1, nil, 16, PNGError.invalidHeight(Int(Int32.max) + 1)),
        (2, 2, 7, 16, PNGError.invalidRowStride(7, minimum: 8)),
        (2, 2, nil, 15, PNGError.bufferTooSmall(byteCount: 15, required: 16)),
        (2, 3, 10, 27, PNGError.bufferTooSmall(byteCount: 27, required: 28)),
        (Int(Int32.max), 1000, nil, 16, PNGError.bufferTooSmall(byteCount: 16, required: 999 * 8_589_934_588 + 8_589_934_588)),
        (Int(Int32.max), Int(Int32.max), nil, 16, PNGError.imageTooLarge(width: Int(Int32.max), height: Int(Int32.max))),
    ] as [(Int, Int, Int?, Int, PNGError)])
    func badSizesThrow(width: Int, height: Int, stride: Int?, byteCount: Int, error: PNGError) throws {
        var encoder = PNGEncoder()
        var output: [UInt8] = [1, 2, 3]
        #expect(throws: error) {
            try encoder.encode(width: width, height: height, rgba: [UInt8](repeating: 0, count: byteCount),
                               rowStride: stride, into: &output)
        }
        #expect(output == [1, 2, 3])
    }

    @Test func errorsSayWhatIsWrong() {
        #expect(PNGError.invalidWidth(0).description.contains("width 0"))
        #expect(PNGError.bufferTooSmall(byteCount: 3, required: 16).description.contains("16"))
    }
}
