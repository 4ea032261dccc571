import Testing
@testable import Timeline
import TimelinePlugins
@testable import CadenceHostCore

/// The lossless chunks of a video render's shards: frames round-trip exactly, and damaged data is
/// an error, not a crash.
@Suite("Frame chunks")
struct FrameChunkTests {
    /// A frame of flat areas, gradients and noise, so that runs and literal stretches alternate.
    static func frame(width: Int, height: Int, random: inout SplitMix64) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                switch (x / 7 + y / 3) % 4 {
                case 0: bytes += [12, 34, 56, 255]
                case 1: bytes += [UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y), 0, 128]
                case 2: bytes += (0..<4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                default: bytes += [0, 0, 0, 0]
                }
            }
        }
        return bytes
    }

    @Test(arguments: [(1, 1), (2, 3), (37, 5), (64, 64), (300, 2)])
    func framesRoundTripExactly(width: Int, height: Int) throws {
        var random = SplitMix64(state: UInt64(width * 1000 + height))
        var coded: [UInt8] = []
        for _ in 0..<3 {
            let frame = Self.frame(width: width, height: height, random: &random)
            frame.withUnsafeBytes { FrameChunk.encode($0, width: width, height: height, into: &coded) }
            #expect(coded.count <= frame.count + height * 8 * (width / 2 + 1), "no more than raw plus the numbers")
            var back = [UInt8](repeating: 0xEE, count: frame.count)
            try coded.withUnsafeBytes { codedBytes in
                try back.withUnsafeMutableBytes { try FrameChunk.decode(codedBytes, width: width, height: height, into: $0) }
            }
            #expect(back == frame)
        }
        // A flat frame codes to a run a row (rows under three pixels are literal).
        let flat = [UInt8](repeating: 7, count: width * height * 4)
        flat.withUnsafeBytes { FrameChunk.encode($0, width: width, height: height, into: &coded) }
        #expect(coded.count <= height * (width >= FrameChunk.shortestRun ? 7 : 1 + 4 * width))
    }

    @Test func damagedFramesAreErrors() throws {
        var random = SplitMix64(state: 5)
        let frame = Self.frame(width: 40, height: 6, random: &random)
        var coded: [UInt8] = []
        frame.withUnsafeBytes { FrameChunk.encode($0, width: 40, height: 6, into: &coded) }
        var back = [UInt8](repeating: 0, count: frame.count)
        func decode(_ bytes: [UInt8]) throws {
            try bytes.withUnsafeBytes { codedBytes in
                try back.withUnsafeMutableBytes { try FrameChunk.decode(codedBytes, width: 40, height: 6, into: $0) }
            }
        }
        for cut in [0, 1, coded.count / 2, coded.count - 1] {
            #expect(throws: FrameChunk.Damaged.self, "cut at \(cut)") { try decode(Array(coded.prefix(cut))) }
        }
        #expect(throws: FrameChunk.Damaged.self) { try decode(coded + [0]) }
        // A run longer than the row, and a zero-length run.
        #expect(throws: FrameChunk.Damaged.self) { try decode([0xD2, 0x01, 1, 2, 3, 4] + coded) }
        #expect(throws: FrameChunk.Damaged.self) { try decode([0x00, 1, 2, 3, 4] + coded) }
        // Random bytes never crash.
        for _ in 0..<200 {
            let noise = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            _ = try? decode(noise)
        }
    }
}
