
// Premultiplied to straight alpha, one row at a time, exactly as `PNGAlpha.premultiplied`
// documents.

/// Converts rows of premultiplied RGBA8 to straight RGBA8 with a 64 KiB look-up table (one
/// entry per alpha and colour value), so no pixel needs a division.
///
/// Opaque pixels are copied as they are, four at a time, so opaque images pay little more than
/// a copy.
package enum AlphaUnpremultiplier {
    /// Entry `a << 8 | c`: the straight value of colour `c` under alpha `a`,
    /// `min(255, (c·255 + ⌊a/2⌋) / a)`, or 0 when `a` is 0.
    package static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for alpha in 1..<256 {
            for colour in 0..<256 {
                table[alpha << 8 | colour] = UInt8(min(255, (colour * 255 + alpha / 2) / alpha))
            }
        }
        return table
    }()

    /// Converts `pixelCount` premultiplied pixels at `source` to straight ones at `destination`
    /// (the two must not overlap).
    ///
    /// - Complexity: O(`pixelCount`).
    package static func convertRow(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, pixelCount: Int
    ) {
        table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            // The alpha bytes of two pixels in a little-endian 64-bit word.
            let alphaBytes: UInt64 = 0xFF00_0000_FF00_0000
            let byteCount = pixelCount * 4
            var index = 0
            while index < byteCount {
                // Four opaque pixels at once.
                if index + 16 <= byteCount {
                    let low = UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
                    let high = UInt64(littleEndian: UnsafeRawPointer(source + index + 8).loadUnaligned(as: UInt64.self))
                    if low & high & alphaBytes == alphaBytes {
                        let target = UnsafeMutableRawPointer(destination + index)
                        target.storeBytes(of: low.littleEndian, as: UInt64.self)
                        target.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
                        index += 16
                        continue
                    }
                }
                convertPixel(source + index, into: destination + index, table: table)
                index += 4
            }
        }
    }

    @inline(__always)
    private static func convertPixel(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, table: UnsafePointer<UInt8>
    ) {
        let alpha = Int(source[3])
        let row = table + alpha << 8
        destination[0] = row[Int(source[0])]
        destination[1] = row[Int(source[1])]
        destination[2] = row[Int(source[2])]
        destination[3] = source[3]
    }
}
