import CadenceTestSupport
/// Small deterministic RGBA8 test images (straight alpha, tightly packed).
enum TestImages {
    struct Image {
        var name: String
        var width: Int
        var height: Int
        var pixels: [UInt8]
    }

    static func noise(width: Int, height: Int, seed: UInt64) -> Image {
        var generator = SeededGenerator(seed: seed)
        return Image(name: "noise \(width)x\(height)", width: width, height: height,
                     pixels: generator.bytes(width * height * 4))
    }

    /// Red across, green down, blue and alpha along the diagonal.
    static func gradient(width: Int, height: Int) -> Image {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)),
                           UInt8((x + y) & 0xFF), UInt8(255 - (x ^ y) & 0x7F)]
            }
        }
        return Image(name: "gradient \(width)x\(height)", width: width, height: height, pixels: pixels)
    }

    /// Flat areas with a few rectangles, some translucent, and a little noise.
    static func shapes(width: Int, height: Int, seed: UInt64) -> Image {
        var generator = SeededGenerator(seed: seed)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) { pixels[index..<index + 4] = [30, 60, 90, 255] }
        for _ in 0..<6 {
            let x0 = Int(generator.next() % UInt64(width)), y0 = Int(generator.next() % UInt64(height))
            let x1 = min(width, x0 + 1 + Int(generator.next() % UInt64(width))), y1 = min(height, y0 + 1 + Int(generator.next() % UInt64(height)))
            let colour = generator.bytes(4)
            for y in y0..<y1 { for x in x0..<x1 { let i = (y * width + x) * 4; pixels[i..<i + 4] = colour[...] } }
        }
        for _ in 0..<(width * height / 50) {
            let i = Int(generator.next() % UInt64(width * height)) * 4
            pixels[i] = UInt8(truncatingIfNeeded: generator.next())
        }
        return Image(name: "shapes \(width)x\(height)", width: width, height: height, pixels: pixels)
    }

    /// The sizes the brief asks for: 1×1, 3×2, odd widths, 256×256 gradients and noise.
    static let small: [Image] = [
        noise(width: 1, height: 1, seed: 1),
        noise(width: 3, height: 2, seed: 2),
        gradient(width: 5, height: 7),
        shapes(width: 17, height: 3, seed: 3),
        noise(width: 33, height: 9, seed: 4),
        shapes(width: 101, height: 67, seed: 5),
        gradient(width: 127, height: 31),
        gradient(width: 256, height: 256),
        noise(width: 256, height: 256, seed: 6),
        shapes(width: 256, height: 256, seed: 7),
    ]
}
