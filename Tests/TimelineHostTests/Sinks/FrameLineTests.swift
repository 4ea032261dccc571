import CadenceTestSupport
import Testing
import Timeline

import TimelinePlugins
@testable import CadenceIO
@testable import CadenceHostCore

/// Random frames of every kind of channel, and the lines the text sinks must write for them,
/// built the plain way: with strings, `NumberFormat.string` and `Path.svgPathData`.
@Suite("Text sinks: lines written into a buffer")
struct FrameLineTests {
    /// A schema of every kind of channel, some names that need escaping.
    static let schema = FrameSchema([
        ("x", .scalar), ("position", .vector(3)), ("tint", .color), ("outline", .path),
        ("say \"hi\"", .scalar), ("tab\tname", .vector(2)), ("empty", .vector(0)), ("mask", .path),
    ])

    /// Numbers of every form: fractions, whole numbers, zeros, huge and tiny ones, not-finite.
    static func number(_ generator: inout SplitMix64) -> Double {
        switch generator.next() % 8 {
        case 0: return Double.random(in: -1_000...1_000, using: &generator)
        case 1: return Double.random(in: 0...1, using: &generator)
        case 2: return Double(Int.random(in: -500_000...500_000, using: &generator)) / 1_000
        case 3: return Double(Int64.random(in: -(1 << 62)...(1 << 62), using: &generator))
        case 4: return [0, -0.0, .nan, .infinity, -.infinity, 1e-7, 9_007_199_254_740_994, -1e300][Int(generator.next() % 8)]
        case 5: return Double(Int.random(in: -100...100, using: &generator))
        default:
            var value: Double
            repeat { value = Double(bitPattern: generator.next()) } while !value.isFinite
            return value
        }
    }

    /// A path: empty, or up to 60 random elements of every kind, with coordinates of every
    /// finite form (``number(_:)``'s, not-finite ones drawn again).
    static func path(_ generator: inout SplitMix64) throws -> Path {
        let fillRule: FillRule = generator.next() % 2 == 0 ? .nonZero : .evenOdd
        guard generator.next() % 5 != 0 else { return Path(fillRule: fillRule) }
        return try RandomPaths.path(elements: 0...60, fillRule: fillRule, using: &generator) { generator in
            var value: Double
            repeat { value = number(&generator) } while !value.isFinite
            return value
        }
    }

    /// Random frames of ``schema``, some with events.
    static func frames() throws -> [Frame] {
        var generator = SplitMix64(state: 0xF2A3E)
        return try (0..<300).map { index in
            var frame = Frame(schema: schema, index: index * 7 - 50, time: number(&generator))
            frame.numbers = frame.numbers.map { _ in number(&generator) }
            frame.paths = try frame.paths.map { _ in try path(&generator) }
            if index % 5 == 0 {
                frame.events = [
                    FrameEvent(.marker("half, \"way\""), source: "card"), FrameEvent(.completed(finished: index % 2 == 0), source: "x"),
                ]
            }
            return frame
        }
    }

    @Test func jsonLinesAreTheStringFormOfEveryNumber() throws {
        var sink = JSONLinesSink(output: StringOutput())
        try sink.begin(schema: Self.schema)
        var expected = ""
        for frame in try Self.frames() {
            try sink.write(frame)
            var line = "{\"frame\":\(frame.index),\"time\":\(NumberFormat.string(frame.time)),\"values\":{"
            line += Self.schema.channels.map { channel in
                let value: String
                switch channel.kind {
                case .scalar: value = NumberFormat.string(frame.numbers[channel.offset])
                case .vector, .color: value = "[" + frame.numbers(of: channel).map(NumberFormat.string).joined(separator: ",") + "]"
                case .path: value = JSONText.quoted(frame.paths[channel.offset].svgPathData)
                }
                return JSONText.quoted(channel.name) + ":" + value
            }.joined(separator: ",")
            line += "}"
            if !frame.events.isEmpty {
                line += ",\"events\":[" + frame.events.map { JSONLinesSink<StringOutput>.json($0) }.joined(separator: ",") + "]"
            }
            expected += line + "}\n"
        }
        #expect(sink.output.text == expected)
    }

    @Test func csvRowsAreTheStringFormOfEveryNumber() throws {
        var sink = CSVSink(output: StringOutput())
        try sink.begin(schema: Self.schema)
        var expected = CSVColumns.header(of: Self.schema).map(CSVText.field).joined(separator: ",") + "\n"
        for frame in try Self.frames() {
            try sink.write(frame)
            var row = "\(frame.index),\(NumberFormat.string(frame.time))"
            for channel in Self.schema.channels {
                if case .path = channel.kind {
                    row += "," + CSVText.field(frame.paths[channel.offset].svgPathData)
                } else {
                    row += frame.numbers(of: channel).map { "," + NumberFormat.string($0) }.joined()
                }
            }
            row += "," + CSVText.field(frame.events.map(\.description).joined(separator: "; "))
            expected += row + "\n"
        }
        #expect(sink.output.text == expected)
    }

    @Test func aFrameShorterThanItsSchemaIsAnErrorNotACrash() throws {
        var short = Frame(schema: Self.schema, index: 3)
        short.numbers.removeLast()
        var json = JSONLinesSink(output: StringOutput())
        try json.begin(schema: Self.schema)
        #expect(throws: SinkError.self) { try json.write(short) }
        var csv = CSVSink(output: StringOutput())
        try csv.begin(schema: Self.schema)
        #expect(throws: SinkError.self) { try csv.write(short) }
        var noPaths = Frame(schema: Self.schema, index: 4)
        noPaths.paths.removeAll()
        do {
            try json.write(noPaths)
            Issue.record("a frame without its paths was written")
        } catch let error as SinkError {
            #expect(error.description.contains("frame 4 has") && error.description.contains("paths"))
        }
        #expect(throws: SinkError.self) { try csv.write(noPaths) }
    }

    @Test func aVectorOfNegativeCountStopsTheProgramBeforeAnySinkReadsIt() async {
        // Sinks read the numbers a schema lays out without checking each one, so a schema that
        // would lay out fewer numbers than its channels read is refused where it is made.
        await #expect(processExitsWith: .failure) {
            _ = FrameSchema([("a", .scalar), ("b", .scalar), ("c", .vector(-2))])
        }
    }

    @Test func integersAppendAsTheirDigits() {
        var generator = SplitMix64(state: 64)
        var values: [Int64] = [0, 1, -1, 9, 10, 99_999_999, 100_000_000, -100_000_000, .max, .min, .max - 1, .min + 1]
        for exponent in 0...18 {
            var power: Int64 = 1
            for _ in 0..<exponent { power *= 10 }
            values += [power, power - 1, -power, 1 - power]
        }
        values += (0..<10_000).map { _ in Int64(bitPattern: generator.next()) >> (generator.next() % 64) }
        for value in values {
            var bytes: [UInt8] = [0x78]
            NumberFormat.append(value, to: &bytes)
            #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == String(value))
        }
    }
}
