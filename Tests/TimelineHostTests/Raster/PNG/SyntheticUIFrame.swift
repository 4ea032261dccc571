/// A deterministic stand-in for a rendered UI frame: flat backgrounds, bars, cards with
/// anti-aliased rounded corners and borders, gradient charts, avatar circles, a diagonal line and
/// rows of glyph-like blocks. Straight RGBA8, opaque.
///
/// (A copy of Sources/PNGBench/SyntheticUIFrame.swift; keep the two in step.)
struct SyntheticUIFrame {
    let width: Int
    let height: Int
    private(set) var pixels: [UInt8]

    init(width: Int = 1920, height: Int = 1080) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        draw()
    }

    private mutating func draw() {
        fill(x: 0, y: 0, w: width, h: height, rgb: (245, 246, 248))
        fill(x: 0, y: 0, w: width, h: 64, rgb: (45, 55, 72))  // top bar
        glyphs(x: 24, y: 22, count: 14, rgb: (236, 239, 244))
        fill(x: 0, y: 64, w: 280, h: height - 64, rgb: (237, 242, 247))  // sidebar
        for item in 0..<12 {
            let y = 88 + item * 44
            if item == 2 { fill(x: 8, y: y - 6, w: 264, h: 36, rgb: (214, 224, 240)) }
            glyphs(x: 24, y: y, count: 6 + item % 5, rgb: (74, 85, 104))
        }
        for row in 0..<2 {
            for column in 0..<3 {
                let x = 312 + column * 536, y = 96 + row * 480
                roundedRect(x: x, y: y, w: 504, h: 448, radius: 12, rgb: (255, 255, 255), border: (226, 232, 240))
                fill(x: x + 1, y: y + 56, w: 502, h: 1, rgb: (226, 232, 240))
                glyphs(x: x + 24, y: y + 22, count: 8 + column, rgb: (26, 32, 44))
                gradient(x: x + 24, y: y + 80, w: 456, h: 240, top: (99, 179, 237), bottom: (235, 248, 255))
                for line in 0..<4 { glyphs(x: x + 24, y: y + 340 + line * 24, count: 20 - line * 3, rgb: (113, 128, 150)) }
                circle(cx: Double(x + 464), cy: Double(y + 28), radius: 14, rgb: (237, 137, 54))
            }
        }
        line(from: (312, 1060), to: (1900, 1000), rgb: (229, 62, 62))
    }

    private mutating func set(_ x: Int, _ y: Int, _ rgb: (Int, Int, Int), coverage: Double = 1) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let i = (y * width + x) * 4
        let c = min(1, coverage)
        pixels[i] = UInt8((Double(pixels[i]) * (1 - c) + Double(rgb.0) * c).rounded())
        pixels[i + 1] = UInt8((Double(pixels[i + 1]) * (1 - c) + Double(rgb.1) * c).rounded())
        pixels[i + 2] = UInt8((Double(pixels[i + 2]) * (1 - c) + Double(rgb.2) * c).rounded())
        pixels[i + 3] = 255
    }

    private mutating func fill(x: Int, y: Int, w: Int, h: Int, rgb: (Int, Int, Int)) {
        for row in y..<y + h { for column in x..<x + w { set(column, row, rgb) } }
    }

    private mutating func gradient(x: Int, y: Int, w: Int, h: Int, top: (Int, Int, Int), bottom: (Int, Int, Int)) {
        for row in 0..<h {
            let t = Double(row) / Double(h - 1)
            func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) * (1 - t) + Double(b) * t).rounded()) }
            fill(x: x, y: y + row, w: w, h: 1, rgb: (mix(top.0, bottom.0), mix(top.1, bottom.1), mix(top.2, bottom.2)))
        }
    }

    private mutating func glyphs(x: Int, y: Int, count: Int, rgb: (Int, Int, Int)) {
        var seed = UInt32(truncatingIfNeeded: x &* 31 &+ y &* 17 &+ count)
        var cursor = x
        for _ in 0..<count {
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let w = 5 + Int(seed >> 28) % 5
            let h = 8 + Int((seed >> 24) & 3)
            fill(x: cursor, y: y + 12 - h, w: w, h: h, rgb: rgb)
            cursor += w + 2 + ((seed >> 20) & 7 == 0 ? 6 : 0)
        }
    }

    private mutating func roundedRect(x: Int, y: Int, w: Int, h: Int, radius: Double, rgb: (Int, Int, Int), border: (Int, Int, Int)) {
        for row in y..<y + h {
            for column in x..<x + w {
                let px = Double(column) + 0.5, py = Double(row) + 0.5
                let dx = max(Double(x) + radius - px, 0, px - (Double(x + w) - radius))
                let dy = max(Double(y) + radius - py, 0, py - (Double(y + h) - radius))
                let distance = (dx * dx + dy * dy).squareRoot() - radius  // < 0 inside
                let outer = min(1, max(0, 0.5 - distance))
                let inner = min(1, max(0, -0.5 - distance))
                set(column, row, border, coverage: outer)
                set(column, row, rgb, coverage: inner)
            }
        }
    }

    private mutating func circle(cx: Double, cy: Double, radius: Double, rgb: (Int, Int, Int)) {
        for row in Int(cy - radius - 1)...Int(cy + radius + 1) {
            for column in Int(cx - radius - 1)...Int(cx + radius + 1) {
                let dx = Double(column) + 0.5 - cx, dy = Double(row) + 0.5 - cy
                set(column, row, rgb, coverage: min(1, max(0, radius + 0.5 - (dx * dx + dy * dy).squareRoot())))
            }
        }
    }

    private mutating func line(from start: (Double, Double), to end: (Double, Double), rgb: (Int, Int, Int)) {
        let steps = Int(abs(end.0 - start.0))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let x = start.0 + (end.0 - start.0) * t, y = start.1 + (end.1 - start.1) * t
            let base = Int(y.rounded(.down))
            let fraction = y - Double(base)
            set(Int(x), base, rgb, coverage: 1 - fraction)
            set(Int(x), base + 1, rgb, coverage: fraction)
        }
    }
}
