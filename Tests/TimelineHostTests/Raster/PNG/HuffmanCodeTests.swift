import Timeline
import TimelinePlugins
@testable import CadencePNG
import Testing
import CadenceTestSupport

@Suite("Length-limited Huffman codes")
struct HuffmanCodeTests {
    private func build(_ frequencies: [UInt32], maxLength: Int) -> HuffmanCode {
        var code = HuffmanCode(symbolCount: frequencies.count)
        var scratch = HuffmanCode.Scratch()
        frequencies.withUnsafeBufferPointer { code.build(frequencies: $0, maxLength: maxLength, scratch: &scratch) }
        return code
    }

    /// Σ 2^(L − length) over used symbols, scaled so that 2^L means a complete code.
    private func kraftSum(_ lengths: [UInt8], maxLength: Int) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 << (maxLength - Int($1)) }
    }

    private func cost(_ lengths: [UInt8], _ frequencies: [UInt32]) -> Int {
        zip(lengths, frequencies).reduce(0) { $0 + Int($1.0) * Int($1.1) }
    }

    /// Huffman's algorithm, the textbook way (repeatedly merge the two lightest), for the
    /// optimal unlimited cost: the sum of the merged weights.
    private func huffmanCost(_ frequencies: [UInt32]) -> Int {
        var weights = frequencies.filter { $0 > 0 }.map(Int.init)
        var total = 0
        while weights.count > 1 {
            weights.sort(by: >)
            let merged = weights.removeLast() + weights.removeLast()
            total += merged
            weights.append(merged)
        }
        return total
    }

    /// The optimal cost under a length limit by exhaustive search over all length vectors.
    private func bruteForceCost(_ frequencies: [UInt32], maxLength: Int) -> Int {
        var best = Int.max
        var lengths = [Int](repeating: 1, count: frequencies.count)
        func search(_ index: Int, kraft: Int) {
            if kraft > 1 << maxLength { return }
            if index == frequencies.count {
                if kraft == 1 << maxLength {
                    best = min(best, zip(lengths, frequencies).reduce(0) { $0 + $1.0 * Int($1.1) })
                }
                return
            }
            for length in 1...maxLength {
                lengths[index] = length
                search(index + 1, kraft: kraft + 1 << (maxLength - length))
            }
        }
        search(0, kraft: 0)
        return best
    }

    @Test func unlimitedCasesAreHuffmanOptimal() {
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<50 {
            let count = Int(generator.next() % 286) + 2
            let frequencies = (0..<count).map { _ in UInt32(generator.next() % 1000) + 1 }
            let code = build(frequencies, maxLength: 15)
            #expect(cost(code.lengths, frequencies) == huffmanCost(frequencies))
            #expect(kraftSum(code.lengths, maxLength: 15) == 1 << 15)
        }
    }

    /// Fibonacci weights want a 30-deep tree; the limit must hold and the code stay complete.
    @Test func fibonacciWeightsRespectTheLimit() {
        var frequencies: [UInt32] = [1, 1]
        while frequencies.count < 30 { frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2]) }
        for limit in [7, 9, 15] {
            let code = build(frequencies, maxLength: limit)
            #expect(code.lengths.allSatisfy { $0 >= 1 && $0 <= limit })
            #expect(kraftSum(code.lengths, maxLength: limit) == 1 << limit)
            #expect(cost(code.lengths, frequencies) >= huffmanCost(frequencies))
        }
    }

    @Test func limitedCasesAreOptimal() {
        var generator = SeededGenerator(seed: 13)
        for _ in 0..<20 {
            // Skewed frequencies, so the limit binds.
            let frequencies = (0..<7).map { _ in UInt32(1) << UInt32(generator.next() % 12) }
            let code = build(frequencies, maxLength: 4)
            #expect(code.lengths.allSatisfy { $0 <= 4 })
            #expect(cost(code.lengths, frequencies) == bruteForceCost(frequencies, maxLength: 4))
        }
    }

    /// One or no used symbol still gives two codes of one bit (a complete code).
    @Test func degenerateAlphabets() {
        let single = build([0, 0, 5, 0], maxLength: 15)
        #expect(single.lengths.filter { $0 > 0 }.count == 2)
        #expect(single.lengths[2] == 1)
        let none = build([0, 0, 0], maxLength: 7)
        #expect(none.lengths.filter { $0 > 0 } == [1, 1])
    }

    /// The canonical codes of RFC 1951, section 3.2.2's example: lengths (3, 3, 3, 3, 3, 2, 4, 4)
    /// give 010, 011, 100, 101, 110, 00, 1110, 1111 (stored here bit-reversed).
    @Test func canonicalCodesMatchTheRFCExample() {
        let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        func reversed(_ value: Int, _ length: Int) -> UInt16 {
            var result = 0
            for bit in 0..<length where value & (1 << bit) != 0 { result |= 1 << (length - 1 - bit) }
            return UInt16(result)
        }
        let expected = [(0b010, 3), (0b011, 3), (0b100, 3), (0b101, 3), (0b110, 3), (0b00, 2), (0b1110, 4), (0b1111, 4)]
        #expect(code.codes == expected.map { reversed($0.0, $0.1) })
    }
}
