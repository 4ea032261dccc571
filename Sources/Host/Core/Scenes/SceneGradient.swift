public import Timeline
import TimelinePlugins
public import CadenceIO

extension SceneLayer {
    /// A linear or radial gradient that paints a layer's fill (``SceneLayer/fillGradient``) or
    /// stroke (``SceneLayer/strokeGradient``), as SVG's `linearGradient` and `radialGradient` in
    /// `userSpaceOnUse` units with `spreadMethod="pad"`.
    ///
    /// Points are in the layer's coordinates (the scene's, before the layer's matrix), moved first by
    /// ``transform`` (SVG's `gradientTransform`). Between two stops, red, green, blue and opacity are
    /// interpolated separately, as browsers interpolate SVG stops; before the first stop and after
    /// the last, their colours extend.
    ///
    /// ```swift
    /// var badge = SceneLayer(name: "badge", shape: .oval, frame: Rect(x: 0, y: 0, width: 100, height: 100))
    /// badge.fillGradient = .radial(
    ///     center: Point(x: 50, y: 50), radius: 50, focus: Point(x: 35, y: 35),
    ///     stops: [.init(offset: 0, color: .white), .init(offset: 1, color: Color(red: 0.1, green: 0.3, blue: 0.9))])
    /// ```
    public struct Gradient: Sendable, Hashable {
        /// The gradient's shape.
        public enum Kind: String, Sendable, CaseIterable {
            /// Colour changes along the line from ``Gradient/start`` to ``Gradient/end``.
            case linear
            /// Colour changes from ``Gradient/focus`` out to the circle about ``Gradient/start``
            /// through ``Gradient/end``.
            case radial
        }

        /// A colour at a place along the gradient: SVG's `stop` with its `offset`, `stop-color` and
        /// `stop-opacity`.
        ///
        /// The opacity is apart from the colour so that a transparent stop keeps its colour: between
        /// opaque red and a transparent stop, the colour fades towards the stop's own colour.
        public struct Stop: Sendable, Hashable {
            /// Where the colour is, `0...1` (SVG's `offset`); clamped there, and to at least the
            /// offset of the stop before.
            public var offset: Double
            /// The colour (its alpha multiplies ``opacity``).
            public var color: Color
            /// The opacity, `0...1`.
            public var opacity: Double

            /// Creates a stop.
            public init(offset: Double, color: Color, opacity: Double = 1) {
                self.offset = offset
                self.color = color
                self.opacity = opacity
            }
        }

        /// Linear or radial.
        public var kind: Kind
        /// Linear: where offset 0 lies. Radial: the centre of the circle where offset 1 lies.
        public var start: Point
        /// Linear: where offset 1 lies. Radial: a point on the circle where offset 1 lies (the radius
        /// is its distance from ``start``).
        public var end: Point
        /// Radial: where offset 0 lies (SVG's `fx`, `fy`), `nil` for the centre; a focus on or past
        /// the circle is drawn just inside it. Not used by a linear gradient.
        public var focus: Point?
        /// Moves the gradient's points into the layer's coordinates (SVG's `gradientTransform`).
        public var transform: AffineMatrix
        /// The stops, in order.
        public var stops: [Stop]

        /// Creates a gradient.
        public init(kind: Kind, start: Point, end: Point, focus: Point? = nil, transform: AffineMatrix = .identity, stops: [Stop]) {
            self.kind = kind
            self.start = start
            self.end = end
            self.focus = focus
            self.transform = transform
            self.stops = stops
        }

        /// A linear gradient from `start` (offset 0) to `end` (offset 1).
        public static func linear(from start: Point, to end: Point, stops: [Stop]) -> Gradient {
            Gradient(kind: .linear, start: start, end: end, stops: stops)
        }

        /// A radial gradient: offset 1 on the circle of `radius` about `center`, offset 0 at `focus`
        /// (the centre when `nil`).
        public static func radial(center: Point, radius: Double, focus: Point? = nil, stops: [Stop]) -> Gradient {
            Gradient(kind: .radial, start: center, end: Point(x: center.x + radius, y: center.y), focus: focus, stops: stops)
        }

        /// The numbers of a vector channel that drives a gradient of `stops` stops
        /// (``SceneLayer/Property/fillGradient``): 12 and 5 per stop.
        public static func channelCount(stops: Int) -> Int { 12 + 5 * stops }

        /// The gradient as a vector channel's numbers: start x, y, end x, y, focus x, y (the start
        /// when there is none), the transform's a, b, c, d, tx, ty, then each stop's offset, red,
        /// green, blue (`0...1`) and opacity (its colour's alpha times its own).
        public var channelNumbers: [Double] {
            let focus = focus ?? start, m = transform
            var numbers = [start.x, start.y, end.x, end.y, focus.x, focus.y, m.a, m.b, m.c, m.d, m.tx, m.ty]
            numbers.reserveCapacity(Self.channelCount(stops: stops.count))
            for stop in stops {
                numbers += [stop.offset, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha * stop.opacity]
            }
            return numbers
        }

