import Timeline

extension NumberFormat {
    /// Appends ``string(_:)``'s text for `value` to `bytes`: the path of the frame writers.
    ///
    /// Written straight as bytes, byte for byte the string's text (fractions are Swift's
    /// `description`, printed by Timeline's `NumberText` without the standard library's
    /// formatter), so a call allocates only when `bytes` has to grow.
    ///
    /// - Parameters:
    ///   - value: Any number; not finite ones are written as `null`.
    ///   - bytes: The UTF-8 text so far.
    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchByteCount) { scratch in
            let count = write(value, to: UnsafeMutableRawPointer(scratch.baseAddress!))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<count]))
        }
    }

    /// Appends the decimal digits of `value`, with a `-` if negative.
    public static func append(_ value: Int64, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchByteCount) { scratch in
            let count = write(value, to: UnsafeMutableRawPointer(scratch.baseAddress!))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<count]))
        }
    }

    /// The longest text of a number: `-1.7976931348623157e+308`, 24 bytes (`null` is 4, an
    /// `Int64` at most 20).
    static package var maximumLength: Int { NumberText.maximumLength }

    /// How many bytes ``write(_:to:)-(Double,_)`` may store to from its start: it writes whole
    /// words past the end of the text. No text is longer than 24 bytes.
    package static var scratchByteCount: Int { NumberText.scratchByteCount }

    /// Writes ``string(_:)``'s text for `value` at `start` and returns its length in bytes.
    ///
    /// - Parameter start: Memory with room for ``scratchByteCount`` bytes; bytes past the text
    ///   may be overwritten with anything.
    @inline(__always)
    package static func write(_ value: Double, to start: UnsafeMutableRawPointer) -> Int {
        guard value.isFinite else {
            start.storeBytes(of: 0x6C6C_756E, as: UInt32.self)  // "null", little-endian
            return 4
        }
        // A whole number below 2^53 (the conversion is exact there) prints as an integer.
        if value.magnitude < 9_007_199_254_740_992, Double(Int64(value)) == value {
            return NumberText.writeWholeNumber(value, signedZero: true, to: start)
        }
        return NumberText.write(value, to: start)
    }

    /// Writes the decimal digits of `value`, with a `-` if negative, at `start` and returns
    /// their length in bytes.
    ///
    /// - Parameter start: Memory with room for ``scratchByteCount`` bytes.
    @inline(__always)
    package static func write(_ value: Int64, to start: UnsafeMutableRawPointer) -> Int {
        NumberText.writeInteger(value, to: start)
    }
}
