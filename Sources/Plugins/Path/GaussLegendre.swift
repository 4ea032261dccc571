import Timeline

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Gauss-Legendre quadrature: nodes and weights computed once by Newton's method on the
/// Legendre polynomial, then adaptive bisection for arc lengths.
enum GaussLegendre {
    /// The order of the rule: exact for polynomials up to degree 15.
    static let order = 8

    /// The nodes on `-1...1` and their weights.
    static let rule: (nodes: [Double], weights: [Double]) = {
        let n = order
        var nodes: [Double] = []
        var weights: [Double] = []
        for i in 1...n {
            // Tricomi's initial guess for the i-th root, refined by Newton's method.
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                var p0 = 1.0
                var p1 = x
                for k in 2...n {
                    let p2 = ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k)
                    p0 = p1
                    p1 = p2
                }
                derivative = Double(n) * (x * p1 - p0) / (x * x - 1)
                let step = p1 / derivative
                x -= step
                if abs(step) < 1e-17 { break }
            }
            nodes.append(x)
            weights.append(2 / ((1 - x * x) * derivative * derivative))
        }
        return (nodes, weights)
    }()

    /// `∫ f` over `a...b` with the fixed rule.
    @inline(__always)
    static func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let half = (b - a) / 2
        let middle = (a + b) / 2
        var sum = 0.0
        let (nodes, weights) = rule
        for i in 0..<order { sum += weights[i] * f(middle + half * nodes[i]) }
        return sum * half
    }

    /// `∫ f` over `a...b`, bisecting until the halves agree with the whole to `tolerance`
    /// (or 24 levels deep, for integrands with a kink such as a cusp's speed).
    static func adaptiveIntegral(
        from a: Double, to b: Double, tolerance: Double, _ f: (Double) -> Double
    ) -> Double {
        func refine(_ a: Double, _ b: Double, _ whole: Double, _ depth: Int) -> Double {
            let middle = (a + b) / 2
            let left = integrate(from: a, to: middle, f)
            let right = integrate(from: middle, to: b, f)
            if depth >= 24 || abs(left + right - whole) <= tolerance {
                return left + right
            }
            return refine(a, middle, left, depth + 1) + refine(middle, b, right, depth + 1)
        }
        return refine(a, b, integrate(from: a, to: b, f), 0)
    }
}
