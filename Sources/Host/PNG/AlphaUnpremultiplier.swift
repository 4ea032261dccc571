
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
    /// Four pixels are looked at together: opaque ones are copied and transparent ones (all zero,
    /// as premultiplied transparent pixels are) written as zeros, a 16-byte store each; only the
    /// pixels in between (edges, translucent fills) go through the table, one 32-bit store each.
    ///
    /// - Complexity: O(`pixelCount`).
    package static func convertRow(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, pixelCount: Int
    ) {
        table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            // The alpha bytes of two pixels in a little-endian 64-bit word.
            let alphaBytes: UInt64 = 0xFF00_0000_FF00_0000
            let input = UnsafeRawPointer(source), output = UnsafeMutableRawPointer(destination)
            let byteCount = pixelCount * 4
            // The last pixel converted through the table and its straight form: a translucent
            // fill is one pixel value over and over.
            var last: (pixel: UInt32, straight: UInt32) = (0, 0)
            var index = 0
            while index + 16 <= byteCount {
                let low = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let high = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                if low & high & alphaBytes == alphaBytes {
                    // Four opaque pixels.
                    output.storeBytes(of: low.littleEndian, toByteOffset: index, as: UInt64.self)
                    output.storeBytes(of: high.littleEndian, toByteOffset: index + 8, as: UInt64.self)
                } else if low | high == 0 {
                    // Four transparent pixels.
                    output.storeBytes(of: 0, toByteOffset: index, as: UInt64.self)
                    output.storeBytes(of: 0, toByteOffset: index + 8, as: UInt64.self)
                } else {
                    convertFour(low, high, at: index, into: output, table: table, last: &last)
                }
                index += 16
            }
            while index < byteCount {
                let pixel = UInt32(littleEndian: input.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                convertPixel(pixel, at: index, into: output, table: table, last: &last)
                index += 4
            }
        }
    }

    /// Converts `pixelCount` premultiplied pixels at `pixels` to straight ones where they are.
    ///
    /// Opaque and transparent pixels are the same in both forms: four of them together are only
    /// read, so a picture that is mostly one or the other costs about one read of its bytes. The
    /// others go through the table as in ``convertRow(_:into:pixelCount:)``, with the same results.
    ///
    /// - Complexity: O(`pixelCount`).
    package static func convertInPlace(_ pixels: UnsafeMutablePointer<UInt8>, pixelCount: Int) {
        table.withUnsafeBufferPointer { table in
            let table = table.baseAddress!
            let alphaBytes: UInt64 = 0xFF00_0000_FF00_0000
            let bytes = UnsafeMutableRawPointer(pixels)
            let byteCount = pixelCount * 4
            var last: (pixel: UInt32, straight: UInt32) = (0, 0)
            var index = 0
            while index + 16 <= byteCount {
                let low = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let high = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
                index += 16
                if low & high & alphaBytes == alphaBytes || low | high == 0 {
                    // Four opaque or transparent pixels: skip on sixteen at a time while they all
                    // are, so a picture that is mostly one or the other is one pass of loads.
                    while index + 64 <= byteCount {
                        var all = ~UInt64(0), any = UInt64(0)
                        for word in 0..<8 {
                            let value = bytes.loadUnaligned(fromByteOffset: index + word * 8, as: UInt64.self)
                            all &= value
                            any |= value
                        }
                        guard UInt64(littleEndian: all) & alphaBytes == alphaBytes || any == 0 else { break }
                        index += 64
                    }
                } else {
                    convertFour(low, high, at: index - 16, into: bytes, table: table, last: &last)
                }
            }
            while index < byteCount {
                let pixel = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                convertPixel(pixel, at: index, into: bytes, table: table, last: &last)
                index += 4
            }
        }
    }

    /// Writes the straight form of four pixels that are neither all opaque nor all transparent
    /// (two little-endian words) at `offset`: the fill converted last again in two stores, or
    /// each pixel through the table.
    @inline(__always)
    private static func convertFour(
        _ low: UInt64, _ high: UInt64, at offset: Int, into output: UnsafeMutableRawPointer, table: UnsafePointer<UInt8>,
        last: inout (pixel: UInt32, straight: UInt32)
    ) {
        if low == high, low == UInt64(last.pixel) | UInt64(last.pixel) << 32 {
            let straight = UInt64(last.straight) | UInt64(last.straight) << 32
            output.storeBytes(of: straight.littleEndian, toByteOffset: offset, as: UInt64.self)
            output.storeBytes(of: straight.littleEndian, toByteOffset: offset + 8, as: UInt64.self)
            return
        }
        convertPixel(UInt32(truncatingIfNeeded: low), at: offset, into: output, table: table, last: &last)
        convertPixel(UInt32(truncatingIfNeeded: low >> 32), at: offset + 4, into: output, table: table, last: &last)
        convertPixel(UInt32(truncatingIfNeeded: high), at: offset + 8, into: output, table: table, last: &last)
        convertPixel(UInt32(truncatingIfNeeded: high >> 32), at: offset + 12, into: output, table: table, last: &last)
    }

    /// Writes the straight form of one pixel (little-endian RGBA in a word) at `offset`; `last`
    /// remembers the last pixel the table converted.
    @inline(__always)
    private static func convertPixel(
        _ pixel: UInt32, at offset: Int, into output: UnsafeMutableRawPointer, table: UnsafePointer<UInt8>,
        last: inout (pixel: UInt32, straight: UInt32)
    ) {
        let alpha = pixel >> 24
        var straight = pixel
        if pixel == last.pixel {
            straight = last.straight
        } else if alpha != 255 {
            let row = table + Int(alpha) << 8
            let red = UInt32(row[Int(pixel & 0xFF)])
            let green = UInt32(row[Int(pixel >> 8 & 0xFF)])
            let blue = UInt32(row[Int(pixel >> 16 & 0xFF)])
            straight = red | green << 8 | blue << 16 | alpha << 24
            last = (pixel, straight)
        }
        output.storeBytes(of: straight.littleEndian, toByteOffset: offset, as: UInt32.self)
    }
}
