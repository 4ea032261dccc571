#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Reading baseline JPEG files (ITU-T T.81, sequential DCT with Huffman codes, 8-bit samples):
// grey, YCbCr (JFIF) and RGB (Adobe), any sampling factors, restart intervals.

/// A decoded JPEG image: straight 8-bit red, green, blue and alpha (always 255) per pixel, row by
/// row from the top (``PNGImage``'s layout).
public struct JPEGImage: Sendable, Hashable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `4 × width × height` bytes: red, green, blue, alpha.
    public let rgba: [UInt8]

    /// Decodes a baseline (or extended sequential, 8-bit) JPEG file.
    ///
    /// Chroma planes sampled below the luma's are scaled up as libjpeg's "fancy" upsampling does
    /// for 2:1 (a 3:1 blend of the nearer and farther sample), and by repetition otherwise.
    ///
    /// - Throws: ``PNGDecodingError`` naming what is wrong: not a JPEG file, a progressive or
    ///   lossless one (not decoded yet), a missing table, a Huffman code the tables do not have,
    ///   data that ends early, more than ``PNGImage/maximumPixels``.
    public init(jpeg data: [UInt8]) throws(PNGDecodingError) {
        var decoder = JPEGDecoder(data: data)
        let (width, height, rgba) = try decoder.decode()
        (self.width, self.height, self.rgba) = (width, height, rgba)
    }
}

struct JPEGDecoder {
    struct Component {
        var id: Int
        var h: Int
        var v: Int
        var table: Int
        /// Blocks across and down in the planes (whole MCUs).
        var blocksAcross = 0
        var blocksDown = 0
        /// Samples, `8 × blocksAcross` a row.
        var samples: [UInt8] = []
        var dcTable = 0
        var acTable = 0
        var prediction = 0
    }

    struct Huffman {
        /// For each length 1…16: the largest code (−1 for none), and where its symbols start.
        var maxCode = [Int](repeating: -1, count: 18)
        var offset = [Int](repeating: 0, count: 17)
        var symbols: [UInt8] = []

        init(counts: [Int], symbols: [UInt8]) {
            self.symbols = symbols
            var code = 0, index = 0
            for length in 1...16 {
                offset[length] = index - code
                code += counts[length - 1]
                index += counts[length - 1]
                maxCode[length] = counts[length - 1] > 0 ? code - 1 : -1
                code <<= 1
            }
            maxCode[17] = Int.max
        }
    }

    let data: [UInt8]
    var position = 2
    var quantization = [[Int]](repeating: [], count: 4)
    var dcTables = [Huffman?](repeating: nil, count: 4)
    var acTables = [Huffman?](repeating: nil, count: 4)
    var components: [Component] = []
    var width = 0, height = 0
    var restartInterval = 0
    var adobeTransform: Int?
    var frameRead = false
    // Entropy-coded data's bits.
    var bitBuffer = 0, bitCount = 0

    init(data: [UInt8]) {
        self.data = data
    }

    static func fail(_ reason: String) -> PNGDecodingError { PNGDecodingError(reason: reason) }

    /// The zig-zag order: the natural index of the `k`-th coefficient.
    static let zigZag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56,
        57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    /// `C(u) cos((2x + 1) u π / 16) / 2` for the inverse DCT.
    static let cosines: [Double] = (0..<64).map { index in
        let x = index / 8, u = index % 8
        return (u == 0 ? 1 / 2.0.squareRoot() : 1) * cos(Double(2 * x + 1) * Double(u) * Double.pi / 16) / 2
    }

    mutating func word() throws(PNGDecodingError) -> Int {
        guard position + 2 <= data.count else { throw Self.fail("the JPEG file ends in the middle of a marker segment") }
        defer { position += 2 }
        return Int(data[position]) << 8 | Int(data[position + 1])
    }

