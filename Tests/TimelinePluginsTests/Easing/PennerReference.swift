#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Timeline
import TimelinePlugins

/// Robert Penner's original equations, in his `(t, b, c, d)` form (time, start, change, duration)
/// with `b = 0`, `c = 1`, `d = 1`: written independently of the plugin's easings.net form.
enum PennerOriginal {
    static func evaluate(_ family: PennerTiming.Family, _ direction: PennerTiming.Direction, _ x: Double) -> Double {
        let s = 1.70158
        let p = 0.3
        switch (family, direction) {
        case (.quad, .easeIn): return x * x
        case (.quad, .easeOut): return -x * (x - 2)
        case (.quad, .easeInOut):
            var t = x * 2
            if t < 1 { return 0.5 * t * t }
            t -= 1
            return -0.5 * (t * (t - 2) - 1)
        case (.cubic, .easeIn): return x * x * x
        case (.cubic, .easeOut):
            let t = x - 1
            return t * t * t + 1
        case (.cubic, .easeInOut):
            var t = x * 2
            if t < 1 { return 0.5 * t * t * t }
            t -= 2
            return 0.5 * (t * t * t + 2)
        case (.quart, .easeIn): return x * x * x * x
        case (.quart, .easeOut):
            let t = x - 1
            return -(t * t * t * t - 1)
        case (.quart, .easeInOut):
            var t = x * 2
            if t < 1 { return 0.5 * t * t * t * t }
            t -= 2
            return -0.5 * (t * t * t * t - 2)
        case (.quint, .easeIn): return x * x * x * x * x
        case (.quint, .easeOut):
            let t = x - 1
            return t * t * t * t * t + 1
        case (.quint, .easeInOut):
            var t = x * 2
            if t < 1 { return 0.5 * t * t * t * t * t }
            t -= 2
            return 0.5 * (t * t * t * t * t + 2)
        case (.sine, .easeIn): return -cos(x * (.pi / 2)) + 1
        case (.sine, .easeOut): return sin(x * (.pi / 2))
        case (.sine, .easeInOut): return -0.5 * (cos(.pi * x) - 1)
        case (.expo, .easeIn): return x == 0 ? 0 : pow(2, 10 * (x - 1))
        case (.expo, .easeOut): return x == 1 ? 1 : -pow(2, -10 * x) + 1
        case (.expo, .easeInOut):
            if x == 0 || x == 1 { return x }
            var t = x * 2
            if t < 1 { return 0.5 * pow(2, 10 * (t - 1)) }
            t -= 1
            return 0.5 * (-pow(2, -10 * t) + 2)
        case (.circ, .easeIn): return -((1 - x * x).squareRoot() - 1)
        case (.circ, .easeOut):
            let t = x - 1
            return (1 - t * t).squareRoot()
        case (.circ, .easeInOut):
            var t = x * 2
            if t < 1 { return -0.5 * ((1 - t * t).squareRoot() - 1) }
            t -= 2
            return 0.5 * ((1 - t * t).squareRoot() + 1)
        case (.back, .easeIn): return x * x * ((s + 1) * x - s)
        case (.back, .easeOut):
            let t = x - 1
            return t * t * ((s + 1) * t + s) + 1
        case (.back, .easeInOut):
            let s2 = s * 1.525
            var t = x * 2
            if t < 1 { return 0.5 * (t * t * ((s2 + 1) * t - s2)) }
            t -= 2
            return 0.5 * (t * t * ((s2 + 1) * t + s2) + 2)
        case (.elastic, .easeIn):
            if x == 0 || x == 1 { return x }
            let t = x - 1
            return -(pow(2, 10 * t) * sin((t - p / 4) * (2 * .pi) / p))
        case (.elastic, .easeOut):
            if x == 0 || x == 1 { return x }
            return pow(2, -10 * x) * sin((x - p / 4) * (2 * .pi) / p) + 1
        case (.elastic, .easeInOut):
            if x == 0 || x == 1 { return x }
            let q = 0.3 * 1.5
            let t = x * 2 - 1
            if x * 2 < 1 { return -0.5 * (pow(2, 10 * t) * sin((t - q / 4) * (2 * .pi) / q)) }
            return pow(2, -10 * t) * sin((t - q / 4) * (2 * .pi) / q) * 0.5 + 1
        case (.bounce, .easeIn): return 1 - bounceOut(1 - x)
        case (.bounce, .easeOut): return bounceOut(x)
        case (.bounce, .easeInOut):
            if x < 0.5 { return (1 - bounceOut(1 - x * 2)) * 0.5 }
            return bounceOut(x * 2 - 1) * 0.5 + 0.5
        }
    }

    static func bounceOut(_ x: Double) -> Double {
        if x < 1 / 2.75 { return 7.5625 * x * x }
        if x < 2 / 2.75 {
            let t = x - 1.5 / 2.75
            return 7.5625 * t * t + 0.75
        }
        if x < 2.5 / 2.75 {
            let t = x - 2.25 / 2.75
            return 7.5625 * t * t + 0.9375
        }
        let t = x - 2.625 / 2.75
        return 7.5625 * t * t + 0.984375
    }
}
