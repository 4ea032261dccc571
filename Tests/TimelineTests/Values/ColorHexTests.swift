import Testing
import Timeline

@Suite("Color hex parsing and printing")
struct ColorHexTests {
    @Test(
        "parses every CSS hex form",
        arguments: [
            ("#FF8800", 255, 136, 0, 255), ("#ff8800", 255, 136, 0, 255),
            ("FF8800", 255, 136, 0, 255), ("#F80", 255, 136, 0, 255), ("#f808", 255, 136, 0, 136),
            ("#3366CC80", 51, 102, 204, 128), ("#000000", 0, 0, 0, 255),
            ("#fFfFfF", 255, 255, 255, 255), ("#12345678", 0x12, 0x34, 0x56, 0x78),
        ] as [(String, Double, Double, Double, Double)])
    func parsing(hex: String, red: Double, green: Double, blue: Double, alpha: Double) throws {
        let color = try Color(hex: hex)
        expectValue(color.red, near: red / 255, tolerance: 1e-15, "red")
        expectValue(color.green, near: green / 255, tolerance: 1e-15, "green")
        expectValue(color.blue, near: blue / 255, tolerance: 1e-15, "blue")
        expectValue(color.alpha, near: alpha / 255, tolerance: 0, "alpha")
    }

    @Test(
        "bad strings throw an error that says what and where",
        arguments: [
            ("", ColorParseError.empty),
            ("#", .invalidDigitCount(0)),
            ("#12", .invalidDigitCount(2)),
            ("#12345", .invalidDigitCount(5)),
            ("#1234567", .invalidDigitCount(7)),
            ("#123456789", .invalidDigitCount(9)),
            ("#GG0000", .invalidCharacter("G", offset: 1)),
            ("#12G", .invalidCharacter("G", offset: 3)),
            (" #fff", .invalidCharacter(" ", offset: 0)),
            ("#fff ", .invalidCharacter(" ", offset: 4)),
            ("##fff", .invalidCharacter("#", offset: 1)),
            ("#ff#f", .invalidCharacter("#", offset: 3)),
            ("0x123", .invalidCharacter("x", offset: 1)),
            ("#ffé", .invalidCharacter("é", offset: 3)),
            // Full-width F has a hex digit value in Unicode, but is not ASCII.
            ("#\u{FF26}\u{FF26}\u{FF26}", .invalidCharacter("\u{FF26}", offset: 1)),
            ("#👍🏽00", .invalidCharacter("👍🏽", offset: 1)),
            ("#-12", .invalidCharacter("-", offset: 1)),
            ("#ff\n", .invalidCharacter("\n", offset: 3)),
            ("#1234567890ABCDEFz", .invalidCharacter("z", offset: 17)),
        ])
    func errors(hex: String, expected: ColorParseError) {
        #expect(throws: expected) { try Color(hex: hex) }
    }

    @Test("error descriptions name the character and the offset")
    func errorDescriptions() {
        #expect(
            ColorParseError.invalidCharacter("G", offset: 3).description
                == "character 'G' at offset 3 is not a hexadecimal digit")
        #expect(ColorParseError.invalidCharacter("\n", offset: 3).description.contains(#"'\n'"#))
        #expect(ColorParseError.invalidCharacter("G", offset: 3).offset == 3)
        #expect(ColorParseError.invalidDigitCount(5).description.contains("found 5"))
        #expect(ColorParseError.invalidDigitCount(5).offset == nil)
        #expect(ColorParseError.empty.description.contains("empty"))
    }

    @Test("every byte of every channel prints back as it was read")
    func everyByte() throws {
        let digits = Array("0123456789ABCDEF")
        for byte in 0..<256 {
            let hh = String([digits[byte >> 4], digits[byte & 0xF]])
            for hex in ["#\(hh)0000", "#00\(hh)00", "#0000\(hh)"] {
                #expect(try Color(hex: hex).hexString == hex)
            }
            if byte != 0 && byte != 255 {
                let translucent = "#FF8000\(hh)"
                #expect(try Color(hex: translucent).hexString == translucent)
            }
        }
    }

    @Test("random 8-digit colours round-trip: string -> colour -> string -> colour")
    func randomRoundTrip() throws {
        var random = ValuesTestRandom(seed: 3)
        let digits = Array("0123456789ABCDEF")
        for _ in 0..<2000 {
            var bytes = (0..<4).map { _ in Int.random(in: 0...255, using: &random) }
            bytes[3] = Int.random(in: 1...254, using: &random)
            let hex = "#" + String(bytes.flatMap { [digits[$0 >> 4], digits[$0 & 0xF]] })
            let color = try Color(hex: hex)
            #expect(color.hexString == hex)
            #expect(try Color(hex: color.hexString) == color)
        }
    }

    @Test("printing drops an opaque alpha, expands short forms and upper-cases")
    func printing() throws {
        #expect(try Color(hex: "#ff8800ff").hexString == "#FF8800")
        #expect(try Color(hex: "#f80").hexString == "#FF8800")
        #expect(try Color(hex: "#f808").hexString == "#FF880088")
        #expect(Color.red.hexString == "#FF0000")
        #expect(Color.gray.hexString == "#808080")  // 0.5·255 = 127.5 rounds to 128
        #expect(Color.clear.hexString == "#00000000")
        #expect(try Color(hex: "#FF000000").hexString == "#00000000")  // no colour left at alpha 0
    }

    @Test("printing clamps out-of-gamut and non-finite colours instead of trapping")
    func printingHostile() {
        #expect(Color(premultiplied: SIMD4(2, -1, 0.5, 1)).hexString == "#FF0080")
        #expect(Color(red: .nan, green: 1, blue: 0).hexString == "#00FF00")
        #expect(Color(red: .infinity, green: 0, blue: 0).hexString == "#FF0000")
        #expect(Color(red: 1, green: 0, blue: 0, alpha: .nan).hexString == "#00000000")
        #expect(Color(red: 1, green: 0, blue: 0, alpha: 7).hexString == "#FF0000")
    }
}
