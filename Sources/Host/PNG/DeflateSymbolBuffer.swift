
// The LZ77 parse of one deflate block, between the matcher that makes it and the block writer
// that entropy-codes it.

/// The parsed form of one deflate block: literal bytes and (length, distance) matches, in order.
///
/// Each symbol is one `UInt32`: a literal byte *b* is stored as *b*; a match as
/// `distance << 16 | (length - 3)`, so any value of 2¹⁶ or more is a match (distances are at
/// least 1). The storage is allocated once, at the capacity given to `init(capacity:)`.
package struct DeflateSymbolBuffer: Sendable {
    private var storage: [UInt32]

    /// The number of symbols recorded since the last `removeAll()`.
    private(set) var count = 0

    /// A buffer for at most `capacity` symbols.
    package init(capacity: Int) {
        precondition(capacity >= 2)
        storage = [UInt32](repeating: 0, count: capacity)
    }

    /// The most symbols the buffer holds.
    package var capacity: Int { storage.count }

    /// Forgets the recorded symbols, keeping the storage.
    package mutating func removeAll() { count = 0 }

    /// A literal byte's symbol.
    @inline(__always)
    package static func literal(_ byte: UInt8) -> UInt32 { UInt32(byte) }

    /// A match's symbol: `length` in 3...258, `distance` in 1...32768.
    @inline(__always)
    package static func match(length: Int, distance: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: distance << 16 | (length - 3))
    }

    /// Calls `body` with the recorded symbols.
    package func withUnsafeSymbols<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// Gives `body` an unchecked appender over the free part of the storage.
    package mutating func withUnsafeAppender<R>(_ body: (inout Appender) throws -> R) rethrows -> R {
        var appender = Appender(base: nil, count: count, capacity: storage.count)
        let result = try storage.withUnsafeMutableBufferPointer { symbols in
            appender.base = symbols.baseAddress
            return try body(&appender)
        }
        count = appender.count
        return result
    }

    /// Appends symbols to a `DeflateSymbolBuffer` without per-symbol checks (see
    /// `withUnsafeAppender(_:)`); the caller keeps `count` below `capacity`.
    package struct Appender {
        fileprivate var base: UnsafeMutablePointer<UInt32>?
        /// The number of symbols in the buffer, those appended included.
        private(set) var count: Int
        /// The buffer's capacity.
        package let capacity: Int

        fileprivate init(base: UnsafeMutablePointer<UInt32>?, count: Int, capacity: Int) {
            self.base = base
            self.count = count
            self.capacity = capacity
        }

        /// Appends one symbol.
        @inline(__always)
        package mutating func append(_ symbol: UInt32) {
            assert(count < capacity)
            base.unsafelyUnwrapped[count] = symbol
            count &+= 1
        }
    }
}