        /// Replaces the points, transform and stops with a channel's numbers, `numbers[offset...]`
        /// laid out as ``channelNumbers`` (the stop count kept); numbers that are missing or not
        /// finite leave the gradient as it is.
        mutating func apply(_ numbers: [Double], from offset: Int) {
            let count = Self.channelCount(stops: stops.count)
            guard offset >= 0, offset + count <= numbers.count, numbers[offset..<offset + count].allSatisfy(\.isFinite) else { return }
            func n(_ index: Int) -> Double { numbers[offset + index] }
            start = Point(x: n(0), y: n(1))
            end = Point(x: n(2), y: n(3))
            focus = Point(x: n(4), y: n(5))
            transform = AffineMatrix(a: n(6), b: n(7), c: n(8), d: n(9), tx: n(10), ty: n(11))
            for index in stops.indices {
                let base = 12 + 5 * index
                stops[index] = Stop(
                    offset: n(base), color: Color(red: n(base + 1), green: n(base + 2), blue: n(base + 3)).clamped(),
                    opacity: min(max(n(base + 4), 0), 1))
            }
        }

        /// The gradient as a scene's `"fill"` or `"stroke"` object (`Docs/Scenes.md`).
        public var jsonValue: JSONValue {
            var members: [(key: String, value: JSONValue)] = [
                ("gradient", .string(kind.rawValue)),
                ("start", .array([.number(start.x), .number(start.y)])), ("end", .array([.number(end.x), .number(end.y)])),
            ]
            if let focus { members.append(("focus", .array([.number(focus.x), .number(focus.y)]))) }
            if transform != .identity {
                let m = transform
                members.append(("transform", .array([m.a, m.b, m.c, m.d, m.tx, m.ty].map(JSONValue.number))))
            }
            members.append(("stops", .array(stops.map { stop in
                .array([.number(stop.offset), .string(stop.color.hexString)] + (stop.opacity == 1 ? [] : [.number(stop.opacity)]))
            })))
            return .object(members)
        }
    }
}

extension SceneReader {
    /// A `"fill"` or `"stroke"` object: `{"gradient": "linear" | "radial", "start": [x, y],
    /// "end": [x, y], "focus": [x, y], "transform": [a, b, c, d, tx, ty], "stops": [[offset, colour], …]}`,
    /// each stop `[offset, colour]` or `[offset, colour, opacity]`.
    static func gradient(_ cursor: JSONCursor) throws(DocumentError) -> SceneLayer.Gradient {
        try cursor.checkKeys(["gradient", "start", "end", "focus", "transform", "stops"])
        let kindCursor = try cursor.required("gradient")
        let kindName = try kindCursor.string()
        guard let kind = SceneLayer.Gradient.Kind(rawValue: kindName) else {
            throw kindCursor.error("unknown gradient \"\(InputExcerpt.excerpt(kindName))\" (expected one of: linear, radial)")
        }
        func point(_ key: String) throws(DocumentError) -> Point {
            let numbers = try Self.numbers(try cursor.required(key), count: 2, what: "[x, y]")
            return Point(x: numbers[0], y: numbers[1])
        }
        var gradient = SceneLayer.Gradient(kind: kind, start: try point("start"), end: try point("end"), stops: [])
        if cursor.child("focus") != nil { gradient.focus = try point("focus") }
        if let transform = cursor.child("transform") {
            let m = try Self.numbers(transform, count: 6, what: "[a, b, c, d, tx, ty]")
            gradient.transform = AffineMatrix(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        }
        let stops = try cursor.required("stops")
        let items = try stops.array()
        guard !items.isEmpty else { throw stops.error("a gradient needs at least one stop") }
        var previous = -Double.infinity
        for item in items {
            let pair = try item.array()
            guard pair.count == 2 || pair.count == 3 else {
                throw item.error("a stop is [offset, colour] or [offset, colour, opacity], found \(pair.count) values")
            }
            let offset = try pair[0].number()
            guard offset >= 0, offset <= 1 else { throw pair[0].error("a stop's offset must be within 0...1, found \(NumberFormat.string(offset))") }
            guard offset >= previous else {
                throw pair[0].error("stop offsets must not decrease (\(NumberFormat.string(offset)) after \(NumberFormat.string(previous)))")
            }
            previous = offset
            let opacity = pair.count == 3 ? try Self.unit(pair[2]) : 1
            gradient.stops.append(.init(offset: offset, color: try Self.color(pair[1]), opacity: opacity))
        }
        return gradient
    }
}
