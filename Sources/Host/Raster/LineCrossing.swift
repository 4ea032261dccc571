/// Where a straight line through two points crosses an axis-aligned line, computed so that the
/// answer is right however far the points are.
///
/// Clipping an edge from (−10²⁰, −10²⁰) to (10²⁰, 10²⁰) at y = 200 the usual way,
/// `x₀ + (200 − y₀) · (x₁ − x₀) / (y₁ − y₀)`, loses the 200 in `200 − y₀` (10²⁰'s spacing of
/// doubles is 16,384) and answers 0. Here the crossing is the quotient
///
///     x = (x₀ · (y₁ − v) + x₁ · (v − y₀)) / (y₁ − y₀)
///
/// whose numerator is summed exactly (each difference as two doubles, each product as two doubles
/// by a fused multiply-add, the eight parts summed without error into a non-overlapping expansion
/// after Shewchuk), so the quotient is within a few units in the last place of the exact crossing
/// of the line through the two points as given, for any finite coordinates. The points are first
/// scaled by a power of two (exactly) so that no product overflows.
///
/// It costs about a hundred floating-point operations: the rasteriser takes this way only for
/// edges with a coordinate beyond 2²⁴ pixels from the picture.
enum LineCrossing {
    /// The first coordinate of the point where the line through `(u0, v0)` and `(u1, v1)` has
    /// second coordinate `v`.
    ///
    /// For the x where an edge crosses the row line y = v, pass `(x0, y0, x1, y1, v)`; for the y
    /// where it crosses the column line x = v, pass `(y0, x0, y1, x1, v)`.
    ///
    /// - Parameters:
    ///   - u0: The first point's first coordinate.
    ///   - v0: The first point's second coordinate.
    ///   - u1: The second point's first coordinate.
    ///   - v1: The second point's second coordinate; must differ from `v0`.
    ///   - v: The second coordinate of the crossing.
    /// - Returns: The crossing's first coordinate; every input must be finite.
    static func crossing(_ u0: Double, _ v0: Double, _ u1: Double, _ v1: Double, at v: Double) -> Double {
        if v == v0 { return u0 }
        if v == v1 { return u1 }
        // Scale by a power of two so that the largest magnitude is in [1, 2): products stay below 4.
        let largest = max(abs(u0), abs(v0), abs(u1), abs(v1), abs(v))
        guard largest > 0, largest.isFinite else { return u0 }
        let exponent = largest.exponent
        let down = Double(sign: .plus, exponent: -exponent, significand: 1)
        let a = u0 * down, b = v0 * down, c = u1 * down, d = v1 * down, level = v * down
        // Numerator a · (d − level) + c · (level − b), exactly.
        let (below, belowError) = twoSum(d, -level)
        let (above, aboveError) = twoSum(level, -b)
        var parts = Expansion()
        parts.addProduct(a, below)
        parts.addProduct(a, belowError)
        parts.addProduct(c, above)
        parts.addProduct(c, aboveError)
        let (span, spanError) = twoSum(d, -b)
        let quotient = parts.estimate / (span + spanError)
        return quotient * Double(sign: .plus, exponent: exponent, significand: 1)
    }

    /// `a + b` as a rounded sum and its exact error (Knuth's two-sum).
    @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let sum = a + b
        let bVirtual = sum - a
        let aVirtual = sum - bVirtual
        return (sum, (a - aVirtual) + (b - bVirtual))
    }

    /// An exact sum of up to eight doubles as a non-overlapping expansion, smallest part first.
    struct Expansion {
        private var parts: (Double, Double, Double, Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0, 0, 0, 0)
        private var count = 0

        /// Adds `factor · term` exactly: its rounded product and the product's error (a fused
        /// multiply-add).
        mutating func addProduct(_ factor: Double, _ term: Double) {
            let product = factor * term
            add(product)
            add((-product).addingProduct(factor, term))
        }

        /// Adds `value` exactly (Shewchuk's grow-expansion with zero elimination).
        mutating func add(_ value: Double) {
            var carry = value
            var kept = 0
            let used = count
            withUnsafeMutableBytes(of: &parts) { raw in
                let slots = raw.bindMemory(to: Double.self)
                for index in 0..<used {
                    let (sum, error) = LineCrossing.twoSum(carry, slots[index])
                    carry = sum
                    if error != 0 {
                        slots[kept] = error
                        kept += 1
                    }
                }
                slots[kept] = carry
            }
            self.count = kept + 1
        }

        /// The sum, rounded: the parts added from the smallest, within an ulp or two of exact.
        var estimate: Double {
            let count = self.count
            return withUnsafeBytes(of: parts) { raw in
                let slots = raw.bindMemory(to: Double.self)
                var total = 0.0
                for index in 0..<count { total += slots[index] }
                return total
            }
        }
    }
}
