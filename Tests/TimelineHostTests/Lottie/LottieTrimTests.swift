import Foundation
import Testing
import Timeline
import TimelinePlugins
@testable import CadenceHostCore
@testable import CadenceLottie

/// Trim paths (`tm`) against pictures worked out by hand from lottie-web's rules: the window
/// (start, end, offset in degrees, swapped when reversed), which outlines a trim reaches (those
/// before it in its group, nested groups included), the order of several trims (the nearest
/// first), a window across the start of a closed outline (one piece), "simultaneously" (each
/// outline by the same window) and "individually" (the outlines as one path, in file order), and
/// where rectangles and ellipses start (also drawn the other way).
@Suite("Lottie trim paths")
struct LottieTrimTests {
    /// The sub-paths paint 0 of layer 0 draws at frame `frame`: each a list of points (the ends of
    /// its sides) and whether it closes.
    static func pieces(_ items: String, frame: Int = 0) throws -> [(points: [Point], closed: Bool)] {
        let text = LottieDrawingTests.file(LottieDrawingTests.shapeLayer(items))
        let animation = try LottieAnimation(parsing: text, file: "t.json")
        #expect(animation.drawingNotes.warnings(file: nil).isEmpty, "\(animation.drawingNotes.warnings(file: nil))")
        var source = LottieDrawingSource(animation)
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(framesPerSecond: 10)!, frames: frame...frame, to: &sink)
        guard let channel = frames.first?.schema.channel(named: "0#0.path") else { return [] }
        var pieces: [(points: [Point], closed: Bool)] = []
        for element in frames[0].paths[channel.offset].elements {
            switch element {
            case .move(let point): pieces.append(([point], false))
            case .line(let point), .curve(let point, _, _): pieces[pieces.count - 1].points.append(point)
            case .closeSubpath: pieces[pieces.count - 1].closed = true
            default: break
            }
        }
        return pieces
    }

    /// The pieces by their first point's y (a paint draws its outlines last in the file first).
    static func byHeight(_ pieces: [(points: [Point], closed: Bool)]) -> [(points: [Point], closed: Bool)] {
        pieces.sorted { ($0.points.first?.y ?? 0) < ($1.points.first?.y ?? 0) }
    }

    /// The points without repeats (a trim may end a piece with a side of no length).
    static func distinct(_ points: [Point], tolerance: Double = 0.01) -> [Point] {
        var kept: [Point] = []
        for point in points where kept.last.map({ abs($0.x - point.x) > tolerance || abs($0.y - point.y) > tolerance }) ?? true {
            kept.append(point)
        }
        return kept
    }

    static func near(_ points: [Point], _ expected: [(Double, Double)], _ tolerance: Double = 0.01) -> Bool {
        points.count == expected.count && zip(points, expected).allSatisfy { abs($0.x - $1.0) <= tolerance && abs($0.y - $1.1) <= tolerance }
    }

    static func line(_ from: (Double, Double), _ to: (Double, Double)) -> String {
        #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[\#(from.0), \#(from.1)], [\#(to.0), \#(to.1)]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
    }

    static func trim(_ start: Double, _ end: Double, offset: Double = 0, mode: Int = 1) -> String {
        #"{"ty": "tm", "s": {"a": 0, "k": \#(start)}, "e": {"a": 0, "k": \#(end)}, "o": {"a": 0, "k": \#(offset)}, "m": \#(mode)}"#
    }

    static let stroke = #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}}"#

    /// A 100 × 100 square from (0, 0), drawn clockwise (`d` 1) or the other way (`d` 3).
    static func square(direction: Int) -> String {
        #"{"ty": "rc", "d": \#(direction), "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}}"#
    }

    @Test("a line trimmed to its middle half")
    func middleOfALine() throws {
        // lottie-web measures the side through 150 points and finds where a length falls by
        // interpolating between them: within a thousandth of a pixel or so here.
        let drawn = try Self.pieces([Self.line((0, 0), (100, 0)), Self.trim(25, 75), Self.stroke].joined(separator: ", "))
        #expect(drawn.count == 1 && !drawn[0].closed)
        #expect(Self.near(Self.distinct(drawn[0].points), [(25, 0), (75, 0)]), "\(drawn)")
        // End before start is the same window.
        let swapped = try Self.pieces([Self.line((0, 0), (100, 0)), Self.trim(75, 25), Self.stroke].joined(separator: ", "))
        #expect(Self.near(Self.distinct(swapped[0].points), [(25, 0), (75, 0)]))
        // Start and end equal: nothing.
        let none = try Self.pieces([Self.line((0, 0), (100, 0)), Self.trim(40, 40), Self.stroke].joined(separator: ", "))
        #expect(none.allSatisfy { $0.points.count <= 1 })
        // 0 to 100: the outline whole, still closed if it was.
        let whole = try Self.pieces([Self.square(direction: 1), Self.trim(0, 100), Self.stroke].joined(separator: ", "))
        #expect(whole.count == 1 && whole[0].closed)
    }

    @Test("a square from its start, with offsets, and across its start as one piece")
    func squareWindows() throws {
        // Clockwise (d 1), lottie-web starts a rectangle at its top right corner: (100, 0), then
        // (100, 100), (0, 100), (0, 0). Half its length from the start:
        let half = try Self.pieces([Self.square(direction: 1), Self.trim(0, 50), Self.stroke].joined(separator: ", "))
        #expect(half.count == 1 && !half[0].closed)
        #expect(Self.near(Self.distinct(half[0].points), [(100, 0), (100, 100), (0, 100)]), "\(half)")
        // An offset of 90° moves the window a quarter of the length on.
        let quarter = try Self.pieces([Self.square(direction: 1), Self.trim(0, 50, offset: 90), Self.stroke].joined(separator: ", "))
        #expect(Self.near(Self.distinct(quarter[0].points), [(100, 100), (0, 100), (0, 0)]), "\(quarter)")
        // 270°: from three quarters to one and a quarter, across the start: one piece.
        let across = try Self.pieces([Self.square(direction: 1), Self.trim(0, 50, offset: 270), Self.stroke].joined(separator: ", "))
        #expect(across.count == 1, "\(across)")
        #expect(Self.near(Self.distinct(across[0].points), [(0, 0), (100, 0), (100, 100)]), "\(across)")
        // -90° is 270°.
        let negative = try Self.pieces([Self.square(direction: 1), Self.trim(0, 50, offset: -90), Self.stroke].joined(separator: ", "))
        #expect(Self.near(Self.distinct(negative[0].points), [(0, 0), (100, 0), (100, 100)]))
        // Drawn the other way (d 3), it still starts at the top right corner, then goes left.
        let reversed = try Self.pieces([Self.square(direction: 3), Self.trim(0, 50), Self.stroke].joined(separator: ", "))
        #expect(Self.near(Self.distinct(reversed[0].points), [(100, 0), (0, 0), (0, 100)]), "\(reversed)")
    }

    @Test("an ellipse drawn the other way starts at its top and goes left")
    func reversedEllipse() throws {
        // A circle of radius 50 about (50, 50) is four equal cubic quarters: a quarter of its length
        // from the top (50, 0), anticlockwise on screen, ends at its left point (0, 50).
        let circle = #"{"ty": "el", "d": 3, "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}}"#
        let drawn = try Self.pieces([circle, Self.trim(0, 25), Self.stroke].joined(separator: ", "))
        #expect(drawn.count == 1)
        let points = Self.distinct(drawn[0].points)
        #expect(Self.near([points.first!, points.last!], [(50, 0), (0, 50)]), "\(points)")
        let clockwise = try Self.pieces([circle.replacingOccurrences(of: #""d": 3"#, with: #""d": 1"#), Self.trim(0, 25), Self.stroke].joined(separator: ", "))
        let other = Self.distinct(clockwise[0].points)
        #expect(Self.near([other.first!, other.last!], [(50, 0), (100, 50)]), "\(other)")
    }

    @Test("simultaneously each outline by the window; individually the outlines as one path, in file order")
    func severalOutlines() throws {
        let lines = [Self.line((0, 0), (100, 0)), Self.line((0, 50), (100, 50))]
        let simultaneous = try Self.byHeight(Self.pieces((lines + [Self.trim(25, 75, mode: 1), Self.stroke]).joined(separator: ", ")))
        #expect(simultaneous.count == 2)
        #expect(Self.near(Self.distinct(simultaneous[0].points), [(25, 0), (75, 0)]), "\(simultaneous)")
        #expect(Self.near(Self.distinct(simultaneous[1].points), [(25, 50), (75, 50)]))
        // Individually: 200 long in all, the window 50 ... 150: the second half of the first line
        // and the first half of the second.
        let individual = try Self.byHeight(Self.pieces((lines + [Self.trim(25, 75, mode: 2), Self.stroke]).joined(separator: ", ")))
        #expect(individual.count == 2)
        #expect(Self.near(Self.distinct(individual[0].points), [(50, 0), (100, 0)]), "\(individual)")
        #expect(Self.near(Self.distinct(individual[1].points), [(0, 50), (50, 50)]))
    }

    @Test("a trim reaches the outlines before it in its group and in groups before it, not those after it")
    func scope() throws {
        let after = try Self.byHeight(Self.pieces(
            [Self.line((0, 0), (100, 0)), Self.trim(0, 50), Self.line((0, 50), (100, 50)), Self.stroke].joined(separator: ", ")))
        #expect(after.count == 2)
        #expect(Self.near(Self.distinct(after[0].points), [(0, 0), (50, 0)]), "\(after)")
        #expect(Self.near(Self.distinct(after[1].points), [(0, 50), (100, 50)]), "the line after the trim is whole")
        // In a group before the trim: trimmed (the group's own transform moves it after).
        let group = #"{"ty": "gr", "it": [\#(Self.line((0, 0), (100, 0))), {"ty": "tr", "p": {"a": 0, "k": [0, 10]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}"#
        let nested = try Self.pieces([group, Self.trim(0, 50), Self.stroke].joined(separator: ", "))
        #expect(Self.near(Self.distinct(nested[0].points), [(0, 10), (50, 10)]), "\(nested)")
    }

    @Test("several trims: the nearest to the outlines first, the next on what it left")
    func twoTrims() throws {
        // The first half of the line, then the second half of that.
        let drawn = try Self.pieces([Self.line((0, 0), (100, 0)), Self.trim(0, 50), Self.trim(50, 100), Self.stroke].joined(separator: ", "))
        #expect(Self.near(Self.distinct(drawn[0].points), [(25, 0), (50, 0)]), "\(drawn)")
    }

    @Test("an animated trim: the window at each frame")
    func animated() throws {
        // The end from 0 % at frame 0 to 100 % at frame 10, linearly: half at frame 5.
        let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100]}]}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let drawn = try Self.pieces([Self.line((0, 0), (100, 0)), trim, Self.stroke].joined(separator: ", "), frame: 5)
        #expect(Self.near(Self.distinct(drawn[0].points), [(0, 0), (50, 0)]), "\(drawn)")
    }

    @Test("rounded corners: each sharp corner cut min(r, side / 2) back along both sides, joined by lottie-web's cubic")
    func roundedCorners() throws {
        // A closed square (0, 0) (100, 0) (100, 100) (0, 100) with r 10: at (0, 0), from (0, 10) to
        // (10, 0) with controls 0.5519 of the way to the corner: (0, 4.481) and (4.481, 0).
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [100, 0], [100, 100], [0, 100]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        let text = LottieDrawingTests.file(LottieDrawingTests.shapeLayer(
            square + #", {"ty": "rd", "r": {"a": 0, "k": 10}}, "# + Self.stroke))
        let animation = try LottieAnimation(parsing: text, file: "t.json")
        #expect(animation.drawingNotes.warnings(file: nil).isEmpty)
        var source = LottieDrawingSource(animation)
        var frames: [Frame] = []
        var sink = CallbackSink { frames.append($0) }
        try HostLoop.renderOffline(&source, frameRate: FrameRate(framesPerSecond: 10)!, frames: 0...0, to: &sink)
        let elements = LottieDrawingTests.pathElements(frames[0], "0#0.path")
        #expect(elements.first == .move(to: Point(x: 0, y: 10)), "\(elements)")
        #expect(elements.contains(.curve(to: Point(x: 10, y: 0), control1: Point(x: 0, y: 10 - 10 * 0.5519), control2: Point(x: 10 - 10 * 0.5519, y: 0))),
                "\(elements)")
        #expect(elements.contains(.line(to: Point(x: 90, y: 0))))
        #expect(elements.contains(.curve(to: Point(x: 100, y: 10), control1: Point(x: 90 + 10 * 0.5519, y: 0), control2: Point(x: 100, y: 10 - 10 * 0.5519))))
        // A radius past half a side stops at half of it; an open path keeps its ends.
        let open = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 0], [20, 0], [20, 60]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}"#
        let drawn = try Self.pieces([open, #"{"ty": "rd", "r": {"a": 0, "k": 50}}"#, Self.stroke].joined(separator: ", "))
        #expect(Self.near(drawn[0].points, [(0, 0), (10, 0), (20, 30), (20, 60)]), "\(drawn)")
    }
}
