import Testing
import Timeline
import TimelinePlugins

/// The examples of Docs/Paths.md, compiled and checked.
@Suite("Docs/Paths.md examples")
struct PathsGuideTests {
    @Test func overview() throws {
        let width = 390.0, height = 844.0
        let centre = Point(x: width / 2, y: height / 2)

        // The punch-out mask of reference transition 3, at its start and at its end.
        var from = try Path.rectangle(Rect(x: 0, y: 0, width: width, height: height), fillRule: .evenOdd)
        from.addPath(try .circle(center: centre, radius: 2))
        var to = try Path.rectangle(Rect(x: -40, y: -40, width: width + 80, height: height + 80), fillRule: .evenOdd)
        to.addPath(try .circle(center: centre, radius: 0.6 * height))

        let arrow = try Path(svgPathData: "M 0 0 h 10 v -4 l 6 6 -6 6 v -4 h -10 z")
        #expect(arrow.svgPathData == "M 0 0 L 10 0 L 10 -4 L 16 2 L 10 8 L 10 4 L 0 4 Z")
        #expect(from.subpathCount == 2 && to.subpathCount == 2)
    }

    @Test func parseError() throws {
        let error = try #require(throws: PathParseError.self) { try Path(svgPathData: "M 10") }
        #expect("\(error)" == """
            path data, offset 4: expected a number after 'M', found the end of the data
              M 10
                  ^
            """)
        #expect(throws: PathParseError.missingMoveTo(offset: 0, source: "L 1 2")) {
            try Path(svgPathData: "L 1 2")
        }
    }

    @Test func morphing() throws {
        let triangle = try Path.polygon([Point(x: 0, y: -50), Point(x: 43, y: 25), Point(x: -43, y: 25)])
        let dot = try Path.circle(center: .zero, radius: 40)
        let morph = PathMorph(from: triangle, to: dot)

        var frame = morph.makeBuffer()  // reuse one buffer for every frame
        for tick in 0...60 {
            morph.evaluate(at: Double(tick) / 60, into: &frame)  // no allocation
        }
        #expect(frame == dot)
    }

    @Test func track() throws {
        let width = 390.0, height = 844.0
        let centre = Point(x: width / 2, y: height / 2)
        var from = try Path.rectangle(Rect(x: 0, y: 0, width: width, height: height), fillRule: .evenOdd)
        from.addPath(try .circle(center: centre, radius: 2))
        var to = try Path.rectangle(Rect(x: -40, y: -40, width: width + 80, height: height + 80), fillRule: .evenOdd)
        to.addPath(try .circle(center: centre, radius: 0.6 * height))

        let punchOut = try PathTrack(keyframes: [
            PathKeyframe(time: 0, path: from),
            PathKeyframe(time: 1, path: to, curve: .linear),  // the transition uses ease-in
        ])
        let halfway = punchOut.value(at: 0.5)  // hole radius (2 + 506.4) / 2 = 254.2
        let hole = cubics(of: halfway.subpaths[1])[0].0
        #expect(abs(distance(hole, centre) - 254.2) < 1e-9)
    }

    @Test func motion() throws {
        let orbit = PathMeasure(try .circle(center: Point(x: 100, y: 100), radius: 50))
        let position = orbit.position(atProgress: 0.25)  // ≈ (100, 150): a quarter of the way round
        let heading = orbit.tangentAngle(atProgress: 0.25)  // ≈ π: moving towards −x
        #expect(isClose(position, Point(x: 100, y: 150), 1e-9))
        #expect(abs(abs(heading) - Double.pi) < 1e-9)
    }
}
