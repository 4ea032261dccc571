
// Length-limited canonical prefix codes for deflate (RFC 1951, section 3.2.2), built with the
// package-merge algorithm (Larmore and Hirschberg, 1990), which gives optimal code lengths under
// a maximum length.

/// A canonical prefix code over one deflate alphabet: a bit length per symbol, and the codes
/// those lengths define, stored bit-reversed so that `BitWriter` can write them as is.
///
/// Deflate sends Huffman codes most significant bit first inside a stream that is otherwise
/// least significant bit first; storing each code reversed turns that into a plain write.
package struct HuffmanCode: Sendable {
    /// The code length of each symbol, 0 for a symbol that is not used.
    private(set) var lengths: [UInt8]

    /// The code of each symbol, bit-reversed within its length (0 for unused symbols).
    private(set) var codes: [UInt16]

    /// A code over `symbolCount` symbols, none of them used yet.
    package init(symbolCount: Int) {
        lengths = [UInt8](repeating: 0, count: symbolCount)
        codes = [UInt16](repeating: 0, count: symbolCount)
    }

    /// The canonical code with the given lengths.
    package init(lengths: [UInt8]) {
        self.lengths = lengths
        codes = [UInt16](repeating: 0, count: lengths.count)
        assignCanonicalCodes()
    }

    /// The number of symbols of the alphabet.
    package var symbolCount: Int { lengths.count }

    /// Replaces the code with an optimal prefix code for `frequencies` whose lengths are at most
    /// `maxLength`.
    ///
    /// The code is always complete (its Kraft sum is exactly 1), as strict inflaters require:
    /// when fewer than two symbols occur, unused symbols are given codes too, so that there are
    /// at least two. Ties between equal frequencies are broken by symbol, so the result depends
    /// only on the frequencies. `frequencies.count` must not exceed `symbolCount`, nor
    /// `2^maxLength`.
    ///
    /// - Complexity: O(*n*² + *n*·`maxLength`) for *n* symbols (the sort is an insertion sort:
    ///   *n* ≤ 288, and it allocates nothing).
    package mutating func build(
        frequencies: UnsafeBufferPointer<UInt32>, maxLength: Int, scratch: inout Scratch
    ) {
        precondition(frequencies.count <= symbolCount && frequencies.count <= 1 << maxLength)
        for index in lengths.indices { lengths[index] = 0 }
        scratch.prepare(symbolCount: frequencies.count, maxLength: maxLength)

        // Leaves as sortable keys: frequency above, symbol below.
        var leafCount = 0
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            scratch.leaves[leafCount] = UInt64(frequency) << 16 | UInt64(symbol)
            leafCount += 1
        }
        var padding = 0
        while leafCount < 2 && padding < frequencies.count {
            if frequencies[padding] == 0 {
                scratch.leaves[leafCount] = UInt64(padding)
                leafCount += 1
            }
            padding += 1
        }
        guard leafCount >= 2 else { return assignCanonicalCodes() }
        scratch.sortLeaves(count: leafCount)
        scratch.packageMerge(leafCount: leafCount, maxLength: maxLength)
        for rank in 0..<leafCount {
            lengths[Int(scratch.leaves[rank] & 0xFFFF)] = scratch.depths[rank]
        }
        assignCanonicalCodes()
    }

    /// The number of bits that symbols with the given frequencies take in this code (extra bits
    /// not included).
    package func bitCost(of frequencies: UnsafeBufferPointer<UInt32>) -> Int {
        var total = 0
        for (symbol, frequency) in frequencies.enumerated() {
            total += Int(frequency) * Int(lengths[symbol])
        }
        return total
    }

    /// Assigns the canonical codes of RFC 1951, section 3.2.2, for the current lengths: shorter
    /// codes first, and within a length, in symbol order.
    private mutating func assignCanonicalCodes() {
        // 16 counts and 16 next codes, on the stack: building a code allocates nothing.
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 32) { table in
            table.initialize(repeating: 0)
            for length in lengths where length > 0 { table[Int(length)] += 1 }
            var code = 0
            for length in 1..<16 {
                code = (code + table[length - 1]) << 1  // table[0] stays 0
                table[16 + length] = code
            }
            for symbol in lengths.indices {
                let length = Int(lengths[symbol])
                guard length > 0 else { codes[symbol] = 0; continue }
                var reversed = 0
                var forward = table[16 + length]
                for _ in 0..<length {
                    reversed = reversed << 1 | forward & 1
                    forward >>= 1
                }
                codes[symbol] = UInt16(reversed)
                table[16 + length] += 1
            }
        }
    }
}

