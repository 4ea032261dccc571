import Testing
import Timeline
import TimelinePlugins

private func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// The vertices of a regular n-gon.
private func regularPolygon(_ n: Int, center: Point, radius: Double, phase: Double = 0) -> [Point] {
    // Angles of multiples of 45° and 120° without libm: from known sines and cosines.
    (0..<n).map { k in
        let angle = phase + 2 * Double.pi * Double(k) / Double(n)
        return Point(x: center.x + radius * cosine(angle), y: center.y + radius * sine(angle))
    }
}

private func sine(_ x: Double) -> Double {
    // Taylor series after reduction to [-π, π]: an independent reference for test geometry.
    var r = x.truncatingRemainder(dividingBy: 2 * Double.pi)
    if r > Double.pi { r -= 2 * Double.pi }
    if r < -Double.pi { r += 2 * Double.pi }
    var term = r, sum = r
    for k in 1...30 {
        term *= -r * r / Double((2 * k) * (2 * k + 1))
        sum += term
    }
    return sum
}

private func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }

/// The on-curve points (starts of segments) of every sub-path, closing point excluded.
private func anchors(of path: Path) -> [[Point]] {
    var result: [[Point]] = []
    for element in path.elements {
        switch element {
        case .move(let q): result.append([q])
        case .line(let q), .quadCurve(let q, _), .curve(let q, _, _): result[result.count - 1].append(q)
        case .closeSubpath:
            if result[result.count - 1].count > 1, result[result.count - 1].last == result[result.count - 1].first {
                result[result.count - 1].removeLast()
            }
        }
    }
    return result
}

/// The distance from `q` to the nearest edge of a closed polygon.
private func distanceToPolygon(_ q: Point, _ polygon: [Point]) -> Double {
    var best = Double.infinity
    for i in polygon.indices {
        let a = polygon[i], b = polygon[(i + 1) % polygon.count]
        let ab = b - a, aq = q - a
        let t = max(0, min(1, (aq.x * ab.x + aq.y * ab.y) / ab.magnitudeSquared))
        best = min(best, distance(q, a + ab.scaled(by: t)))
    }
    return best
}

/// Every element's kind and that the frame's points are finite and sub-paths start with a move.
private func isWellFormed(_ path: Path) -> Bool {
    var started = false
    for element in path.elements {
        switch element {
        case .move(let q):
            guard q.isFinite else { return false }
            started = true
        case .line(let q), .quadCurve(let q, _):
            guard started, q.isFinite else { return false }
        case .curve(let q, let c1, let c2):
            guard started, q.isFinite, c1.isFinite, c2.isFinite else { return false }
        case .closeSubpath:
            guard started else { return false }
        }
    }
    return true
}

@Suite("PathMorph")
struct PathMorphTests {
    @Test func endpointsAreTheInputPathsExactly() throws {
        let pairs: [(Path, Path)] = [
            (try .polygon([p(0, 0), p(10, 0), p(5, 8)]), try .circle(center: p(5, 4), radius: 6)),
            (try Path(svgPathData: "M0 0 Q 5 9 10 0 M 20 20 L 30 30"), try .rectangle(Rect(x: 0, y: 0, width: 4, height: 4))),
            (Path(), try .circle(center: p(1, 1), radius: 1)),
            (try .rectangle(Rect(x: 0, y: 0, width: 1, height: 1), fillRule: .evenOdd), Path()),
        ]
        for (from, to) in pairs {
            let morph = PathMorph(from: from, to: to)
            #expect(morph.path(at: 0) == from)
            #expect(morph.path(at: 1) == to)
            var buffer = morph.makeBuffer()
            morph.evaluate(at: 0.37, into: &buffer)
            morph.evaluate(at: 0, into: &buffer)
            #expect(buffer == from)
            morph.evaluate(at: 0.61, into: &buffer)
            morph.evaluate(at: 1, into: &buffer)
            #expect(buffer == to)
        }
    }

