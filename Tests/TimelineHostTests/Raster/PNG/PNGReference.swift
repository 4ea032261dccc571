import Foundation
import Testing

/// An independent PNG decoder, in Python: it parses the chunks, checks every CRC with
/// `zlib.crc32`, inflates the IDAT data with zlib, undoes the five filters, and reports the
/// size zlib level 6 makes of the same filtered rows. For small images it also recomputes
/// libpng's filter heuristic and counts the rows where the chosen filter is not its choice.
enum PNGReference {
    struct Decoded {
        var width: Int
        var height: Int
        /// Straight RGBA8, tightly packed.
        var pixels: [UInt8]
        /// The filter type byte of each row.
        var filters: [UInt8]
        var chunkCount: Int
        var idatCount: Int
        /// The IDAT payload's size, and zlib level 6's on the same filtered rows.
        var idatBytes: Int
        var zlibLevel6Bytes: Int
        /// Rows whose filter is not the heuristic's choice (nil when not checked).
        var heuristicMismatches: Int?

        var sizeRatio: Double { Double(idatBytes) / Double(zlibLevel6Bytes) }
    }

    private static let script = #"""
        import sys, zlib, struct, json
        data = open(sys.argv[1], 'rb').read()
        check_heuristic = sys.argv[3] == '1'
        if data[:8] != b'\x89PNG\r\n\x1a\n': sys.exit('bad signature')
        pos, chunks = 8, []
        while pos < len(data):
            n = int.from_bytes(data[pos:pos+4], 'big')
            kind, body = data[pos+4:pos+8], data[pos+8:pos+8+n]
            if len(body) != n: sys.exit('truncated chunk')
            crc = int.from_bytes(data[pos+8+n:pos+12+n], 'big')
            if zlib.crc32(kind + body) != crc: sys.exit('bad CRC in %r' % kind)
            chunks.append((kind, body))
            pos += 12 + n
        kinds = [k for k, _ in chunks]
        if kinds[0] != b'IHDR' or kinds[-1] != b'IEND' or len(chunks) < 3 or any(k != b'IDAT' for k in kinds[1:-1]):
            sys.exit('unexpected chunks %r' % kinds)
        if len(chunks[0][1]) != 13 or chunks[-1][1] != b'': sys.exit('bad IHDR or IEND length')
        w, h, depth, colour, method, filt, interlace = struct.unpack('>IIBBBBB', chunks[0][1])
        if (depth, colour, method, filt, interlace) != (8, 6, 0, 0, 0): sys.exit('unexpected IHDR')
        idat = b''.join(b for k, b in chunks if k == b'IDAT')
        d = zlib.decompressobj()
        raw = d.decompress(idat) + d.flush()
        if not d.eof or d.unused_data: sys.exit('IDAT is not exactly one zlib stream')
        stride = 4 * w
        if len(raw) != h * (stride + 1): sys.exit('wrong filtered size %d' % len(raw))

        def paeth(a, b, c):
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

        out = bytearray(h * stride)
        prev = bytes(stride)
        filters = []
        for y in range(h):
            start = y * (stride + 1)
            f = raw[start]
            line = bytearray(raw[start + 1:start + 1 + stride])
            if f == 0:
                pass
            elif f == 1:
                for i in range(4, stride): line[i] = (line[i] + line[i - 4]) & 255
            elif f == 2:
                line = bytearray((x + b) & 255 for x, b in zip(line, prev))
            elif f == 3:
                for i in range(stride):
                    left = line[i - 4] if i >= 4 else 0
                    line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
            elif f == 4:
                for i in range(stride):
                    left = line[i - 4] if i >= 4 else 0
                    upleft = prev[i - 4] if i >= 4 else 0
                    line[i] = (line[i] + paeth(left, prev[i], upleft)) & 255
            else:
                sys.exit('bad filter type %d' % f)
            filters.append(f)
            out[y * stride:(y + 1) * stride] = line
            prev = bytes(line)

        mismatches = None
        if check_heuristic:
            mismatches = 0
            prev = bytes(stride)
            for y in range(h):
                cur = out[y * stride:(y + 1) * stride]
                costs = []
                for f in range(5):
                    cost = 0
                    for i in range(stride):
                        a = cur[i - 4] if i >= 4 else 0
                        b = prev[i]
                        c = prev[i - 4] if i >= 4 else 0
                        pred = (0, a, b, (a + b) >> 1, paeth(a, b, c))[f]
                        v = (cur[i] - pred) & 255
                        cost += min(v, 256 - v)
                    costs.append(cost)
                if costs.index(min(costs)) != filters[y]: mismatches += 1
                prev = bytes(cur)

        open(sys.argv[2], 'wb').write(out)
        print(json.dumps({'width': w, 'height': h, 'filters': filters, 'chunks': len(chunks),
                          'idat_chunks': kinds.count(b'IDAT'), 'idat': len(idat),
                          'zlib6': len(zlib.compress(raw, 6)), 'mismatches': mismatches}))
        """#

    private struct Report: Decodable {
        var width: Int, height: Int, filters: [UInt8], chunks: Int
        var idat_chunks: Int, idat: Int, zlib6: Int, mismatches: Int?
    }

    /// Decodes `png` with Python; throws (with Python's message) if anything is malformed.
    static func decode(_ png: [UInt8], checkHeuristic: Bool = false) throws -> Decoded {
        try PythonReference.withTemporaryFiles(count: 2) { files in
            try Data(png).write(to: files[0])
            let printed = try PythonReference.run(
                script, arguments: [files[0].path, files[1].path, checkHeuristic ? "1" : "0"])
            let report = try JSONDecoder().decode(Report.self, from: Data(printed.utf8))
            return Decoded(
                width: report.width, height: report.height, pixels: [UInt8](try Data(contentsOf: files[1])),
                filters: report.filters, chunkCount: report.chunks, idatCount: report.idat_chunks,
                idatBytes: report.idat, zlibLevel6Bytes: report.zlib6, heuristicMismatches: report.mismatches)
        }
    }
}
