#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Timeline
import TimelinePlugins

/// Scenario 5: morphing between two 1,000-point paths with different segment counts: a star
/// polygon of 1,000 vertices (1,000 lines) and a wavy closed curve of 333 cubic segments
/// (1 + 3 × 333 = 1,000 points). Preparation (matching sub-paths, splitting segments, choosing the
/// start point) and per-frame evaluation into a reused buffer are measured separately.
enum PathMorphScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] {
        let frames = configuration.frames
        return [
            BenchmarkCase(
                scenario: 5, name: "morph/prepare/1000-points", valuesPerRepetition: 1,
                framesPerRepetition: 1, target: nil
            ) {
                let (from, to) = try paths()
                return Repetition(run: { blackHole(PathMorph(from: from, to: to).segmentCount) })
            },
            BenchmarkCase(
                scenario: 5, name: "morph/frame/1000-points", valuesPerRepetition: frames,
                framesPerRepetition: frames, target: .microsecondsPerFrame(5)
            ) {
                let (from, to) = try paths()
                let morph = PathMorph(from: from, to: to)
                var buffer = morph.makeBuffer()
                return Repetition(
                    run: {
                        for frame in 0..<frames {
                            // Progress strictly inside 0...1 every frame: the interpolating path.
                            morph.evaluate(at: (Double(frame) + 0.5) / Double(frames), into: &buffer)
                            blackHole(buffer)
                        }
                    },
                    check: { "\(morph.segmentCount) cubic segments per frame" })
            },
        ]
    }

    /// The star polygon and the wavy curve.
    static func paths() throws -> (Path, Path) {
        let star = (0..<1_000).map { index -> Point in
            let angle = Double(index) * 2 * Double.pi / 1_000
            let radius = index % 2 == 0 ? 200.0 : 160.0
            return Point(x: 250 + radius * cos(angle), y: 250 + radius * sin(angle))
        }
        var wave = Path()
        func point(_ step: Int) -> Point {
            let angle = Double(step) * 2 * Double.pi / 999
            let radius = 180 + 20 * sin(7 * angle)
            return Point(x: 250 + radius * cos(angle), y: 250 + radius * sin(angle))
        }
        try wave.move(to: point(0))
        for segment in 0..<333 {
            try wave.addCurve(
                to: point(3 * segment + 3), control1: point(3 * segment + 1), control2: point(3 * segment + 2))
        }
        wave.closeSubpath()
        return (try Path.polygon(star), wave)
    }
}