    @Test func sameStructureMorphsPointByPoint() throws {
        // Circle r = 10 → r = 30 about the same centre: at p the circle of radius 10 + 20p.
        let c = p(3, 4)
        let morph = PathMorph(from: try .circle(center: c, radius: 10), to: try .circle(center: c, radius: 30))
        for progress in [0.1, 0.25, 0.5, 0.9] {
            let expected = try Path.circle(center: c, radius: 10 + 20 * progress)
            let frame = morph.path(at: progress)
            let got = cubics(of: frame), want = cubics(of: expected)
            #expect(got.count == 4)
            for (a, b) in zip(got, want) {
                #expect(isClose(a.0, b.0, 1e-12) && isClose(a.1, b.1, 1e-12))
                #expect(isClose(a.2, b.2, 1e-12) && isClose(a.3, b.3, 1e-12))
            }
            #expect(elements(of: frame).last == .closeSubpath)
        }
    }

    @Test func triangleToOctagonSplitsTheTriangleAndStaysWellFormed() throws {
        let triangle = [p(0, -100), p(87, 50), p(-87, 50)]
        let octagon = regularPolygon(8, center: p(0, 0), radius: 80)
        let morph = PathMorph(from: try .polygon(triangle), to: try .polygon(octagon))
        #expect(morph.segmentCount == 8)
        #expect(morph.subpathCount == 1)
        // Frames are linear in progress: recover each point's start a and end b from two frames.
        let f1 = anchors(of: morph.path(at: 0.25))[0]
        let f2 = anchors(of: morph.path(at: 0.75))[0]
        #expect(f1.count == 8 && f2.count == 8)
        let ends = zip(f1, f2).map { (q1, q2) in q1 + (q2 - q1).scaled(by: 1.5) }
        let starts = zip(f1, f2).map { (q1, q2) in q1 - (q2 - q1).scaled(by: 0.5) }
        // The ends are the octagon's vertices in cyclic order (some rotation, some direction).
        guard let first = octagon.firstIndex(where: { isClose($0, ends[0], 1e-9) }) else {
            Issue.record("end point \(ends[0]) is not an octagon vertex")
            return
        }
        let forward = (0..<8).allSatisfy { isClose(ends[$0], octagon[(first + $0) % 8], 1e-9) }
        let backward = (0..<8).allSatisfy { isClose(ends[$0], octagon[(first - $0 + 8) % 8], 1e-9) }
        #expect(forward || backward)
        // The starts lie on the triangle and include its three corners.
        for q in starts { #expect(distanceToPolygon(q, triangle) < 1e-9) }
        for corner in triangle { #expect(starts.contains { isClose($0, corner, 1e-9) }) }
        // The midpoint frame passes through the midpoints of corresponding points, is closed and
        // its segments are straight (line to line).
        let middle = morph.path(at: 0.5)
        #expect(isWellFormed(middle))
        #expect(elements(of: middle).last == .closeSubpath)
        for (index, q) in anchors(of: middle)[0].enumerated() {
            #expect(isClose(q, starts[index] + (ends[index] - starts[index]).scaled(by: 0.5), 1e-9))
        }
        for part in cubics(of: middle) {
            #expect(isClose(part.1, part.0 + (part.3 - part.0).scaled(by: 1.0 / 3), 1e-9))
            #expect(isClose(part.2, part.0 + (part.3 - part.0).scaled(by: 2.0 / 3), 1e-9))
        }
    }

    @Test func oneSubpathToThreeGrowsTheExtraOnesFromTheirCentroids() throws {
        let big = try Path.circle(center: p(100, 100), radius: 50)
        var three = try Path.circle(center: p(300, 100), radius: 10)
        three.addPath(try .circle(center: p(100, 100), radius: 40))
        three.addPath(try .circle(center: p(100, 300), radius: 6))
        let morph = PathMorph(from: big, to: three)
        #expect(morph.subpathCount == 3)
        for progress in [0.2, 0.5, 0.8] {
            let frame = morph.path(at: progress)
            #expect(isWellFormed(frame))
            let subpaths = frame.subpaths
            #expect(subpaths.count == 3)
            // In `to`'s order: the small circles have grown from their centres to radius r·p,
            // the big one has shrunk from 50 to 40 in place.
            let expected = [
                try Path.circle(center: p(300, 100), radius: 10 * progress),
                try Path.circle(center: p(100, 100), radius: 50 + (40 - 50) * progress),
                try Path.circle(center: p(100, 300), radius: 6 * progress),
            ]
            for (got, want) in zip(subpaths, expected) {
                let a = cubics(of: got), b = cubics(of: want)
                #expect(a.count == 4)
                for (x, y) in zip(a, b) {
                    #expect(isClose(x.0, y.0, 1e-9) && isClose(x.1, y.1, 1e-9))
                    #expect(isClose(x.2, y.2, 1e-9) && isClose(x.3, y.3, 1e-9))
                }
            }
        }
        // The other way the extra circles shrink to their centres.
        let back = PathMorph(from: three, to: big).path(at: 0.75)
        let shrinking = back.subpaths.map { distance(cubics(of: $0)[0].0, cubics(of: $0)[1].0) }
        #expect(shrinking.count == 3)
        #expect(back.subpaths.contains { isClose(cubics(of: $0)[0].0, p(302.5, 100), 1e-9) })
    }

    @Test func closedSubpathsStartAndTurnWhereTravelIsLeast() throws {
        let square = [p(0, 0), p(10, 0), p(10, 10), p(0, 10)]
        // The same square listed from another corner, and backwards: the morph stays still.
        for other in [[square[2], square[3], square[0], square[1]], [square[0], square[3], square[2], square[1]]] {
            let morph = PathMorph(from: try .polygon(square), to: try .polygon(other))
            let middle = anchors(of: morph.path(at: 0.5))[0]
            #expect(middle.count == 4)
            for q in middle { #expect(square.contains { isClose($0, q, 1e-12) }) }
        }
    }

    @Test func quadraticAndCubicInputsInterpolateTheirExactCubicForms() throws {
        let from = try Path(svgPathData: "M 0 0 Q 6 9 12 0")
        let to = try Path(svgPathData: "M 0 10 C 2 20 8 20 12 10")
        let frame = morph(from, to).path(at: 0.5)
        // Degree elevation: c1 = p0 + 2/3 (c − p0), c2 = p2 + 2/3 (c − p2).
        let elevated = (p(0, 0), p(4, 6), p(8, 6), p(12, 0))
        let target = (p(0, 10), p(2, 20), p(8, 20), p(12, 10))
        let got = cubics(of: frame)
        #expect(got.count == 1)
        #expect(isClose(got[0].0, p(0, 5)))
        #expect(isClose(got[0].1, (elevated.1 + target.1).scaled(by: 0.5)))
        #expect(isClose(got[0].2, (elevated.2 + target.2).scaled(by: 0.5)))
        #expect(isClose(got[0].3, (elevated.3 + target.3).scaled(by: 0.5)))
        #expect(elements(of: frame).last != .closeSubpath)
    }

    private func morph(_ a: Path, _ b: Path) -> PathMorph { PathMorph(from: a, to: b) }

    @Test func fillRuleAndClosingSwitchAtHalfway() throws {
        let open = try Path(svgPathData: "M 0 0 L 10 0 L 10 10")
        let closed = try Path.polygon([p(0, 0), p(10, 0), p(10, 10), p(0, 10)], fillRule: .evenOdd)
        let morph = PathMorph(from: open, to: closed)
        #expect(morph.path(at: 0.49).fillRule == .nonZero)
        #expect(elements(of: morph.path(at: 0.49)).last != .closeSubpath)
        #expect(morph.path(at: 0.5).fillRule == .evenOdd)
        #expect(elements(of: morph.path(at: 0.5)).last == .closeSubpath)
        let reverse = PathMorph(from: closed, to: open)
        #expect(elements(of: reverse.path(at: 0.49)).last == .closeSubpath)
        #expect(elements(of: reverse.path(at: 0.5)).last != .closeSubpath)
    }

    @Test func emptyPathsMorph() throws {
        let none = PathMorph(from: Path(), to: Path())
        #expect(none.path(at: 0.5).isEmpty)
        var buffer = none.makeBuffer()
        none.evaluate(at: 0.3, into: &buffer)
        #expect(buffer.isEmpty)
        // Growing from nothing: from the centroid of each sub-path.
        let grow = PathMorph(from: Path(), to: try .circle(center: p(5, 5), radius: 4))
        let half = cubics(of: grow.path(at: 0.5))
        let want = cubics(of: try .circle(center: p(5, 5), radius: 2))
        for (a, b) in zip(half, want) { #expect(isClose(a.0, b.0, 1e-9) && isClose(a.1, b.1, 1e-9)) }
        // Lone moves draw nothing and are ignored.
        let lone = PathMorph(from: try Path(svgPathData: "M 1 1"), to: try Path(svgPathData: "M 5 5 M 6 6"))
        #expect(lone.path(at: 0.5).isEmpty)
        #expect(lone.path(at: 1) == (try Path(svgPathData: "M 5 5 M 6 6")))
    }

    @Test func hostileProgressStaysFinite() throws {
        let from = try Path.polygon([p(0, 0), p(10, 0), p(0, 10)])
        let to = try Path.polygon([p(0, 0), p(20, 0), p(0, 20)])
        let morph = PathMorph(from: from, to: to)
        #expect(morph.path(at: .nan) == from)
        #expect(isWellFormed(morph.path(at: .infinity)))
        #expect(isWellFormed(morph.path(at: -.infinity)))
        // Overshoot extrapolates (to 2 at most): at 2 each point is 2b − a.
        let overshoot = anchors(of: morph.path(at: 7))[0]
        #expect(overshoot.contains { isClose($0, p(30, 0), 1e-9) })
        #expect(anchors(of: morph.path(at: 1.5))[0].contains { isClose($0, p(25, 0), 1e-9) })
        // Huge but finite coordinates do not overflow in between.
        let far = PathMorph(
            from: try .polygon([p(-1.7e308, 0), p(1.7e308, 0), p(0, 1.7e308)]),
            to: try .polygon([p(1.7e308, 1.7e308), p(-1.7e308, 1.7e308), p(0, -1.7e308)]))
        for progress in stride(from: 0.0, through: 1.0, by: 0.125) { #expect(isWellFormed(far.path(at: progress))) }
    }

    @Test func evaluateReusesTheBufferWithoutReallocating() throws {
        let from = try Path.polygon(regularPolygon(1000, center: p(0, 0), radius: 100))
        let to = try Path.polygon(regularPolygon(1000, center: p(50, 0), radius: 70, phase: 0.3))
        let morph = PathMorph(from: from, to: to)
        var buffer = morph.makeBuffer()
        morph.evaluate(at: 0.5, into: &buffer)
        let address = buffer._pointStorageAddress
        let capacity = buffer._pointCapacity
        for progress in [0.0, 0.1, 0.5, 1.0, 0.7, 0.0, 0.99] {
            morph.evaluate(at: progress, into: &buffer)
            #expect(buffer._pointStorageAddress == address)
            #expect(buffer._pointCapacity == capacity)
        }
        morph.evaluate(at: 0.3, into: &buffer)
        #expect(buffer == morph.path(at: 0.3))
        #expect(morph.segmentCount == 1000)
        #expect(isWellFormed(buffer))
    }

    @Test func manySubpathsAgainstFewPairByPositionAndSize() throws {
        // Two dots far apart morph to two dots swapped in size: each pairs with the nearer one.
        var from = try Path.circle(center: p(0, 0), radius: 5)
        from.addPath(try .circle(center: p(1000, 0), radius: 5))
        var to = try Path.circle(center: p(1000, 10), radius: 5)
        to.addPath(try .circle(center: p(0, 10), radius: 5))
        to.addPath(try .circle(center: p(500, 500), radius: 1))
        let frame = PathMorph(from: from, to: to).path(at: 0.5)
        let centres = frame.subpaths.map { sub -> Point in
            let a = cubics(of: sub)
            return (a[0].0 + a[2].0).scaled(by: 0.5)
        }
        #expect(centres.count == 3)
        #expect(centres.contains { isClose($0, p(1000, 5), 1e-9) })
        #expect(centres.contains { isClose($0, p(0, 5), 1e-9) })
        #expect(centres.contains { isClose($0, p(500, 500), 1e-9) })
    }
}
