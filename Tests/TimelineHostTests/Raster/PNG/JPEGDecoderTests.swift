import Testing
@testable import CadenceIO
@testable import CadencePNG

/// Baseline JPEG files ffmpeg wrote (quality 2) of a 32 × 16 picture of solid 8 × 8 squares, red,
/// green, blue and white along the top row and back along the bottom one: each square's middle
/// decodes to its colour (within what the compression changes), with 4:2:0 and 4:4:4 sampling.
@Suite("JPEG decoding")
struct JPEGDecoderTests {
    static let chroma420 = "/9j//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABgAAEBAQEAAAAAAAAAAAAAAAAHCAAGAQEAAAAAAAAAAAAAAAAAAAAAEAEAAAAAAAAAAAAAAAAAAAAAEQAABQEGBwEAAAAAAAAAAAAVERQSExdBYgADBQdhREIGIxZkJf/AABEIABAAIAMBIgACEQADEQD/2gAMAwEAAhEDEQA/AOLJRpQ6dsbG1EV/vBofDyCmVTJ9eS1kPE3WFhvnqVV/X/EEBYl1K51iS7kMYnvG6wsZcQWGp3PvlURJ+CGh83PqZVMfyZLWQ8TdYWGxmm1X9g8oQFhvSrnWK72Qxie8brCx/9k="
    static let chroma444 = "/9j//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABQAAEBAQEAAAAAAAAAAAAAAAAHCAAGAQEBAQEAAAAAAAAAAAAAAAAHBgAIEAEAAAAAAAAAAAAAAAAAAAAAEQEAAAAAAAAAAAAAAAAAAAAA/8AAEQgAEAAgAwESAAISAAMSAP/aAAwDAQACEQMRAD8A4tWaUVZ/AAWAwrdphQrMeWcWMKTSkwqJQ1n9/9k="
    static let colors: [[Int]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]

    func check(_ base64: String, tolerance: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let image = try JPEGImage(jpeg: try #require(Base64.decode(base64[...])))
        #expect(image.width == 32 && image.height == 16 && image.rgba.count == 32 * 16 * 4, sourceLocation: sourceLocation)
        for square in 0..<8 {
            let column = square % 4, row = square / 4
            let color = Self.colors[row == 0 ? column : 3 - column]
            let x = column * 8 + 4, y = row * 8 + 4
            let pixel = (0..<4).map { Int(image.rgba[(y * 32 + x) * 4 + $0]) }
            #expect(zip(pixel.prefix(3), color).allSatisfy { abs($0 - $1) <= tolerance } && pixel[3] == 255, "square \(square): \(pixel), expected \(color)", sourceLocation: sourceLocation)
        }
    }

    @Test("4:2:0 and 4:4:4 files decode to their squares' colours")
    func squares() throws {
        try check(Self.chroma444, tolerance: 8)
        // Chroma at half resolution, one chroma block spanning two squares: more bleeding.
        try check(Self.chroma420, tolerance: 40)
    }

    @Test("broken and unsupported files are errors that say what is wrong")
    func brokenFiles() throws {
        func reason(_ bytes: [UInt8]) -> String {
            do {
                _ = try JPEGImage(jpeg: bytes)
                return ""
            } catch {
                return error.reason
            }
        }
        let file = try #require(Base64.decode(Self.chroma444[...]))
        #expect(reason(Array(file.dropFirst())).contains("SOI"))
        #expect(reason(Array(file.prefix(file.count / 2))).contains("end"))
        var progressive = file
        let frame = try #require(progressive.indices.first { progressive[$0] == 0xFF && progressive[$0 + 1] == 0xC0 })
        progressive[frame + 1] = 0xC2
        #expect(reason(progressive).contains("progressive JPEG"))
        var noTables = file
        let tables = try #require(noTables.indices.first { noTables[$0] == 0xFF && noTables[$0 + 1] == 0xC4 })
        noTables[tables + 1] = 0xFE  // the Huffman tables become a comment
        #expect(reason(noTables).contains("Huffman table is missing"))
    }
}