    mutating func decode() throws(PNGDecodingError) -> (Int, Int, [UInt8]) {
        guard data.count >= 4, data[0] == 0xFF, data[1] == 0xD8 else { throw Self.fail("not a JPEG file: it does not start with the SOI marker") }
        while true {
            // Markers may be padded with 0xFF bytes.
            guard position + 1 < data.count else { throw Self.fail("the JPEG file ends before its image data") }
            guard data[position] == 0xFF else { throw Self.fail("expected a marker at byte \(position)") }
            while position < data.count, data[position] == 0xFF { position += 1 }
            guard position < data.count else { throw Self.fail("the JPEG file ends in a marker") }
            let marker = data[position]
            position += 1
            switch marker {
            case 0xD8, 0x01, 0xD0...0xD7: continue
            case 0xD9: throw Self.fail("the JPEG file ends (EOI) before a scan")
            case 0xC0, 0xC1: try readFrame()
            case 0xC2, 0xC6, 0xCA, 0xCE: throw Self.fail("progressive JPEG is not decoded yet")
            case 0xC3, 0xC5, 0xC7, 0xC9, 0xCB, 0xCD, 0xCF: throw Self.fail("this JPEG coding (lossless, hierarchical or arithmetic) is not decoded")
            case 0xC4: try readHuffmanTables()
            case 0xDB: try readQuantizationTables()
            case 0xDD:
                _ = try word()
                restartInterval = try word()
            case 0xDA:
                try readScan()
                if scansDone() { return try pixels() }
            case 0xEE:
                let start = position, length = try word()
                if length >= 12, start + 13 < data.count, Array(data[start + 2..<start + 7]) == Array("Adobe".utf8) { adobeTransform = Int(data[start + 13]) }
                position = start + length
            default:
                let length = try word()
                guard length >= 2 else { throw Self.fail("a marker segment of length \(length) at byte \(position - 2)") }
                position += length - 2
            }
        }
    }

    /// Whether every component has been decoded (a baseline file may send one scan per
    /// component).
    var decodedComponents: Set<Int> = []
    func scansDone() -> Bool { decodedComponents.count == components.count }

    mutating func readFrame() throws(PNGDecodingError) {
        let start = position, length = try word()
        guard !frameRead else { throw Self.fail("the JPEG file has two frames") }
        guard length >= 8, start + length <= data.count else { throw Self.fail("the frame header is cut short") }
        guard data[start + 2] == 8 else { throw Self.fail("\(data[start + 2])-bit JPEG samples are not decoded (8-bit only)") }
        height = Int(data[start + 3]) << 8 | Int(data[start + 4])
        width = Int(data[start + 5]) << 8 | Int(data[start + 6])
        let count = Int(data[start + 7])
        guard width > 0, height > 0 else { throw Self.fail("the JPEG's size \(width) × \(height) is not valid (a height given later, by DNL, is not read)") }
        guard width * height <= PNGImage.maximumPixels else { throw Self.fail("the image's \(width) × \(height) pixels are more than Cadence decodes (\(PNGImage.maximumPixels))") }
        guard count == 1 || count == 3, length == 8 + 3 * count else { throw Self.fail("JPEG files of \(count) components are not decoded (grey and colour only)") }
        for index in 0..<count {
            let base = start + 8 + 3 * index
            let h = Int(data[base + 1] >> 4), v = Int(data[base + 1] & 15), table = Int(data[base + 2])
            guard (1...4).contains(h), (1...4).contains(v), table < 4 else { throw Self.fail("a component's sampling factors or table are not valid") }
            components.append(Component(id: Int(data[base]), h: h, v: v, table: table))
        }
        let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
        let mcusAcross = (width + 8 * hMax - 1) / (8 * hMax), mcusDown = (height + 8 * vMax - 1) / (8 * vMax)
        // Every block takes at least two bits (a DC code and an end of block, a bit each at the
        // least): a file too short for its blocks is refused before its planes are made.
        let blocks = components.reduce(0) { $0 + mcusAcross * $1.h * mcusDown * $1.v }
        guard blocks <= 4 * data.count else {
            throw Self.fail("the JPEG's \(data.count) bytes are too few for its \(width) × \(height) pixels (\(blocks) blocks of at least two bits)")
        }
        for index in components.indices {
            components[index].blocksAcross = mcusAcross * components[index].h
            components[index].blocksDown = mcusDown * components[index].v
            components[index].samples = [UInt8](repeating: 0, count: 64 * components[index].blocksAcross * components[index].blocksDown)
        }
        position = start + length
        frameRead = true
    }

