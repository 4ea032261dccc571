public import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The closed form. With α = damping / 2m, ω0² = k / m and q = ω0² - α², the displacement of a
// spring released at displacement x0 with velocity v0 is
//
//     x(t) = x0 * a(t) + v0 * b(t),   a = e^(-αt) (C + α S),   b = e^(-αt) S
//     v(t) = x0 * a'(t) + v0 * b'(t), a' = -ω0² b,             b' = e^(-αt) (C - α S)
//
// where C and S solve C' = -q S, S' = C, C(0) = 1, S(0) = 0:
//
//     q > 0 (under-damped):  C = cos(ωd t),  S = sin(ωd t) / ωd,  ωd = sqrt(q)
//     q = 0 (critical):      C = 1,          S = t
//     q < 0 (over-damped):   C = cosh(β t),  S = sinh(β t) / β,   β = sqrt(-q)
//
// Written as C = g(q t²), S = t f(q t²) with entire functions f and g, the three regimes are one
// smooth family: near critical damping (|q t²| small) Cadence sums the Taylor series of f and g,
// so nothing divides by a vanishing ωd or β and no two large terms cancel. Over-damped springs are
// evaluated through their two decay rates r1 = -ω0² / (α + β) (slow) and r2 = -(α + β) (fast),
// never through cosh and sinh of large arguments, so large times neither overflow nor cancel.

extension Spring {
    /// The exact state-transition matrix over `step` seconds (see ``StateMatrix``).
    ///
    /// - Parameter step: The time step in seconds; finite and not negative.
    /// - Returns: The matrix mapping the state (displacement from the target, velocity) at any
    ///   time to the state `step` seconds later.
    /// - Throws: ``SpringError`` when `step` is NaN, infinite or negative.
    /// - Complexity: O(1): a few exponentials and trigonometric functions.
    public func transitionMatrix(step: Double) throws(SpringError) -> StateMatrix {
        try SpringError.requireNonNegative(step, .step)
        return transition(over: step)
    }

    /// The state-transition matrix over `t` seconds, for any `t` (non-throwing; the per-frame path).
    ///
    /// `t <= 0` and NaN give the identity. `t = +∞`, and any time at which the motion has decayed
    /// below the smallest `Double`, give the zero matrix (the spring is at its target); an undamped
    /// spring, which never decays, also gives the zero matrix at an infinite time.
    @usableFromInline
    func transition(over t: Double) -> StateMatrix {
        guard t > 0 else { return .identity }
        guard t.isFinite else { return Self.settled }
        let alpha = decayRate
        let omegaSquared = naturalFrequencySquared
        let q = oscillationSquared
        let z = q * t * t
        if q < 0, !(abs(z) < Self.seriesLimit) {
            return overdampedTransition(over: t)
        }
        // e^(-αt) C and e^(-αt) S.
        let decay = exp(-alpha * t)
        guard decay > 0 else { return Self.settled }
        let eC: Double
        let eS: Double
        if abs(z) < Self.seriesLimit {
            // Taylor series of g(z) = cos(√z) and f(z) = sin(√z)/√z (and of cosh, sinh for z < 0).
            let g = 1 - z / 2 * (1 - z / 12 * (1 - z / 30 * (1 - z / 56 * (1 - z / 90 * (1 - z / 132)))))
            let f = 1 - z / 6 * (1 - z / 20 * (1 - z / 42 * (1 - z / 72 * (1 - z / 110 * (1 - z / 156)))))
            eC = decay * g
            eS = decay * t * f
        } else {
            let omegaD = q.squareRoot()
            let phase = omegaD * t
            guard phase.isFinite else { return Self.settled }
            eC = decay * cos(phase)
            eS = decay * sin(phase) / omegaD
        }
        let result = StateMatrix(
            displacementFromDisplacement: eC + alpha * eS,
            displacementFromVelocity: eS,
            velocityFromDisplacement: -omegaSquared * eS,
            velocityFromVelocity: eC - alpha * eS)
        return result
    }

    /// The over-damped closed form through the two decay rates, stable for every `t > 0`.
    private func overdampedTransition(over t: Double) -> StateMatrix {
        let alpha = decayRate
        let omegaSquared = naturalFrequencySquared
        let beta = (-oscillationSquared).squareRoot()
        let fast = alpha + beta  // -r2
        let slow = omegaSquared / fast  // -r1 = α - β, without the cancellation
        let e1 = exp(-slow * t)
        let e2 = exp(-fast * t)
        // e^(-αt) cosh(βt) and e^(-αt) sinh(βt) / β, with sinh through expm1.
        let eC = (e1 + e2) / 2
        let eS = e1 * -expm1(-2 * beta * t) / (2 * beta)
        let velocityFromVelocity: Double
        if beta * t > 1 {
            // (r1 e1 - r2 e2) / (r1 - r2): no cancellation once the fast mode has decayed.
            velocityFromVelocity = (fast * e2 - slow * e1) / (2 * beta)
        } else {
            velocityFromVelocity = eC - alpha * eS
        }
        return StateMatrix(
            displacementFromDisplacement: eC + alpha * eS,
            displacementFromVelocity: eS,
            velocityFromDisplacement: -omegaSquared * eS,
            velocityFromVelocity: velocityFromVelocity)
    }

    /// |q t²| below which the series is used: six terms leave an error below 1e-21.
    @usableFromInline static let seriesLimit = 0.01

    /// The matrix of a spring at rest at its target.
    @usableFromInline static let settled = StateMatrix(
        displacementFromDisplacement: 0, displacementFromVelocity: 0,
        velocityFromDisplacement: 0, velocityFromVelocity: 0)
}
