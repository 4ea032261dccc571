extension TimingCurveTable {
    /// Fits the pieces breadth first, so that a table that runs out of room gives up at its
    /// deepest level first.
    struct Builder {
        let curve: TimingCurve
        let tolerance: Double
        var coefficients: [Double] = []
        var maximumError = 0.0
        var directFraction = 0.0

        /// A piece waiting to be fitted: its index, the inputs it covers, and how deep it is.
        private struct Pending {
            var index: Int
            var lower: Double
            var upper: Double
            var depth: Int
            /// For a subdivided piece: how the lookup finds it, `(x - lower) × scale - sub`.
            var parent: Locator?
        }

        /// Where a subdivided piece sits in its parent, as the lookup computes it.
        struct Locator {
            var lower: Double
            var scale: Double
            var sub: Int

            /// The position across the piece, or `nil` if the lookup would pick another piece.
            func position(of x: Double) -> Double? {
                let subdivision = TimingCurveTable.subdivision
                let scaled = Swift.min(Swift.max((x - lower) * scale, 0), Double(subdivision))
                let index = Swift.min(Int(scaled), subdivision - 1)
                return index == sub ? scaled - Double(index) : nil
            }
        }

        init(curve: TimingCurve, tolerance: Double) {
            self.curve = curve
            self.tolerance = tolerance
        }

        mutating func build() {
            let count = TimingCurveTable.cellCount
            coefficients = Array(repeating: 0, count: 4 * (count + 1))
            let width = 1 / Double(count)
            var queue = (0...count).map { k in
                Pending(
                    index: k, lower: Swift.max(0, (Double(k) - 0.5) * width),
                    upper: Swift.min(1, (Double(k) + 0.5) * width), depth: 0)
            }
            var next = 0
            while next < queue.count {
                let piece = queue[next]
                next += 1
                let (cubic, error) = fit(piece.lower, piece.upper, topLevel: piece.parent == nil ? piece.index : nil, locator: piece.parent)
                if error <= tolerance {
                    store(cubic, at: piece.index)
                    maximumError = Swift.max(maximumError, error)
                    continue
                }
                let subdivision = TimingCurveTable.subdivision
                let room = coefficients.count / 4 + subdivision <= TimingCurveTable.maximumPieces
                guard piece.depth < TimingCurveTable.maximumDepth, room, piece.upper > piece.lower else {
                    store(SIMD4(.nan, 0, 0, -1), at: piece.index)
                    directFraction += piece.upper - piece.lower
                    continue
                }
                let first = coefficients.count / 4
                let span = piece.upper - piece.lower
                let scale = Double(subdivision) / span
                store(SIMD4(.nan, piece.lower, scale, Double(first)), at: piece.index)
                coefficients += repeatElement(0, count: 4 * subdivision)
                for sub in 0..<subdivision {
                    queue.append(
                        Pending(
                            index: first + sub, lower: piece.lower + span * Double(sub) / Double(subdivision),
                            upper: piece.lower + span * Double(sub + 1) / Double(subdivision),
                            depth: piece.depth + 1,
                            parent: Locator(lower: piece.lower, scale: scale, sub: sub)))
                }
            }
        }

        private mutating func store(_ piece: SIMD4<Double>, at index: Int) {
            for lane in 0..<4 { coefficients[4 * index + lane] = piece[lane] }
        }

        /// The cubic Hermite piece over `lower ... upper` from the curve's values and slopes at the
        /// ends, in the variable the lookup uses (`256 x - k` for top-level piece `k`, the position
        /// across the interval for a subdivided piece), and its largest error at seven points inside.
        func fit(
            _ lower: Double, _ upper: Double, topLevel k: Int?, locator: Locator?
        ) -> (SIMD4<Double>, Double) {
            let width = upper - lower
            let y0 = curve.value(at: lower)
            let y1 = curve.value(at: upper)
            let m0 = curve.derivative(at: lower) * width
            let m1 = curve.derivative(at: upper) * width
            // In σ across the interval: a0 + a1 σ + a2 σ² + a3 σ³.
            let a = SIMD4(y0, m0, 3 * (y1 - y0) - 2 * m0 - m1, 2 * (y0 - y1) + m0 + m1)
            var piece = a
            if let k {
                // σ = α s + β with s = 256 x - k.
                let sLower = Double(TimingCurveTable.cellCount) * lower - Double(k)
                let sUpper = Double(TimingCurveTable.cellCount) * upper - Double(k)
                let alpha = 1 / (sUpper - sLower)
                let beta = -alpha * sLower
                piece = SIMD4(
                    a[0] + beta * (a[1] + beta * (a[2] + beta * a[3])),
                    alpha * (a[1] + beta * (2 * a[2] + 3 * beta * a[3])),
                    alpha * alpha * (a[2] + 3 * beta * a[3]),
                    alpha * alpha * alpha * a[3])
            }
            guard piece[0].isFinite, piece[1].isFinite, piece[2].isFinite, piece[3].isFinite else {
                return (piece, .infinity)
            }
            var error = 0.0
            let values = [piece[0], piece[1], piece[2], piece[3]]
            for step in 1...7 {
                let x = lower + width * Double(step) / 8
                let s: Double
                if let k {
                    let (nearest, offset) = TimingCurveTable.topPiece(x)
                    guard nearest == k else { continue }
                    s = offset
                } else if let position = locator?.position(of: x) {
                    s = position
                } else {
                    continue
                }
                let tabulated = values.withUnsafeBufferPointer { TimingCurveTable.evaluate($0.baseAddress!, at: s) }
                let difference = abs(tabulated - curve.value(at: x))
                guard difference.isFinite else { return (piece, .infinity) }
                error = Swift.max(error, difference)
            }
            return (piece, error)
        }
    }
}
