import Timeline

/// The reusable memory a frame writer builds each line in: bytes stored straight into place,
/// numbers and path data formatted in it (``NumberFormat/write(_:to:)``,
/// ``Path/writeSVGPathData(to:)``), no call allocating once it is big enough.
///
/// A sink computes an upper bound of its line's length, then writes the line with a
/// ``LineWriter`` over at least that much memory:
///
/// ```swift
/// let count = line.write(capacity: bound) { writer in
///     writer.append(number: frame.time)
///     writer.append(byte: 0x0A)
/// }
/// try line.withText(count: count) { try output.write(bytes: $0) }
/// ```
package struct LineBuffer {
    /// The memory, zero-filled when it grows; only its first bytes hold the line.
    private var storage: [UInt8] = []

    /// An empty buffer; it grows on the first line.
    package init() {}

    /// Writes a line of at most `capacity` bytes and returns its length.
    ///
    /// - Parameters:
    ///   - capacity: An upper bound of the line's length; the writer gets that many bytes and
    ///     ``LineWriter/slack`` more, for its whole-word stores.
    ///   - body: Writes the line; it must write no more than `capacity` bytes.
    package mutating func write(capacity: Int, _ body: (inout LineWriter) throws -> Void) rethrows -> Int {
        let needed = capacity + LineWriter.slack
        if storage.count < needed {
            storage = [UInt8](repeating: 0, count: max(needed, storage.count * 2))
        }
        return try storage.withUnsafeMutableBytes { memory in
            var writer = LineWriter(start: memory.baseAddress!, capacity: capacity)
            try body(&writer)
            precondition(writer.count <= capacity, "a line outgrew the bound its sink computed")
            return writer.count
        }
    }

    /// Calls `body` with the first `count` bytes: the line ``write(capacity:_:)`` wrote.
    package func withText<Result>(count: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
    }
}

/// Appends bytes to memory that has room for them: the inside of ``LineBuffer/write(capacity:_:)``.
///
/// It does not check for room: the line's bound does.
package struct LineWriter {
    /// Bytes past the bound that whole-word stores may overwrite (numbers' and path data's
    /// alike: both are written by `NumberText`).
    package static var slack: Int { NumberFormat.scratchByteCount }

    /// Where the line starts.
    package let start: UnsafeMutableRawPointer
    /// The bound the line must stay within.
    package let capacity: Int
    /// The bytes written so far.
    package var count = 0

    /// Creates a writer at the start of memory with room for `capacity` bytes and ``slack`` more.
    package init(start: UnsafeMutableRawPointer, capacity: Int) {
        self.start = start
        self.capacity = capacity
    }

    /// Appends one byte.
    @inline(__always)
    package mutating func append(byte: UInt8) {
        start.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Appends bytes.
    @inline(__always)
    package mutating func append(bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        (start + count).copyMemory(from: source, byteCount: bytes.count)
        count &+= bytes.count
    }

    /// Appends a few bytes eight at a time (a key, a separator), faster than a copy call.
    ///
    /// - Parameters:
    ///   - source: The bytes, with 7 more readable bytes after them.
    ///   - byteCount: How many to append.
    @inline(__always)
    package mutating func append(words source: UnsafeRawPointer, byteCount: Int) {
        var offset = 0
        while offset < byteCount {
            let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            start.storeBytes(of: word, toByteOffset: count &+ offset, as: UInt64.self)
            offset &+= 8
        }
        count &+= byteCount
    }

    /// Appends a literal's UTF-8 bytes.
    @inline(__always)
    package mutating func append(_ text: StaticString) {
        append(bytes: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of a string.
    @inline(__always)
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Appends a number as ``NumberFormat/string(_:)`` prints it.
    @inline(__always)
    package mutating func append(number: Double) {
        count &+= NumberFormat.write(number, to: start + count)
    }

    /// Appends the decimal digits of an integer, with a `-` if negative.
    @inline(__always)
    package mutating func append(integer: Int64) {
        count &+= NumberFormat.write(integer, to: start + count)
    }
}
