import Testing
import Timeline
import TimelinePlugins

@Suite("Path: building, shapes and bounds")
struct PathTests {
    @Test func elementsRoundTripThroughTheFlatStorage() throws {
        let given: [PathElement] = [
            .move(to: Point(x: 0, y: 0)),
            .line(to: Point(x: 10, y: 0)),
            .quadCurve(to: Point(x: 10, y: 10), control: Point(x: 15, y: 5)),
            .curve(to: Point(x: 0, y: 10), control1: Point(x: 8, y: 12), control2: Point(x: 2, y: 12)),
            .closeSubpath,
            .move(to: Point(x: 20, y: 20)),
            .line(to: Point(x: 30, y: 20)),
        ]
        let path = try Path(elements: given)
        #expect(elements(of: path) == given)
        #expect(path.elementCount == 7)
        #expect(path.subpathCount == 2)
        #expect(path.currentPoint == Point(x: 30, y: 20))
        #expect(path.subpaths.count == 2)
        #expect(elements(of: path.subpaths[1]) == Array(given[5...]))
        #expect(Array(path.elements.reversed()).first == .line(to: Point(x: 30, y: 20)))
    }

    @Test func aSegmentAfterCloseStartsAtTheClosedSubpathsFirstPoint() throws {
        var path = Path()
        try path.move(to: Point(x: 1, y: 1))
        try path.addLine(to: Point(x: 5, y: 1))
        path.closeSubpath()
        #expect(path.currentPoint == Point(x: 1, y: 1))
        try path.addLine(to: Point(x: 1, y: 9))
        #expect(
            elements(of: path) == [
                .move(to: Point(x: 1, y: 1)), .line(to: Point(x: 5, y: 1)), .closeSubpath,
                .move(to: Point(x: 1, y: 1)), .line(to: Point(x: 1, y: 9)),
            ])
        path.closeSubpath()
        path.closeSubpath()  // a second close adds nothing
        #expect(path.elementCount == 6)
    }

    @Test func hostileElementsAreTypedErrorsWithTheirIndex() {
        #expect(throws: PathError.noCurrentPoint(element: 0)) {
            try Path(elements: [.line(to: Point(x: 1, y: 1))])
        }
        #expect(throws: PathError.noCurrentPoint(element: 0)) {
            try Path(elements: [.closeSubpath])
        }
        #expect(throws: PathError.nonFinitePoint(index: 2)) {
            try Path(elements: [
                .move(to: .zero), .line(to: Point(x: 1, y: 0)),
                .curve(to: Point(x: 2, y: 2), control1: Point(x: .nan, y: 0), control2: .zero),
            ])
        }
        var path = Path()
        #expect(throws: PathError.nonFinitePoint(index: 0)) {
            try path.move(to: Point(x: .infinity, y: 0))
        }
        #expect(throws: PathError.noCurrentPoint(element: 0)) {
            try path.addQuadCurve(to: .zero, control: .zero)
        }
        #expect(path.isEmpty)
        #expect(PathError.nonFinitePoint(index: 2).description.contains("point 2"))
    }

    @Test func rectangleCornersClockwiseFromTheMinimumCorner() throws {
        // A negative width is measured the other way: the same rectangle.
        for rect in [Rect(x: 10, y: 20, width: 30, height: 40), Rect(x: 40, y: 20, width: -30, height: 40)] {
            let path = try Path.rectangle(rect)
            #expect(
                elements(of: path) == [
                    .move(to: Point(x: 10, y: 20)), .line(to: Point(x: 40, y: 20)),
                    .line(to: Point(x: 40, y: 60)), .line(to: Point(x: 10, y: 60)), .closeSubpath,
                ])
            #expect(path.bounds == Rect(x: 10, y: 20, width: 30, height: 40))
        }
    }

    @Test func circleKappaIsThePublishedConstant() {
        // 4/3 (√2 − 1) = 0.55228474983079339840... (Bézier circle approximation).
        #expect(abs(Path.circleKappa - 0.5522847498307934) < 1e-16)
    }

    @Test func circleIsFourCubicsThroughTheCardinalPoints() throws {
        let c = Point(x: 50, y: -20)
        let r = 30.0
        let path = try Path.circle(center: c, radius: r)
        let parts = cubics(of: path)
        #expect(parts.count == 4)
        #expect(elements(of: path).last == .closeSubpath)
        // Rightmost, bottom (y-down), leftmost, top, back to the start: exact.
        let anchors = [
            Point(x: 80, y: -20), Point(x: 50, y: 10), Point(x: 20, y: -20), Point(x: 50, y: -50),
        ]
        for i in 0..<4 {
            #expect(parts[i].0 == anchors[i])
            #expect(parts[i].3 == anchors[(i + 1) % 4])
            // The middle of each quarter is on the circle (the kappa construction).
            let middle = bernstein(parts[i].0, parts[i].1, parts[i].2, parts[i].3, 0.5)
            #expect(abs(distance(middle, c) - r) < 1e-12)
            // Everywhere else within the published 0.027 % outside the circle.
            for k in 0...100 {
                let p = bernstein(parts[i].0, parts[i].1, parts[i].2, parts[i].3, Double(k) / 100)
                let radial = distance(p, c) / r
                #expect(radial >= 1 - 1e-12 && radial <= 1.000273)
            }
        }
        #expect(path.bounds == Rect(x: 20, y: -50, width: 60, height: 60))
    }

    @Test func shapesAddedInPlaceAreTheShapesAndReuseTheStorage() throws {
        var path = try Path.rectangle(Rect(x: 0, y: 0, width: 10, height: 10))
        try path.addCircle(center: Point(x: 5, y: 5), radius: 3)
        // Appending is the two paths end to end, element by element.
        #expect(path == (try Path.rectangle(Rect(x: 0, y: 0, width: 10, height: 10)))
            .adding(try .circle(center: Point(x: 5, y: 5), radius: 3)))
        #expect(path.subpathCount == 2)
        // Emptied keeping the storage, a path rebuilt frame after frame stays in it.
        let address = path._pointStorageAddress
        for radius in [0.0, 1, 2.5, 3] {
            path.removeAll(keepingCapacity: true)
            try path.addCircle(center: Point(x: 5, y: 5), radius: radius)
            #expect(path == (try Path.circle(center: Point(x: 5, y: 5), radius: radius)))
            #expect(path._pointStorageAddress == address)
        }
        path.removeAll(keepingCapacity: true)
        try path.addRectangle(Rect(x: 1, y: 2, width: -3, height: 4))
        #expect(path == (try Path.rectangle(Rect(x: 1, y: 2, width: -3, height: 4))))
        #expect(path._pointStorageAddress == address)
        path.removeAll()
        #expect(path.isEmpty && path._pointCapacity == 0)
    }

    @Test func aShapeThatCannotBeAddedLeavesThePathAsItWas() throws {
        var path = try Path.circle(center: .zero, radius: 1)
        let before = path
        #expect(throws: PathError.negativeParameter(name: "radius", value: -1)) {
            try path.addCircle(center: .zero, radius: -1)
        }
        #expect(throws: PathError.nonFiniteResult(element: 6)) {
            try path.addCircle(center: Point(x: .greatestFiniteMagnitude, y: 0), radius: .greatestFiniteMagnitude)
        }
        #expect(throws: PathError.nonFiniteResult(element: 6)) {
            try path.addRectangle(Rect(x: .greatestFiniteMagnitude, y: 0, width: .greatestFiniteMagnitude, height: 1))
        }
        #expect(path == before)
    }

    @Test func ovalInRectTouchesTheRectsSides() throws {
        let path = try Path.oval(in: Rect(x: 0, y: 0, width: 40, height: 10))
        let parts = cubics(of: path)
        #expect(parts.map(\.0) == [
            Point(x: 40, y: 5), Point(x: 20, y: 10), Point(x: 0, y: 5), Point(x: 20, y: 0),
        ])
        // The middle of the first quarter is (a cos 45°, b sin 45°) from the centre.
        let middle = bernstein(parts[0].0, parts[0].1, parts[0].2, parts[0].3, 0.5)
        #expect(isClose(middle, Point(x: 20 + 20 * 0.5.squareRoot(), y: 5 + 5 * 0.5.squareRoot()), 1e-12))
        #expect(path.bounds == Rect(x: 0, y: 0, width: 40, height: 10))
    }

    @Test func roundedRectangleCornersAreQuarterCircles() throws {
        let path = try Path.roundedRectangle(Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
        let kinds = elements(of: path).map { element -> String in
            switch element {
            case .move: "M"
            case .line: "L"
            case .curve: "C"
            case .quadCurve: "Q"
            case .closeSubpath: "Z"
            }
        }
        #expect(kinds.joined() == "MLCLCLCLCZ")
        let corners = [Point(x: 90, y: 10), Point(x: 90, y: 50), Point(x: 10, y: 50), Point(x: 10, y: 10)]
        for (part, centre) in zip(cubics(of: path), corners) {
            #expect(abs(distance(part.0, centre) - 10) < 1e-12)
            #expect(abs(distance(part.3, centre) - 10) < 1e-12)
            let middle = bernstein(part.0, part.1, part.2, part.3, 0.5)
            #expect(abs(distance(middle, centre) - 10) < 1e-12)
        }
        #expect(path.bounds == Rect(x: 0, y: 0, width: 100, height: 60))
        // Too large a radius is clamped to half the shorter side; 0 is a rectangle.
        let pill = try Path.roundedRectangle(Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 500)
        #expect(elements(of: pill).first == .move(to: Point(x: 30, y: 0)))
        #expect(
            try Path.roundedRectangle(Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 0)
                == Path.rectangle(Rect(x: 0, y: 0, width: 4, height: 4)))
    }

    @Test func polygonJoinsItsPoints() throws {
        let points = [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 0, y: 3)]
        let path = try Path.polygon(points, fillRule: .evenOdd)
        #expect(
            elements(of: path) == [
                .move(to: points[0]), .line(to: points[1]), .line(to: points[2]), .closeSubpath,
            ])
        #expect(path.fillRule == .evenOdd)
    }

    @Test func boundsFollowCurveExtremesNotControlPoints() throws {
        // y(t) = 30 t (1 − t): the top is 7.5 at t = 1/2; the control points reach 10.
        let cubic = try Path(svgPathData: "M 0 0 C 0 10 10 10 10 0")
        #expect(cubic.bounds == Rect(x: 0, y: 0, width: 10, height: 7.5))
        #expect(cubic.controlPointBounds == Rect(x: 0, y: 0, width: 10, height: 10))
        // y(t) = 20 t (1 − t): the top is 5.
        let quad = try Path(svgPathData: "M 0 0 Q 5 10 10 0")
        #expect(quad.bounds == Rect(x: 0, y: 0, width: 10, height: 5))
        // x(t) = 3t(1−t)²·(−3) + 3t²(1−t)·9 + t³·6 has a minimum inside: brute force it.
        let swoop = try Path(svgPathData: "M 0 0 C -3 4 9 -2 6 1")
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for k in 0...200_000 {
            let p = bernstein(
                Point(x: 0, y: 0), Point(x: -3, y: 4), Point(x: 9, y: -2), Point(x: 6, y: 1),
                Double(k) / 200_000)
            minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        let box = swoop.bounds
        #expect(abs(box.minX - minX) < 1e-9 && abs(box.maxX - maxX) < 1e-9)
        #expect(abs(box.minY - minY) < 1e-9 && abs(box.maxY - maxY) < 1e-9)
        #expect(Path().bounds == .zero)
        #expect(try Path(elements: [.move(to: Point(x: 3, y: 4))]).bounds == Rect(x: 3, y: 4, width: 0, height: 0))
    }

    @Test(arguments: [
        (Rect(x: .nan, y: 0, width: 1, height: 1), PathError.nonFiniteParameter(name: "rect")),
        (Rect(x: 0, y: 0, width: .infinity, height: 1), PathError.nonFiniteParameter(name: "rect")),
        (Rect(x: 1e308, y: 0, width: 1e308, height: 1), PathError.nonFiniteResult(element: 0)),
    ])
    func hostileRectanglesThrow(rect: Rect, error: PathError) {
        #expect(throws: error) { try Path.rectangle(rect) }
        #expect(throws: error) { try Path.oval(in: rect) }
        #expect(throws: error) { try Path.roundedRectangle(rect, cornerRadius: 1) }
    }

    @Test func hostileShapeParametersThrow() {
        #expect(throws: PathError.negativeParameter(name: "radius", value: -1)) {
            try Path.circle(center: .zero, radius: -1)
        }
        #expect(throws: PathError.nonFiniteParameter(name: "radius")) {
            try Path.circle(center: .zero, radius: .nan)
        }
        #expect(throws: PathError.nonFiniteParameter(name: "center")) {
            try Path.circle(center: Point(x: 0, y: -.infinity), radius: 1)
        }
        #expect(throws: PathError.nonFiniteParameter(name: "cornerRadius")) {
            try Path.roundedRectangle(Rect(x: 0, y: 0, width: 1, height: 1), cornerRadius: .nan)
        }
        #expect(throws: PathError.negativeParameter(name: "cornerRadius", value: -2)) {
            try Path.roundedRectangle(Rect(x: 0, y: 0, width: 1, height: 1), cornerRadius: -2)
        }
        #expect(throws: PathError.tooFewPoints(count: 2, minimum: 3)) {
            try Path.polygon([.zero, Point(x: 1, y: 1)])
        }
        #expect(throws: PathError.nonFinitePoint(index: 2)) {
            try Path.polygon([.zero, Point(x: 1, y: 1), Point(x: .nan, y: 1), .zero])
        }
        // A zero radius is allowed: every point is the centre.
        let dot = try? Path.circle(center: Point(x: 2, y: 3), radius: 0)
        #expect(dot.map { cubics(of: $0).allSatisfy { $0.0 == Point(x: 2, y: 3) && $0.1 == Point(x: 2, y: 3) } } == true)
    }

    @Test func addPathAppendsSubpathsAndKeepsTheFillRule() throws {
        var mask = try Path.rectangle(Rect(x: 0, y: 0, width: 10, height: 10), fillRule: .evenOdd)
        mask.addPath(try .circle(center: Point(x: 5, y: 5), radius: 1))
        #expect(mask.subpathCount == 2)
        #expect(mask.fillRule == .evenOdd)
        #expect(mask.elementCount == 5 + 6)
        #expect(FillRule.evenOdd.description == "evenodd" && FillRule.nonZero.description == "nonzero")
    }
}