    mutating func readHuffmanTables() throws(PNGDecodingError) {
        let start = position, length = try word()
        let end = start + length
        guard end <= data.count else { throw Self.fail("a Huffman table runs past the end of the file") }
        while position < end {
            let kind = Int(data[position] >> 4), slot = Int(data[position] & 15)
            guard kind <= 1, slot < 4, position + 17 <= end else { throw Self.fail("a Huffman table's class or slot is not valid") }
            let counts = (0..<16).map { Int(data[position + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard position + 17 + total <= end else { throw Self.fail("a Huffman table's symbols run past its segment") }
            let table = Huffman(counts: counts, symbols: Array(data[position + 17..<position + 17 + total]))
            if kind == 0 { dcTables[slot] = table } else { acTables[slot] = table }
            position += 17 + total
        }
    }

    mutating func readQuantizationTables() throws(PNGDecodingError) {
        let start = position, length = try word()
        let end = start + length
        guard end <= data.count else { throw Self.fail("a quantization table runs past the end of the file") }
        while position < end {
            let precision = Int(data[position] >> 4), slot = Int(data[position] & 15)
            let size = precision == 0 ? 64 : 128
            guard precision <= 1, slot < 4, position + 1 + size <= end else { throw Self.fail("a quantization table is not valid") }
            var table = [Int](repeating: 0, count: 64)
            for k in 0..<64 {
                table[Self.zigZag[k]] = precision == 0 ? Int(data[position + 1 + k]) : Int(data[position + 1 + 2 * k]) << 8 | Int(data[position + 2 + 2 * k])
            }
            quantization[slot] = table
            position += 1 + size
        }
    }

    // MARK: Entropy-coded data

    mutating func bit() throws(PNGDecodingError) -> Int {
        if bitCount == 0 {
            guard position < data.count else { throw Self.fail("the JPEG's image data ends early") }
            let byte = Int(data[position])
            if byte == 0xFF {
                // A marker inside the data: the scan ended before its blocks did (browsers show the
                // rest grey; Cadence says so, and a few bytes cannot make it decode a huge image).
                guard position + 1 < data.count, data[position + 1] == 0 else { throw Self.fail("the JPEG's image data ends before its last block") }
                position += 2
            } else {
                position += 1
            }
            bitBuffer = byte
            bitCount = 8
        }
        bitCount -= 1
        return bitBuffer >> bitCount & 1
    }

    mutating func bits(_ count: Int) throws(PNGDecodingError) -> Int {
        var value = 0
        for _ in 0..<count { value = value << 1 | (try bit()) }
        return value
    }

    mutating func symbol(_ table: Huffman) throws(PNGDecodingError) -> Int {
        var code = 0
        for length in 1...16 {
            code = code << 1 | (try bit())
            if code <= table.maxCode[length] {
                let index = table.offset[length] + code
                guard index >= 0, index < table.symbols.count else { break }
                return Int(table.symbols[index])
            }
        }
        throw Self.fail("a Huffman code that the JPEG's tables do not have")
    }

    /// `EXTEND(RECEIVE(s))`.
    mutating func received(_ size: Int) throws(PNGDecodingError) -> Int {
        guard size > 0 else { return 0 }
        guard size <= 16 else { throw Self.fail("a coefficient of \(size) bits") }
        let value = try bits(size)
        return value < 1 << (size - 1) ? value - (1 << size) + 1 : value
    }

    mutating func readScan() throws(PNGDecodingError) {
        guard frameRead else { throw Self.fail("a scan before the frame header") }
        let start = position, length = try word()
        let count = Int(data[min(position, data.count - 1)])
        guard start + length <= data.count, length == 6 + 2 * count, count >= 1 else { throw Self.fail("the scan header is not valid") }
        var scanned: [Int] = []
        for index in 0..<count {
            let id = Int(data[start + 3 + 2 * index]), tables = data[start + 4 + 2 * index]
            guard let place = components.firstIndex(where: { $0.id == id }) else { throw Self.fail("a scan names component \(id), which the frame does not have") }
            components[place].dcTable = Int(tables >> 4) & 3
            components[place].acTable = Int(tables & 15) & 3
            components[place].prediction = 0
            scanned.append(place)
        }
        position = start + length
        bitBuffer = 0
        bitCount = 0
        for place in scanned {
            guard !quantization[components[place].table].isEmpty else { throw Self.fail("a component's quantization table is missing") }
            guard dcTables[components[place].dcTable] != nil, acTables[components[place].acTable] != nil else { throw Self.fail("a scan's Huffman table is missing") }
        }
        let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
        var coefficients = [Int](repeating: 0, count: 64)
        var decoded = 0
        func restart(_ decoder: inout JPEGDecoder) throws(PNGDecodingError) {
            decoder.bitCount = 0
            // Skip to the RST marker (and past it).
            while decoder.position + 1 < decoder.data.count, !(decoder.data[decoder.position] == 0xFF && (0xD0...0xD7).contains(decoder.data[decoder.position + 1])) {
                decoder.position += 1
            }
            decoder.position = min(decoder.position + 2, decoder.data.count)
            for index in decoder.components.indices { decoder.components[index].prediction = 0 }
        }
        if scanned.count == 1 {
            let place = scanned[0]
            let component = components[place]
            let across = (((width * component.h + hMax - 1) / hMax) + 7) / 8, down = (((height * component.v + vMax - 1) / vMax) + 7) / 8
            for row in 0..<down {
                for column in 0..<across {
                    if restartInterval > 0, decoded > 0, decoded % restartInterval == 0 { try restart(&self) }
                    try block(place, row: row, column: column, coefficients: &coefficients)
                    decoded += 1
                }
            }
        } else {
            let mcusAcross = (width + 8 * hMax - 1) / (8 * hMax), mcusDown = (height + 8 * vMax - 1) / (8 * vMax)
            for mcuRow in 0..<mcusDown {
                for mcuColumn in 0..<mcusAcross {
                    if restartInterval > 0, decoded > 0, decoded % restartInterval == 0 { try restart(&self) }
                    for place in scanned {
                        for v in 0..<components[place].v {
                            for h in 0..<components[place].h {
                                try block(place, row: mcuRow * components[place].v + v, column: mcuColumn * components[place].h + h, coefficients: &coefficients)
                            }
                        }
                    }
                    decoded += 1
                }
            }
        }
        for place in scanned { decodedComponents.insert(place) }
        // Past the scan's data, to the next marker that is not a restart.
        while position + 1 < data.count, !(data[position] == 0xFF && data[position + 1] != 0 && !(0xD0...0xD7).contains(data[position + 1])) { position += 1 }
    }

    /// Decodes one 8 × 8 block into a component's samples.
    mutating func block(_ place: Int, row: Int, column: Int, coefficients: inout [Int]) throws(PNGDecodingError) {
        let dc = dcTables[components[place].dcTable]!, ac = acTables[components[place].acTable]!
        for index in 0..<64 { coefficients[index] = 0 }
        let size = try symbol(dc)
        components[place].prediction += try received(size)
        let table = quantization[components[place].table]
        coefficients[0] = components[place].prediction * table[0]
        var k = 1
        while k < 64 {
            let value = try symbol(ac)
            let run = value >> 4, bits = value & 15
            if bits == 0 {
                if run == 15 {
                    k += 16
                    continue
                }
                break
            }
            k += run
            guard k < 64 else { throw Self.fail("a block's coefficients run past 64") }
            coefficients[Self.zigZag[k]] = try received(bits) * table[Self.zigZag[k]]
            k += 1
        }
        guard row < components[place].blocksDown, column < components[place].blocksAcross else { return }
        // The inverse DCT, rows then columns.
        var temporary = [Double](repeating: 0, count: 64)
        for y in 0..<8 {
            for x in 0..<8 {
                var sum = 0.0
                for u in 0..<8 where coefficients[y * 8 + u] != 0 { sum += Self.cosines[x * 8 + u] * Double(coefficients[y * 8 + u]) }
                temporary[y * 8 + x] = sum
            }
        }
        let stride = components[place].blocksAcross * 8
        for x in 0..<8 {
            for y in 0..<8 {
                var sum = 0.0
                for v in 0..<8 { sum += Self.cosines[y * 8 + v] * temporary[v * 8 + x] }
                let sample = min(max((sum + 128).rounded(), 0), 255)
                components[place].samples[(row * 8 + y) * stride + column * 8 + x] = UInt8(sample)
            }
        }
    }

    /// The planes as RGBA: chroma scaled up to the luma's sampling, then YCbCr (or RGB, or grey)
    /// to RGB.
    func pixels() throws(PNGDecodingError) -> (Int, Int, [UInt8]) {
        let hMax = components.map(\.h).max()!, vMax = components.map(\.v).max()!
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        func sample(_ component: Component, _ x: Int, _ y: Int) -> Double {
            let stride = component.blocksAcross * 8, rows = component.blocksDown * 8
            let sx = hMax / component.h, sy = vMax / component.v
            func at(_ column: Int, _ row: Int) -> Double {
                Double(component.samples[min(max(row, 0), rows - 1) * stride + min(max(column, 0), stride - 1)])
            }
            guard sx == 2 || sy == 2, hMax % component.h == 0, vMax % component.v == 0 else {
                return at(x * component.h / hMax, y * component.v / vMax)
            }
            // libjpeg's fancy upsampling: 3/4 of the nearer sample, 1/4 of the farther, per axis.
            let cx = x / sx, cy = y / sy
            let nx = sx == 2 ? (x % 2 == 0 ? cx - 1 : cx + 1) : cx, ny = sy == 2 ? (y % 2 == 0 ? cy - 1 : cy + 1) : cy
            let wx = sx == 2 ? 0.75 : 1.0, wy = sy == 2 ? 0.75 : 1.0
            return wy * (wx * at(cx, cy) + (1 - wx) * at(nx, cy)) + (1 - wy) * (wx * at(cx, ny) + (1 - wx) * at(nx, ny))
        }
        let rgbPlanes = components.count == 3 && (adobeTransform == 0 || (adobeTransform == nil && components.map(\.id) == [82, 71, 66]))
        for y in 0..<height {
            for x in 0..<width {
                let target = (y * width + x) * 4
                if components.count == 1 {
                    let grey = UInt8(sample(components[0], x, y))
                    rgba[target] = grey
                    rgba[target + 1] = grey
                    rgba[target + 2] = grey
                    continue
                }
                let a = sample(components[0], x, y), b = sample(components[1], x, y), c = sample(components[2], x, y)
                let rgb = rgbPlanes ? [a, b, c] : [a + 1.402 * (c - 128), a - 0.344136 * (b - 128) - 0.714136 * (c - 128), a + 1.772 * (b - 128)]
                for channel in 0..<3 { rgba[target + channel] = UInt8(min(max(rgb[channel].rounded(), 0), 255)) }
            }
        }
        return (width, height, rgba)
    }
}
