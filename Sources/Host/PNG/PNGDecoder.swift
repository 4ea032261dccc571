// Reading PNG files (ISO/IEC 15948): every colour type and bit depth, palettes and their
// transparency, Adam7 interlacing, the five row filters; chunks checked by their CRCs.

/// A PNG file that cannot be read, and why.
public struct PNGDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let reason: String

    /// An error for `reason`.
    package init(reason: String) {
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}

/// A decoded image: straight (not premultiplied) 8-bit red, green, blue and alpha per pixel, row
/// by row from the top.
public struct PNGImage: Sendable, Hashable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// `4 × width × height` bytes: red, green, blue, alpha.
    public let rgba: [UInt8]

    /// The largest image Cadence decodes: 2²⁶ pixels (an 8,192 × 8,192 image), 256 MiB of RGBA.
    public static let maximumPixels = 1 << 26

    /// Decodes a PNG file's bytes.
    ///
    /// 16-bit samples keep their high byte; grey and palette images become RGBA; `tRNS` gives
    /// transparency to a palette's entries or to one colour. Ancillary chunks other than `tRNS`
    /// (gamma, colour profiles, text) are skipped.
    ///
    /// - Throws: ``PNGDecodingError`` naming what is wrong: the signature, a chunk's CRC or
    ///   length, the header's numbers, a missing palette, the compressed data, a row filter, or
    ///   an image of more than ``maximumPixels``.
    public init(png data: [UInt8]) throws(PNGDecodingError) {
        func fail(_ reason: String) -> PNGDecodingError { PNGDecodingError(reason: reason) }
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard data.count >= 8, Array(data[0..<8]) == signature else { throw fail("not a PNG file: its first 8 bytes are not the PNG signature") }
        var position = 8
        var header: [UInt8]?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        var ended = false
        while position + 8 <= data.count, !ended {
            let length = Int(UInt32(data[position]) << 24 | UInt32(data[position + 1]) << 16 | UInt32(data[position + 2]) << 8 | UInt32(data[position + 3]))
            let typeBytes = Array(data[position + 4..<position + 8])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= Int(Int32.max), position + 12 + length <= data.count else { throw fail("the chunk \"\(type)\" at byte \(position) runs past the end of the file") }
            let body = Array(data[position + 8..<position + 8 + length])
            let stored = data[position + 8 + length..<position + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            guard CRC32.checksum(typeBytes + body) == stored else { throw fail("the chunk \"\(type)\" at byte \(position) fails its CRC check") }
            switch type {
            case "IHDR": header = body
            case "PLTE": palette = body
            case "tRNS": transparency = body
            case "IDAT": compressed += body
            case "IEND": ended = true
            default:
                // An unknown critical chunk (upper-case first letter) changes how the image reads.
                guard typeBytes[0] & 0x20 != 0 else { throw fail("the critical chunk \"\(type)\" is not one PNG defines") }
            }
            position += 12 + length
        }
        guard let header, header.count == 13 else { throw fail("the file has no valid IHDR chunk") }
        guard ended else { throw fail("the file ends before its IEND chunk") }
        func word(_ offset: Int) -> Int { Int(UInt32(header[offset]) << 24 | UInt32(header[offset + 1]) << 16 | UInt32(header[offset + 2]) << 8 | UInt32(header[offset + 3])) }
        let width = word(0), height = word(4)
        let depth = Int(header[8]), colorType = Int(header[9]), interlaced = header[12] == 1
        guard width > 0, height > 0, width <= PNGError.maxDimension, height <= PNGError.maxDimension else { throw fail("the image's size \(width) × \(height) is not valid") }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Self.maximumPixels else { throw fail("the image's \(width) × \(height) pixels are more than Cadence decodes (\(Self.maximumPixels))") }
        let channels: Int
        switch (colorType, depth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): channels = 1
        case (2, 8), (2, 16): channels = 3
        case (3, 1), (3, 2), (3, 4), (3, 8): channels = 1
        case (4, 8), (4, 16): channels = 2
        case (6, 8), (6, 16): channels = 4
        default: throw fail("colour type \(colorType) with \(depth)-bit samples is not a PNG format")
        }
        guard header[10] == 0, header[11] == 0, header[12] <= 1 else { throw fail("the compression, filter or interlace method is not one PNG defines") }
        if colorType == 3 {
            guard !palette.isEmpty, palette.count % 3 == 0 else { throw fail("a palette image without a valid PLTE chunk") }
        }
        let bitsPerPixel = channels * depth
        let bytesPerPixel = max(1, bitsPerPixel / 8)
        // The passes: origin and step in x and y (Adam7), or the whole image once.
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
            interlaced ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)] : [(0, 0, 1, 1)]
        var expected = 0
        for pass in passes {
            let columns = (width - pass.x + pass.dx - 1) / pass.dx, rows = (height - pass.y + pass.dy - 1) / pass.dy
            if columns > 0, rows > 0 { expected += rows * (1 + (columns * bitsPerPixel + 7) / 8) }
        }
        let raw: [UInt8]
        do throws(InflateError) {
            raw = try Inflate.zlib(compressed, limit: expected)
        } catch {
            throw fail("the image data cannot be decompressed: \(error)")
        }
        guard raw.count == expected else { throw fail("the image data holds \(raw.count) bytes, its size needs \(expected)") }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        // tRNS: a palette's alphas, or the one grey or RGB colour (16-bit values) that is transparent.
        let key: [Int]? = transparency.flatMap { bytes in
            switch colorType {
            case 0 where bytes.count >= 2: [Int(bytes[0]) << 8 | Int(bytes[1])]
            case 2 where bytes.count >= 6: [Int(bytes[0]) << 8 | Int(bytes[1]), Int(bytes[2]) << 8 | Int(bytes[3]), Int(bytes[4]) << 8 | Int(bytes[5])]
            default: nil
            }
        }
        var offset = 0
        var previous: [UInt8] = [], current: [UInt8] = []
        for pass in passes {
            let columns = (width - pass.x + pass.dx - 1) / pass.dx, rows = (height - pass.y + pass.dy - 1) / pass.dy
            guard columns > 0, rows > 0 else { continue }
            let rowBytes = (columns * bitsPerPixel + 7) / 8
            previous = [UInt8](repeating: 0, count: rowBytes)
            for row in 0..<rows {
                let filter = raw[offset]
                current = Array(raw[offset + 1..<offset + 1 + rowBytes])
                offset += 1 + rowBytes
                try Self.unfilter(&current, previous: previous, filter: filter, bytesPerPixel: bytesPerPixel)
                let y = pass.y + row * pass.dy
                for column in 0..<columns {
                    let x = pass.x + column * pass.dx
                    func sample(_ channel: Int) -> Int {
                        if depth == 16 { return Int(current[(column * channels + channel) * 2]) << 8 | Int(current[(column * channels + channel) * 2 + 1]) }
                        if depth == 8 { return Int(current[column * channels + channel]) }
                        let bit = column * depth
                        return Int(current[bit / 8] >> (8 - depth - bit % 8)) & (1 << depth - 1)
                    }
                    func byte(_ value: Int) -> UInt8 {
                        depth == 16 ? UInt8(value >> 8) : depth == 8 ? UInt8(value) : UInt8(value * 255 / (1 << depth - 1))
                    }
                    let target = (y * width + x) * 4
                    switch colorType {
                    case 0:
                        let grey = sample(0)
                        rgba[target] = byte(grey)
                        rgba[target + 1] = byte(grey)
                        rgba[target + 2] = byte(grey)
                        rgba[target + 3] = key == [grey] ? 0 : 255
                    case 2:
                        let rgb = [sample(0), sample(1), sample(2)]
                        for channel in 0..<3 { rgba[target + channel] = byte(rgb[channel]) }
                        rgba[target + 3] = key == rgb ? 0 : 255
                    case 3:
                        let index = sample(0)
                        guard index * 3 + 2 < palette.count else { throw fail("a pixel names palette entry \(index), past the palette's \(palette.count / 3)") }
                        for channel in 0..<3 { rgba[target + channel] = palette[index * 3 + channel] }
                        rgba[target + 3] = transparency.map { index < $0.count ? $0[index] : 255 } ?? 255
                    case 4:
                        let grey = byte(sample(0))
                        rgba[target] = grey
                        rgba[target + 1] = grey
                        rgba[target + 2] = grey
                        rgba[target + 3] = byte(sample(1))
                    default:
                        for channel in 0..<4 { rgba[target + channel] = byte(sample(channel)) }
                    }
                }
                swap(&previous, &current)
            }
        }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// Undoes a row's filter (none, sub, up, average, Paeth) in place.
    static func unfilter(_ row: inout [UInt8], previous: [UInt8], filter: UInt8, bytesPerPixel: Int) throws(PNGDecodingError) {
        switch filter {
        case 0: return
        case 1:
            for index in bytesPerPixel..<max(bytesPerPixel, row.count) { row[index] &+= row[index - bytesPerPixel] }
        case 2:
            for index in row.indices { row[index] &+= previous[index] }
        case 3:
            for index in row.indices {
                let left = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
                row[index] &+= UInt8((left + Int(previous[index])) / 2)
            }
        case 4:
            for index in row.indices {
                let a = index >= bytesPerPixel ? Int(row[index - bytesPerPixel]) : 0
                let b = Int(previous[index]), c = index >= bytesPerPixel ? Int(previous[index - bytesPerPixel]) : 0
                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                row[index] &+= UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
            }
        default:
            throw PNGDecodingError(reason: "a row uses filter \(filter), which PNG does not define")
        }
    }
}
