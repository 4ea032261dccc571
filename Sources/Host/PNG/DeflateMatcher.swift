
// LZ77 for deflate (RFC 1951, section 4): hash chains over 3-byte prefixes in a 32 KiB window,
// with lazy matching (a match is kept only if the next position does not start a longer one).

/// Finds LZ77 matches in a contiguous input, filling `DeflateSymbolBuffer`s block by block.
///
/// Every position's 3-byte prefix is hashed into `head`, the most recent position with that
/// hash; `previous` links each position to the one before it with the same hash, so following
/// the links visits earlier candidates, nearest first. The tables hold positions as `Int32`
/// offsets from `base`, moved forward (`rebase()`) before they could overflow, so inputs of
/// any size work. No hashing seed is involved: the output depends on the input alone.
///
/// The matcher keeps its lazy-matching state between `parse` calls, so a block may end with a
/// literal that is still undecided; `parsedEnd` is where the recorded symbols end.
package struct DeflateMatcher: Sendable {
    /// How hard the matcher looks, as in zlib's levels.
    package struct Effort: Sendable, Hashable {
        /// Past a match this long, only a quarter of `maxChainLength` is searched at the next
        /// position.
        package var goodLength: Int
        /// Past a match this long, the next position is not searched at all (no lazy matching).
        package var lazyLength: Int
        /// A match this long ends the search.
        package var niceLength: Int
        /// The most candidates looked at per position.
        package var maxChainLength: Int
        /// Matches longer than `runInsertLimit` that cover a run (bytes that repeat with a
        /// period of at most `runPeriod`: a match that distance back, or bytes equal to those
        /// `runPeriod` earlier) insert only their last `tailInsertCount` positions into the hash
        /// chains. Inside a run every string repeats one a few bytes earlier, so the skipped
        /// entries would only lengthen the chains. Flat colour filters to long runs of zeros.
        package var runPeriod: Int
        package var runInsertLimit: Int
        package var tailInsertCount: Int

        /// zlib's default, level 6 (good 8, lazy 16, nice 128, chain 128), plus run skipping
        /// for runs longer than 32 bytes with a period of at most 4 (one RGBA pixel).
        package static let balanced = Effort(
            goodLength: 8, lazyLength: 16, niceLength: 128, maxChainLength: 128,
            runPeriod: 4, runInsertLimit: 32, tailInsertCount: 4)
    }

    private static let hashBits = 15
    private static let windowMask = DeflateAlphabet.windowSize - 1
    private static let empty = Int32.min
    /// Matches of 3 bytes farther than this cost more than three literals would (zlib's TOO_FAR).
    private static let farThreeByteMatch = 4096

    /// The search effort.
    package let effort: Effort
    /// How far positions may get past `base` before the tables are moved forward.
    package let rebaseThreshold: Int

    /// `head` (2^hashBits entries), then `previous` (one per window position).
    private var chains: [Int32]
    private var base = 0

    /// The next position to look at.
    private var position = 0
    /// Whether the byte before `position` is still undecided (a literal, or the start of
    /// `pendingLength` bytes matching at `pendingStart`).
    private var hasPending = false
    private var pendingLength = DeflateAlphabet.minMatchLength - 1
    private var pendingStart = 0

    /// A matcher with the given effort; `rebaseThreshold` is exposed for tests only.
    package init(effort: Effort = .balanced, rebaseThreshold: Int = 1 << 30) {
        precondition(rebaseThreshold >= 4 * DeflateAlphabet.windowSize)
        self.effort = effort
        self.rebaseThreshold = rebaseThreshold
        chains = [Int32](repeating: Self.empty, count: (1 << Self.hashBits) + DeflateAlphabet.windowSize)
    }

    /// Where the recorded symbols end: every byte before it is covered by a symbol.
    package var parsedEnd: Int { hasPending ? position - 1 : position }

    /// Starts over, for a new input.
    package mutating func reset() {
        for index in chains.indices { chains[index] = Self.empty }
        base = 0
        position = 0
        hasPending = false
        pendingLength = DeflateAlphabet.minMatchLength - 1
    }

    /// The bytes the matcher needs ahead of a position before parsing it: the longest match
    /// plus the 3 bytes a hash and the next lazy look-up read.
    package static let lookahead = DeflateAlphabet.maxMatchLength + DeflateAlphabet.minMatchLength + 1

    /// Parses `input` from where the last call stopped, until `symbols` is full or the input
    /// runs out.
    ///
    /// If `isEndOfInput` is false, more bytes may follow `input` (the next call passes a longer
    /// buffer with the same start), and positions are parsed only while `lookahead` bytes
    /// follow them, so the parse is the same as if all the input had come at once. If it is
    /// true, everything up to `input.count` is parsed, until `parsedEnd == input.count`.
    ///
    /// - Complexity: O(*n*·`maxChainLength`) for *n* bytes parsed, O(*n*) on typical data.
    package mutating func parse(
        _ input: UnsafeRawBufferPointer, isEndOfInput: Bool, into symbols: inout DeflateSymbolBuffer
    ) {
        guard let start = input.baseAddress, input.count > 0 else { return }
        if position - base > rebaseThreshold { rebase() }
        let data = start.assumingMemoryBound(to: UInt8.self)
        let count = input.count
        let effort = self.effort
        let minMatch = DeflateAlphabet.minMatchLength
        var state = (position, hasPending, pendingLength, pendingStart)
        let base = self.base

        chains.withUnsafeMutableBufferPointer { chains in
            symbols.withUnsafeAppender { out in
                let table = HashChains(head: chains.baseAddress!, base: base)
                var (position, hasPending, pendingLength, pendingStart) = state
                let lastHashed = count - minMatch  // the last position with 3 bytes ahead
                let end = isEndOfInput ? count : count - Self.lookahead

                while position < end && out.count < out.capacity - 1 {
                    var length = minMatch - 1
                    var matchStart = 0
                    if position <= lastHashed {
                        let candidate = table.insert(position, data, count)
                        let limit = min(DeflateAlphabet.maxMatchLength, count - position)
                        if pendingLength < effort.lazyLength && limit > pendingLength
                            && position - candidate <= DeflateAlphabet.windowSize
                        {
                            let chain = pendingLength >= effort.goodLength
                                ? effort.maxChainLength >> 2 : effort.maxChainLength
                            let found = table.longestMatch(
                                at: position, in: data, candidate: candidate, limit: limit,
                                longerThan: pendingLength, chainLength: chain,
                                niceLength: min(effort.niceLength, limit))
                            if found.length > pendingLength
                                && (found.length > minMatch || position - found.start <= Self.farThreeByteMatch)
                            {
                                length = found.length
                                matchStart = found.start
                            }
                        }
                    }

                    if pendingLength >= minMatch && length <= pendingLength {
                        // The match at position - 1 wins: record it, hash what it covers.
                        let matchPosition = position - 1
                        let distance = matchPosition - pendingStart
                        out.append(DeflateSymbolBuffer.match(length: pendingLength, distance: distance))
                        let end = matchPosition + pendingLength
                        var hashed = position + 1
                        if Self.isLongRun(data + matchPosition, length: pendingLength, distance: distance, effort) {
                            hashed = max(hashed, end - effort.tailInsertCount)
                        }
                        while hashed < end && hashed <= lastHashed {
                            _ = table.insert(hashed, data, count)
                            hashed += 1
                        }
                        position = end
                        hasPending = false
                        pendingLength = minMatch - 1
                    } else {
                        // The byte before is a literal (if undecided); this position waits.
                        if hasPending { out.append(DeflateSymbolBuffer.literal(data[position - 1])) }
                        hasPending = true
                        pendingLength = length
                        pendingStart = matchStart
                        position += 1
                    }
                }
                if isEndOfInput && position == count && hasPending {
                    out.append(DeflateSymbolBuffer.literal(data[position - 1]))
                    hasPending = false
                }
                state = (position, hasPending, pendingLength, pendingStart)
            }
        }
        (position, hasPending, pendingLength, pendingStart) = state
    }

    /// Whether a match is long enough, and its bytes periodic enough, to skip hashing most of
    /// it (see `Effort.runPeriod`).
    @inline(__always)
    private static func isLongRun(_ start: UnsafePointer<UInt8>, length: Int, distance: Int, _ effort: Effort) -> Bool {
        guard length > effort.runInsertLimit else { return false }
        if distance <= effort.runPeriod { return true }
        let shifted = length - effort.runPeriod
        return HashChains.commonPrefixLength(start, start + effort.runPeriod, limit: shifted) == shifted
    }

    /// Moves `base` forward so that table entries stay within `Int32`; entries that fall out of
    /// the window become empty.
    private mutating func rebase() {
        let newBase = position - 2 * DeflateAlphabet.windowSize
        let delta = newBase - base
        for index in chains.indices where chains[index] != Self.empty {
            let moved = Int(chains[index]) - delta
            chains[index] = moved < 0 ? Self.empty : Int32(moved)
        }
        base = newBase
    }

    /// An unchecked view of the hash tables for the duration of one `parse`.
    private struct HashChains {
        let head: UnsafeMutablePointer<Int32>
        let base: Int

        private var previous: UnsafeMutablePointer<Int32> { head + (1 << DeflateMatcher.hashBits) }

        /// Hashes the 3 bytes at `position` (reading them as one 32-bit word when a fourth
        /// byte follows within `count`).
        @inline(__always)
        private func hash(_ position: Int, _ data: UnsafePointer<UInt8>, _ count: Int) -> Int {
            let key = position + 4 <= count
                ? UInt32(littleEndian: UnsafeRawPointer(data + position).loadUnaligned(as: UInt32.self)) & 0xFF_FFFF
                : UInt32(data[position]) | UInt32(data[position + 1]) << 8 | UInt32(data[position + 2]) << 16
            return Int((key &* 0x9E37_79B1) >> (32 - UInt32(DeflateMatcher.hashBits)))
        }

        /// Makes `position` the newest entry of its chain; returns the entry it displaced (a
        /// very negative position if there was none). Needs 3 bytes at `position`.
        @inline(__always)
        func insert(_ position: Int, _ data: UnsafePointer<UInt8>, _ count: Int) -> Int {
            let bucket = hash(position, data, count)
            let older = head[bucket]
            previous[position & DeflateMatcher.windowMask] = older
            head[bucket] = Int32(truncatingIfNeeded: position - base)
            return base + Int(older)
        }

        /// Walks the chain from `candidate`, nearest first, for the longest match at
        /// `position` that is longer than `longerThan` (`limit` > `longerThan`).
        @inline(__always)
        func longestMatch(
            at position: Int, in data: UnsafePointer<UInt8>, candidate first: Int, limit: Int,
            longerThan shortest: Int, chainLength: Int, niceLength: Int
        ) -> (length: Int, start: Int) {
            var best = max(shortest, DeflateAlphabet.minMatchLength - 1)
            var bestStart = 0
            var candidate = first
            var remaining = chainLength
            let lowest = position - DeflateAlphabet.windowSize
            let scan = data + position
            while true {
                let match = data + candidate
                if match[best] == scan[best] && match[0] == scan[0] && match[1] == scan[1] {
                    let length = Self.commonPrefixLength(match, scan, limit: limit)
                    if length > best {
                        best = length
                        bestStart = candidate
                        if length >= niceLength { break }
                    }
                }
                remaining &-= 1
                let next = base + Int(previous[candidate & DeflateMatcher.windowMask])
                if remaining == 0 || next >= candidate || next < lowest { break }
                candidate = next
            }
            return (best, bestStart)
        }

        /// The number of equal leading bytes of `a` and `b`, at most `limit`; eight at a time.
        @inline(__always)
        static func commonPrefixLength(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, limit: Int) -> Int {
            var length = 0
            while length + 8 <= limit {
                let difference = UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
                    ^ UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
                if difference != 0 {
                    return length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3
                }
                length += 8
            }
            while length < limit && a[length] == b[length] { length += 1 }
            return length
        }
    }
}
