#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Independent references for a damped oscillator m x'' + c x' + k x = 0 (x = displacement
/// from the target): the textbook solution of each damping regime, and a fourth-order
/// Runge-Kutta integration. Written from the textbook, not from the plugin's code.
struct OscillatorReference {
    var mass: Double
    var stiffness: Double
    var damping: Double

    var omega0: Double { (stiffness / mass).squareRoot() }
    var zeta: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The textbook solution (x, v) at t for x(0) = x0, x'(0) = v0.
    ///
    /// Under-damped: e^(-ζω0 t) (x0 cos ωd t + (v0 + ζω0 x0) / ωd sin ωd t).
    /// Critical: (x0 + (v0 + ω0 x0) t) e^(-ω0 t).
    /// Over-damped: C1 e^(r1 t) + C2 e^(r2 t), r1,2 = -ζω0 ± ω0 sqrt(ζ² - 1).
    func analytic(x0: Double, v0: Double, at t: Double) -> (x: Double, v: Double) {
        let w0 = omega0
        let z = zeta
        if z < 1 {
            let wd = w0 * (1 - z * z).squareRoot()
            let decay = exp(-z * w0 * t)
            let b = (v0 + z * w0 * x0) / wd
            let x = decay * (x0 * cos(wd * t) + b * sin(wd * t))
            let v = decay * (-z * w0 * (x0 * cos(wd * t) + b * sin(wd * t))
                + (-x0 * wd * sin(wd * t) + b * wd * cos(wd * t)))
            return (x, v)
        } else if z == 1 {
            let decay = exp(-w0 * t)
            let b = v0 + w0 * x0
            return ((x0 + b * t) * decay, (b - w0 * (x0 + b * t)) * decay)
        } else {
            let root = w0 * (z * z - 1).squareRoot()
            // r1 = -ζω0 + ω0 sqrt(ζ² - 1) written as ω0² / r2 to keep its digits (Vieta).
            let r2 = -z * w0 - root
            let r1 = w0 * w0 / r2
            let c1 = (v0 - r2 * x0) / (r1 - r2)
            let c2 = x0 - c1
            let e1 = exp(r1 * t)
            let e2 = exp(r2 * t)
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// Integrates from (x0, v0) over `time` seconds with classical RK4 and `steps` equal steps.
    func integrate(x0: Double, v0: Double, over time: Double, steps: Int) -> (x: Double, v: Double) {
        var x = x0
        var v = v0
        let h = time / Double(steps)
        func acceleration(_ x: Double, _ v: Double) -> Double { -(damping * v + stiffness * x) / mass }
        for _ in 0..<steps {
            let k1x = v
            let k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (x, v)
    }

    /// RK4 samples at `times` (increasing, from 0), with a step of at most `maxStep`.
    func integrated(x0: Double, v0: Double, at times: [Double], maxStep: Double) -> [(x: Double, v: Double)] {
        var state = (x: x0, v: v0)
        var now = 0.0
        var result: [(x: Double, v: Double)] = []
        for t in times {
            let span = t - now
            if span > 0 {
                let steps = max(1, Int((span / maxStep).rounded(.up)))
                state = integrate(x0: state.x, v0: state.v, over: span, steps: steps)
                now = t
            }
            result.append(state)
        }
        return result
    }

    /// An RK4 step small enough for ~1e-12 accuracy: a thousandth of the fastest time scale.
    var fineStep: Double {
        let fastest = damping / mass + omega0
        return 1e-3 / fastest
    }
}

/// `|a - b| <= tolerance * max(1, scale)`.
func springAgrees(_ a: Double, _ b: Double, _ tolerance: Double, scale: Double = 1) -> Bool {
    abs(a - b) <= tolerance * max(1, scale)
}
