
// PNG filter method 0 (PNG specification, section 9): five filter types, chosen per row. Encoding
// a row depends only on raw bytes, never on filtered ones, so the loops run 16 bytes a step.

/// The five filter types of PNG filter method 0, and the per-row choice between them.
///
/// Each filtered byte is the raw byte minus a prediction (mod 256) made from the bytes one
/// pixel to the left and above (see `PNGPredictor`); bytes outside the image count as 0.
///
/// The type chosen for a row is libpng's heuristic: the one whose filtered bytes, read as
/// signed, have the smallest sum of absolute values, ties going to the type that comes first
/// (None, Sub, Up, Average, Paeth). The sums are exact, but a type is abandoned as soon as its
/// partial sum shows it cannot win, and the type that won the row above is tried first, as it
/// usually wins again; the choice is the same as if every sum were computed in full.
package enum PNGRowFilter: UInt8, CaseIterable, Sendable {
    case none = 0, sub, up, average, paeth

    /// Bytes per pixel: RGBA, 8 bits a channel.
    package static let bytesPerPixel = 4

    /// Filters one row of `count` bytes (a multiple of 4) with the type the heuristic picks.
    ///
    /// - Parameters:
    ///   - row: The raw row.
    ///   - previous: The raw row above (zeros for the first row).
    ///   - output: Receives the filter type byte, then `count` filtered bytes.
    ///   - spare: Scratch space for `count` bytes.
    ///   - firstGuess: The type to try first (the choice for the row above is a good guess);
    ///     it changes the time taken, never the result.
    /// - Returns: The filter type used.
    /// - Complexity: O(`count`).
    package static func filterRow(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
        into output: UnsafeMutablePointer<UInt8>, spare: UnsafeMutablePointer<UInt8>, firstGuess: PNGRowFilter
    ) -> PNGRowFilter {
        let filtered = output + 1
        var best = firstGuess
        if rowsAreEqual(row, previous, count: count) {
            // Up gives all zeros; None ties with it (and wins) only on an all-zero row.
            best = isZero(row, count: count) ? .none : .up
            filtered.update(repeating: 0, count: count)
        } else {
            var bestCost = best.filter(row, previous: previous, count: count, into: filtered, limit: .max)!
            for candidate in allCases where candidate != firstGuess {
                // To win, an earlier type needs a cost <= the best, a later one < the best.
                let limit = candidate.rawValue < best.rawValue ? bestCost : bestCost - 1
                guard limit >= 0,
                      let cost = candidate.filter(row, previous: previous, count: count, into: spare, limit: limit)
                else { continue }
                best = candidate
                bestCost = cost
                filtered.update(from: spare, count: count)
            }
        }
        output[0] = best.rawValue
        return best
    }

    /// Writes `count` bytes of the row filtered with this type to `output` and returns their
    /// heuristic cost, the sum of |byte as signed|; returns nil, with `output` partly written,
    /// as soon as the cost is known to exceed `limit`.
    ///
    /// - Complexity: O(`count`).
    package func filter(
        _ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int,
        into output: UnsafeMutablePointer<UInt8>, limit: Int
    ) -> Int? {
        switch self {
        case .none: Self.filter(NonePredictor.self, row, previous, count, output, limit)
        case .sub: Self.filter(SubPredictor.self, row, previous, count, output, limit)
        case .up: Self.filter(UpPredictor.self, row, previous, count, output, limit)
        case .average: Self.filter(AveragePredictor.self, row, previous, count, output, limit)
        case .paeth: Self.filter(PaethPredictor.self, row, previous, count, output, limit)
        }
    }

    /// The loop behind `filter(_:previous:count:into:limit:)`, specialised per predictor.
    /// The first pixel (no left neighbour) and the last bytes go one at a time, the rest 16 at
    /// a time; the cost is checked against `limit` every 256 bytes.
    private static func filter<Predictor: PNGPredictor>(
        _: Predictor.Type, _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int,
        _ output: UnsafeMutablePointer<UInt8>, _ limit: Int
    ) -> Int? {
        let bpp = bytesPerPixel
        var cost = 0
        var index = 0
        func filterByte(_ index: Int) {
            let a = index >= bpp ? row[index - bpp] : 0
            let c = index >= bpp ? previous[index - bpp] : 0
            let value = row[index] &- Predictor.predict(a: a, b: previous[index], c: c)
            output[index] = value
            cost += Int(min(value, 0 &- value))
        }
        while index < min(bpp, count) {
            filterByte(index)
            index += 1
        }
        while index + 16 <= count {
            // 16 steps add at most 16 · 2 · 128 = 4096 per 16-bit lane; 8 lanes fit a UInt16.
            var sums = SIMD8<UInt16>()
            var steps = 0
            while steps < 16 && index + 16 <= count {
                let a = load(row + index - bpp), b = load(previous + index), c = load(previous + index - bpp)
                let value = load(row + index) &- Predictor.predict(a: a, b: b, c: c)
                UnsafeMutableRawPointer(output + index).storeBytes(of: value, as: SIMD16<UInt8>.self)
                sums &+= pairSums(magnitudes(value))
                index += 16
                steps += 1
            }
            cost += Int(sums.wrappedSum())
            if cost > limit { return nil }
        }
        while index < count {
            filterByte(index)
            index += 1
        }
        return cost > limit ? nil : cost
    }

    // MARK: - Vector helpers

    @inline(__always)
    private static func load(_ pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    /// |v| of each byte read as a signed 8-bit number (0...128): min(v, −v) unsigned. (A select
    /// rather than the generic `pointwiseMin`, which is not always inlined.)
    @inline(__always)
    private static func magnitudes(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let negated = 0 &- v
        return v.replacing(with: negated, where: negated .< v)
    }

    /// Adds each pair of neighbouring bytes into one 16-bit lane.
    @inline(__always)
    private static func pairSums(_ v: SIMD16<UInt8>) -> SIMD8<UInt16> {
        let words = unsafeBitCast(v, to: SIMD8<UInt16>.self)
        return (words & 0x00FF) &+ (words &>> 8)
    }

    // MARK: - Whole-row checks

    /// Whether two rows hold the same bytes (32 bytes a step).
    private static func rowsAreEqual(_ x: UnsafePointer<UInt8>, _ y: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        while index + 32 <= count {
            let p = UnsafeRawPointer(x + index), q = UnsafeRawPointer(y + index)
            var difference = p.loadUnaligned(as: UInt64.self) ^ q.loadUnaligned(as: UInt64.self)
            difference |= p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ q.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            difference |= p.loadUnaligned(fromByteOffset: 16, as: UInt64.self) ^ q.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
            difference |= p.loadUnaligned(fromByteOffset: 24, as: UInt64.self) ^ q.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
            if difference != 0 { return false }
            index += 32
        }
        while index < count {
            if x[index] != y[index] { return false }
            index += 1
        }
        return true
    }

    /// Whether a row is all zero bytes.
    private static func isZero(_ x: UnsafePointer<UInt8>, count: Int) -> Bool {
        var index = 0
        while index + 8 <= count {
            if UnsafeRawPointer(x + index).loadUnaligned(as: UInt64.self) != 0 { return false }
            index += 8
        }
        while index < count {
            if x[index] != 0 { return false }
            index += 1
        }
        return true
    }
}
