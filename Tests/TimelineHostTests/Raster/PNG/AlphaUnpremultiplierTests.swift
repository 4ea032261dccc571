import CadenceTestSupport
import Testing
@testable import CadenceHostCore
@testable import CadencePNG

/// Premultiplied to straight alpha, against the definition `min(255, (c·255 + ⌊a/2⌋) / a)` worked
/// out for every pixel on its own.
@Suite("Straight alpha")
struct AlphaUnpremultiplierTests {
    /// The definition, one pixel at a time.
    static func straight(_ pixel: [UInt8]) -> [UInt8] {
        let alpha = Int(pixel[3])
        guard alpha > 0 else { return [0, 0, 0, 0] }
        return pixel[0..<3].map { UInt8(min(255, (Int($0) * 255 + alpha / 2) / alpha)) } + [pixel[3]]
    }

    @Test("runs of opaque, transparent and translucent pixels, lone edge pixels, and every length of tail")
    func againstTheDefinition() {
        var random = SeededGenerator(seed: 9)
        func premultiplied(alpha: UInt8) -> [UInt8] {
            (0..<3).map { _ in UInt8.random(in: 0...alpha, using: &random) } + [alpha]
        }
        for count in [0, 1, 3, 4, 5, 7, 8, 15, 16, 17, 1_001] {
            var pixels: [UInt8] = []
            while pixels.count < count * 4 {
                // A run of one kind: opaque, transparent, one translucent fill, or mixed edges.
                let run = Int.random(in: 1...9, using: &random)
                let kind = Int.random(in: 0..<4, using: &random)
                let fill = premultiplied(alpha: UInt8.random(in: 1...254, using: &random))
                for _ in 0..<run {
                    switch kind {
                    case 0: pixels += premultiplied(alpha: 255)
                    case 1: pixels += [0, 0, 0, 0]
                    case 2: pixels += fill
                    default: pixels += premultiplied(alpha: UInt8.random(in: 0...255, using: &random))
                    }
                }
            }
            pixels = Array(pixels.prefix(count * 4))
            var converted = [UInt8](repeating: 0xAB, count: pixels.count)
            pixels.withUnsafeBufferPointer { source in
                converted.withUnsafeMutableBufferPointer { target in
                    guard let from = source.baseAddress, let to = target.baseAddress else { return }
                    AlphaUnpremultiplier.convertRow(from, into: to, pixelCount: count)
                }
            }
            let expected = stride(from: 0, to: pixels.count, by: 4).flatMap { Self.straight(Array(pixels[$0..<$0 + 4])) }
            #expect(converted == expected, "\(count) pixels")
            // In place (what a picture's worker does): the same bytes.
            var inPlace = pixels
            inPlace.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                AlphaUnpremultiplier.convertInPlace(base, pixelCount: count)
            }
            #expect(inPlace == expected, "\(count) pixels in place")
        }
    }
}