extension HuffmanCode {
    /// Reusable working storage for `build(frequencies:maxLength:scratch:)`, so that building
    /// codes block after block allocates nothing once it has grown to the largest alphabet.
    package struct Scratch: Sendable {
        /// Leaf keys (`frequency << 16 | symbol`), sorted by `sortLeaves`.
        fileprivate var leaves: [UInt64] = []
        /// The code length of each leaf, by rank in `leaves`.
        fileprivate var depths: [UInt8] = []
        /// Item weights of the previous and the current package-merge list.
        private var previousWeights: [UInt64] = []
        private var currentWeights: [UInt64] = []
        /// For each list (level) and each prefix length k: how many of its first k items are
        /// leaves. Row `level` starts at `level * rowLength`.
        private var leafPrefixCounts: [UInt16] = []

        /// Empty scratch; it grows on first use.
        package init() {}

        fileprivate mutating func prepare(symbolCount: Int, maxLength: Int) {
            let items = 2 * symbolCount + 2
            if leaves.count < symbolCount + 2 {
                leaves = [UInt64](repeating: 0, count: symbolCount + 2)
                depths = [UInt8](repeating: 0, count: symbolCount + 2)
            }
            if previousWeights.count < items {
                previousWeights = [UInt64](repeating: 0, count: items)
                currentWeights = [UInt64](repeating: 0, count: items)
            }
            if leafPrefixCounts.count < maxLength * (items + 1) {
                leafPrefixCounts = [UInt16](repeating: 0, count: maxLength * (items + 1))
            }
        }

        /// Sorts the first `count` leaf keys ascending: by frequency, then by symbol.
        fileprivate mutating func sortLeaves(count: Int) {
            for index in 1..<count {
                let key = leaves[index]
                var hole = index
                while hole > 0 && leaves[hole - 1] > key {
                    leaves[hole] = leaves[hole - 1]
                    hole -= 1
                }
                leaves[hole] = key
            }
        }

        /// Package-merge over the first `leafCount` sorted leaves, leaving each leaf's code
        /// length in `depths`.
        ///
        /// List 1 holds the leaves; list *j* + 1 merges the leaves with the packages of list
        /// *j* (pairs of consecutive items, weights added). Of the last list, the first
        /// 2*n* − 2 items are taken; a leaf's code length is the number of lists in which it is
        /// taken. Since leaves and packages both enter lists in weight order, what is taken from
        /// each list is a prefix, whose leaves are the lightest ones: only the number of leaves
        /// in each prefix needs to be remembered.
        fileprivate mutating func packageMerge(leafCount: Int, maxLength: Int) {
            let taken = 2 * leafCount - 2
            let rowLength = taken + 1
            for rank in 0..<leafCount {
                previousWeights[rank] = leaves[rank] >> 16
                depths[rank] = 0
            }
            var previousCount = leafCount
            for prefix in 0...leafCount { leafPrefixCounts[prefix] = UInt16(prefix) }

            for level in 1..<maxLength {
                let packageCount = previousCount / 2
                var leaf = 0
                var package = 0
                var count = 0
                let row = level * rowLength
                leafPrefixCounts[row] = 0
                while count < taken && (leaf < leafCount || package < packageCount) {
                    let packageWeight = package < packageCount
                        ? previousWeights[2 * package] + previousWeights[2 * package + 1] : .max
                    let takesLeaf = leaf < leafCount && leaves[leaf] >> 16 <= packageWeight
                    currentWeights[count] = takesLeaf ? leaves[leaf] >> 16 : packageWeight
                    if takesLeaf { leaf += 1 } else { package += 1 }
                    count += 1
                    leafPrefixCounts[row + count] = UInt16(leaf)
                }
                swap(&previousWeights, &currentWeights)
                previousCount = count
            }

            var prefix = taken
            for level in stride(from: maxLength - 1, through: 0, by: -1) {
                let leavesTaken = Int(leafPrefixCounts[level * rowLength + prefix])
                for rank in 0..<leavesTaken { depths[rank] += 1 }
                prefix = 2 * (prefix - leavesTaken)
            }
        }
    }
}
