
// The PNG datastream (PNG specification, sections 5.2–5.3 and 11.2): signature, then chunks of
// length, type, data and CRC-32.

/// Writes a PNG file around an already compressed image: signature, `IHDR`, `IDAT`s, `IEND`.
package enum PNGChunkWriter {
    /// The 8 bytes every PNG file starts with.
    package static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// Appends a whole PNG file for an 8-bit RGBA, non-interlaced image whose zlib stream of
    /// filtered rows is `imageData`, split into IDAT chunks of at most `maxIDATLength` bytes.
    ///
    /// - Complexity: O(`imageData.count`), for the chunks' CRCs and the copy.
    package static func writeFile(
        width: Int, height: Int, imageData: UnsafeRawBufferPointer, maxIDATLength: Int, to output: inout [UInt8]
    ) {
        let idatCount = max(1, (imageData.count + maxIDATLength - 1) / maxIDATLength)
        output.reserveCapacity(output.count + signature.count + (12 + 13) + 12 * idatCount + imageData.count + 12)
        output.append(contentsOf: signature)

        // IHDR: width, height, bit depth 8, colour type 6 (RGBA), compression method 0 (zlib),
        // filter method 0 (the five per-row filters), interlace method 0 (none).
        withUnsafeTemporaryAllocation(byteCount: 13, alignment: 4) { header in
            header.storeBytes(of: UInt32(width).bigEndian, toByteOffset: 0, as: UInt32.self)
            header.storeBytes(of: UInt32(height).bigEndian, toByteOffset: 4, as: UInt32.self)
            header.storeBytes(of: 8, toByteOffset: 8, as: UInt8.self)
            header.storeBytes(of: 6, toByteOffset: 9, as: UInt8.self)
            for offset in 10..<13 { header.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self) }
            writeChunk("IHDR", data: UnsafeRawBufferPointer(header), to: &output)
        }

        var offset = 0
        repeat {
            let length = min(maxIDATLength, imageData.count - offset)
            writeChunk("IDAT", data: UnsafeRawBufferPointer(rebasing: imageData[offset..<offset + length]), to: &output)
            offset += length
        } while offset < imageData.count

        writeChunk("IEND", data: UnsafeRawBufferPointer(start: nil, count: 0), to: &output)
    }

    /// Appends one chunk: data length (big-endian), the 4-letter type, the data, and the CRC-32
    /// of type and data.
    package static func writeChunk(_ type: StaticString, data: UnsafeRawBufferPointer, to output: inout [UInt8]) {
        precondition(type.utf8CodeUnitCount == 4)
        let typeBytes = UnsafeRawBufferPointer(start: type.utf8Start, count: 4)
        appendBigEndian(UInt32(data.count), to: &output)
        output.append(contentsOf: typeBytes)
        output.append(contentsOf: data)
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        appendBigEndian(crc.value, to: &output)
    }

    private static func appendBigEndian(_ value: UInt32, to output: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { output.append(contentsOf: $0) }
    }
}
