/// A checksum folded over bytes as they come (PNG's CRC-32 and zlib's Adler-32).
package protocol RunningChecksum {
    /// Folds `bytes` into the checksum.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
}

extension RunningChecksum {
    /// Folds the bytes of a sequence (for instance a string's `utf8` view) into the checksum: in
    /// place when they are contiguous, through one copy otherwise.
    ///
    /// - Complexity: O(*n*) in the sequence's length.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        let folded: Bool? = bytes.withContiguousStorageIfAvailable { buffer in
            update(UnsafeRawBufferPointer(buffer))
            return true
        }
        if folded == nil {
            let copy = Array(bytes)
            copy.withUnsafeBytes { update($0) }
        }
    }
}
