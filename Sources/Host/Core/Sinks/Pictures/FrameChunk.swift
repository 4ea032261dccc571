import Timeline
import TimelinePlugins
import CadenceIO
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Lossless chunks of straight RGBA frames: how the shards of a video render hold their frames
/// until `cadence join` encodes them once into the final format.
///
/// Each row is coded as runs of one pixel and stretches of literal pixels, so a frame costs a
/// few milliseconds to write and to read (interface frames are mostly flat), where FFV1 costs
/// tens (see `Docs/Benchmarks.md`, "Render farm"). Layout, all integers little-endian:
///
/// - the header: the 16 bytes `CADENCE-CHUNK 1\n`, then the width and the height (`UInt32` each);
/// - each frame: its coded length in bytes (`UInt32`), then its rows, top first;
/// - each row: operations until the row's `width` pixels are filled: a LEB128 number `n << 1`
///   followed by one pixel (4 bytes) repeated `n` times, or `n << 1 | 1` followed by `n` pixels.
package enum FrameChunk {
    /// The first bytes of a chunk file.
    package static let magic = Array("CADENCE-CHUNK 1\n".utf8)
    /// A run shorter than this is coded among literal pixels.
    package static let shortestRun = 3

    /// The header of a chunk of `width` × `height` frames.
    package static func header(width: Int, height: Int) -> [UInt8] {
        magic + withUnsafeBytes(of: UInt32(width).littleEndian, Array.init) + withUnsafeBytes(of: UInt32(height).littleEndian, Array.init)
    }

    /// Codes one frame (without its length) into `output`, replacing its contents.
    ///
    /// - Parameters:
    ///   - rgba: The frame, `width × height` pixels of 4 bytes.
    ///   - width: Pixels per row.
    ///   - height: Rows.
    ///   - output: Receives the coded rows; its storage is reused.
    package static func encode(_ rgba: UnsafeRawBufferPointer, width: Int, height: Int, into output: inout [UInt8]) {
        precondition(rgba.count == width * height * 4, "a frame of \(width)×\(height) RGBA pixels")
        output.removeAll(keepingCapacity: true)
        let pixels = rgba.bindMemory(to: UInt32.self)
        for row in 0..<height {
            let start = row * width
            var literal = start, index = start
            let end = start + width
            while index < end {
                let value = pixels[index]
                var next = index + 1
                while next < end && pixels[next] == value { next += 1 }
                if next - index >= shortestRun {
                    appendLiterals(pixels, literal, index, to: &output)
                    appendNumber(UInt64(next - index) << 1, to: &output)
                    withUnsafeBytes(of: value) { output.append(contentsOf: $0) }
                    literal = next
                }
                index = next
            }
            appendLiterals(pixels, literal, end, to: &output)
        }
    }

    private static func appendLiterals(_ pixels: UnsafeBufferPointer<UInt32>, _ from: Int, _ to: Int, to output: inout [UInt8]) {
        guard to > from else { return }
        appendNumber(UInt64(to - from) << 1 | 1, to: &output)
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(pixels)[(from * 4)..<(to * 4)]))
    }

    private static func appendNumber(_ value: UInt64, to output: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            output.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        output.append(UInt8(value))
    }

    /// Why a chunk cannot be read.
    package struct Damaged: Error, CustomStringConvertible {
        package var description: String
    }

    /// Decodes one coded frame into `rgba` (`width × height` pixels).
    ///
    /// - Throws: ``Damaged`` when the rows do not fill the frame exactly.
    package static func decode(_ coded: UnsafeRawBufferPointer, width: Int, height: Int, into rgba: UnsafeMutableRawBufferPointer) throws(Damaged) {
        precondition(rgba.count == width * height * 4, "a frame of \(width)×\(height) RGBA pixels")
        let bytes = coded.bindMemory(to: UInt8.self)
        let target = rgba.baseAddress!
        var position = 0, written = 0
        let total = width * height
        for row in 0..<height {
            let end = (row + 1) * width
            while written < end {
                var number: UInt64 = 0, shift: UInt64 = 0
                while true {
                    guard position < bytes.count, shift < 63 else { throw Damaged(description: "a frame ends inside row \(row)") }
                    let byte = bytes[position]
                    position += 1
                    number |= UInt64(byte & 0x7F) << shift
                    if byte < 0x80 { break }
                    shift += 7
                }
                let count = number >> 1
                guard count > 0, count <= UInt64(end - written) else { throw Damaged(description: "a run overflows row \(row)") }
                let pixels = Int(count)
                if number & 1 == 1 {
                    guard bytes.count - position >= pixels * 4 else { throw Damaged(description: "a frame ends inside row \(row)") }
                    (target + written * 4).copyMemory(from: coded.baseAddress! + position, byteCount: pixels * 4)
                    position += pixels * 4
                } else {
                    guard bytes.count - position >= 4 else { throw Damaged(description: "a frame ends inside row \(row)") }
                    let value = UnsafeRawPointer(coded.baseAddress! + position).loadUnaligned(as: UInt32.self)
                    position += 4
                    (target + written * 4).bindMemory(to: UInt32.self, capacity: pixels).update(repeating: value, count: pixels)
                }
                written += pixels
            }
        }
        guard written == total, position == bytes.count else { throw Damaged(description: "a frame has bytes past its last row") }
    }

    /// Reads a chunk file frame by frame.
    package final class Reader {
        package let path: String
        package let width: Int
        package let height: Int
        private let descriptor: Int32
        private var coded: [UInt8] = []
        private var length = [UInt8](repeating: 0, count: 4)

        /// Opens `path` and reads its header.
        package init(path: String) throws {
            self.path = path
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw InputError(file: path, reason: String(cString: strerror(errno))) }
            var header = [UInt8](repeating: 0, count: FrameChunk.magic.count + 8)
            guard try Self.read(descriptor, path, into: &header, count: header.count), header.starts(with: FrameChunk.magic) else {
                close(descriptor)
                throw InputError(file: path, reason: "it is not a Cadence frame chunk")
            }
            func number(_ offset: Int) -> Int {
                (0..<4).reduce(0) { $0 | Int(header[FrameChunk.magic.count + offset + $1]) << (8 * $1) }
            }
            width = number(0)
            height = number(4)
            guard width > 0, height > 0, width <= PictureSize.maximumSide, height <= PictureSize.maximumSide else {
                close(descriptor)
                throw InputError(file: path, reason: "its frame size \(width)×\(height) is not a picture's")
            }
        }

        deinit { close(descriptor) }

        /// Decodes the next frame into `rgba`; `false` at the end of the file.
        package func next(into rgba: UnsafeMutableRawBufferPointer) throws -> Bool {
            guard try Self.read(descriptor, path, into: &length, count: 4) else { return false }
            let count = (0..<4).reduce(0) { $0 | Int(length[$1]) << (8 * $1) }
            guard count <= width * height * 5 + height * 10 else {
                throw InputError(file: path, reason: "a frame claims \(count) bytes, more than any frame of \(width)×\(height) codes to")
            }
            if coded.count < count { coded = [UInt8](repeating: 0, count: count) }
            guard try Self.read(descriptor, path, into: &coded, count: count) else {
                throw InputError(file: path, reason: "the file ends inside a frame")
            }
            do {
                try coded.withUnsafeBytes { try FrameChunk.decode(UnsafeRawBufferPointer(rebasing: $0[0..<count]), width: width, height: height, into: rgba) }
            } catch let error as Damaged {
                throw InputError(file: path, reason: error.description)
            }
            return true
        }

        /// Reads exactly `count` bytes; `false` at the end of the file before the first byte.
        private static func read(_ descriptor: Int32, _ path: String, into buffer: inout [UInt8], count: Int) throws -> Bool {
            var filled = 0
            while filled < count {
                let result = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress! + filled, count - filled) }
                if result < 0 {
                    if errno == EINTR { continue }
                    throw InputError(file: path, reason: String(cString: strerror(errno)))
                }
                if result == 0 {
                    if filled == 0 { return false }
                    throw InputError(file: path, reason: "the file ends inside a frame")
                }
                filled += result
            }
            return true
        }
    }
}

@inline(__always)
private func readBytes(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, pointer, count)
}
