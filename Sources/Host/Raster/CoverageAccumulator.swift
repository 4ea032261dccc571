import Timeline

/// The exact-area scanline accumulator at the heart of the rasteriser.
///
/// The method is the cell/area method of FreeType's "smooth" rasteriser in the single-buffer form
/// that font-rs describes: every straight edge is cut at pixel rows and columns, and each piece,
/// spanning `dy` rows and lying in cell `i` between `x = l` and `x = r`, adds to that cell the
/// signed area of the cell to the right of it, `dy · (i + 1 − (l + r)/2)`, and the rest of its `dy`
/// to cell `i + 1`. The prefix sum of a row's cells is then, for every pixel, the integral of the
/// winding number over the pixel: its exact coverage for non-overlapping geometry. Non-zero
/// coverage is `min(|sum|, 1)`; even-odd folds `|sum|` into a triangle wave of period 2, as FreeType
/// does.
///
/// Cells live in a `Float` buffer over the path's bounding box (clipped to a limit rectangle) with
/// one bit per cell in a parallel bitmap. The sweep visits only the set bits (64 cells per word
/// test), clears each consumed cell and word, and reports the gaps between touched cells as spans of
/// constant coverage, so that buffers are left zeroed and work is proportional to the edges plus
/// the spans, not to the box's area.
///
/// Memory: `4 · (w + 2) · h` bytes of cells plus `(w + 2) · h / 8` of bits for the largest box seen
/// (8.3 MB for a full 1920×1080 path), kept for reuse.
///
/// Clipping is exact: pieces left of the box become vertical edges on its left side (they still
/// contribute their cover to every pixel to their right); pieces right of it, above or below it are
/// dropped. Coordinates are clipped in `Double` before conversion to `Float`; an edge with an end more
/// than 2²⁴ pixels away is clipped at crossings computed exactly (``LineCrossing``), so any finite
/// coordinates, up to the largest double, are drawn as the line through them.
package final class CoverageAccumulator {
    /// The rectangle of pixels the cells stand for, in device coordinates.
    private(set) var bounds = PixelRect.zero
    /// The cells: `bounds.height` rows of `stride` floats.
    private var cells: UnsafeMutablePointer<Float>
    /// One bit per cell: `bounds.height` rows of `wordsPerRow` words.
    private var bits: UnsafeMutablePointer<UInt64>
    /// One row of coverage values handed to sinks.
    private var rowCoverage: UnsafeMutablePointer<UInt8>
    /// The capacities of the three buffers.
    private var cellCapacity = 0, bitCapacity = 0, rowCapacity = 0
    /// Floats per row of cells (`bounds.width + 2`: the two extra columns take pieces on the right edge).
    private var stride = 0
    /// Words per row of bits.
    private var wordsPerRow = 0

    /// Creates an accumulator with empty buffers (they grow on first use).
    package init() {
        cells = .allocate(capacity: 1)
        bits = .allocate(capacity: 1)
        rowCoverage = .allocate(capacity: 1)
    }

    deinit {
        cells.deallocate()
        bits.deallocate()
        rowCoverage.deallocate()
    }

    /// Prepares for a path covering `bounds` (device pixels). Buffers grow if needed; they are
    /// always left zeroed by ``sweep(_:into:)``, so nothing is cleared here.
    ///
    /// - Parameter bounds: The pixels to compute; must not be empty.
    /// - Complexity: O(1), or O(area) when the buffers grow.
    package func begin(bounds: PixelRect) {
        precondition(!bounds.isEmpty, "empty accumulator bounds")
        self.bounds = bounds
        stride = bounds.width + 2
        wordsPerRow = (stride + 63) >> 6
        let cellCount = stride * bounds.height, wordCount = wordsPerRow * bounds.height
        if cellCount > cellCapacity {
            cells.deallocate()
            cellCapacity = max(cellCount, cellCapacity * 3 / 2)
            cells = .allocate(capacity: cellCapacity)
            cells.initialize(repeating: 0, count: cellCapacity)
        }
        if wordCount > bitCapacity {
            bits.deallocate()
            bitCapacity = max(wordCount, bitCapacity * 3 / 2)
            bits = .allocate(capacity: bitCapacity)
            bits.initialize(repeating: 0, count: bitCapacity)
        }
        if stride > rowCapacity {
            rowCoverage.deallocate()
            rowCapacity = max(stride, rowCapacity * 3 / 2)
            rowCoverage = .allocate(capacity: rowCapacity)
            rowCoverage.initialize(repeating: 0, count: rowCapacity)
        }
    }

    /// Adds every contour of `path` as a closed polygon.
    ///
    /// - Parameter path: The flattened path, in device space.
    /// - Complexity: O(edges + rows crossed + cells crossed).
    package func add(_ path: RasterPath) {
        path.points.withUnsafeBufferPointer { points in
            for contour in path.contours where contour.count > 1 {
                var previous = points[contour.end - 1]
                for index in contour.start..<contour.end {
                    let point = points[index]
                    addLine(previous.x, previous.y, point.x, point.y)
                    previous = point
                }
            }
        }
    }

    /// Adds one directed edge in device coordinates (downward edges count positive).
    ///
    /// - Parameters:
    ///   - x0: The start's x.
    ///   - y0: The start's y.
    ///   - x1: The end's x.
    ///   - y1: The end's y.
    /// - Complexity: O(rows + cells crossed within the bounds).
    package func addLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let ox = Double(bounds.x), oy = Double(bounds.y)
        let w = Double(bounds.width), h = Double(bounds.height)
        var ax = x0 - ox, ay = y0 - oy, bx = x1 - ox, by = y1 - oy
        guard ay != by, ax.isFinite, ay.isFinite, bx.isFinite, by.isFinite else { return }
        if (ay <= 0 && by <= 0) || (ay >= h && by >= h) || (ax >= w && bx >= w) { return }
        if max(abs(ax), abs(ay), abs(bx), abs(by)) >= Self.farCoordinate {
            addFarLine(x0, y0, x1, y1)
            return
        }
        // Clip to the rows 0...h, keeping the direction.
        if ay < 0 || ay > h || by < 0 || by > h {
            let dxdy = (bx - ax) / (by - ay)
            if ay < 0 { ax += (0 - ay) * dxdy; ay = 0 } else if ay > h { ax += (h - ay) * dxdy; ay = h }
            if by < 0 { bx += (0 - by) * dxdy; by = 0 } else if by > h { bx += (h - by) * dxdy; by = h }
            guard ay != by else { return }
        }
        if ax >= 0 && bx >= 0 && ax <= w && bx <= w {
            accumulate(Float(ax), Float(ay), Float(bx), Float(by))
            return
        }
        if ax <= 0 && bx <= 0 {
            accumulate(0, Float(ay), 0, Float(by))
            return
        }
        // The edge crosses x = 0 or x = w: cut it into a left part (moved onto x = 0), a middle part
        // and a right part (dropped: it only touches columns at or past w).
        let dx = bx - ax, dy = by - ay
        let t0 = min(max((0 - ax) / dx, 0), 1), tw = min(max((w - ax) / dx, 0), 1)
        let (leftFrom, leftTo, midFrom, midTo) = dx > 0 ? (0.0, t0, t0, tw) : (t0, 1.0, tw, t0)
        if leftTo > leftFrom {
            accumulate(0, Float(ay + leftFrom * dy), 0, Float(ay + leftTo * dy))
        }
        if midTo > midFrom {
            let xa = min(max(ax + midFrom * dx, 0), w), xb = min(max(ax + midTo * dx, 0), w)
            accumulate(Float(xa), Float(ay + midFrom * dy), Float(xb), Float(ay + midTo * dy))
        }
    }

    /// How far from the bounds (in pixels) an edge's end may be for ``addLine(_:_:_:_:)`` to clip it
    /// directly: 2²⁴, where the cancellation in `ax + (0 − ay) · dx/dy` costs at most 2⁻²⁸ pixel.
    private static let farCoordinate = Double(1 << 24)

    /// Adds an edge with an end far from the bounds: clipped with crossings computed exactly
    /// (``LineCrossing``) from the edge's own ends, so that coordinates up to the largest finite
    /// double are drawn as the line through them.
    private func addFarLine(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
        let top = Double(bounds.y), bottom = top + Double(bounds.height)
        let left = Double(bounds.x), right = left + Double(bounds.width)
        // The rows the edge spans, from its upper end to its lower one.
        let upper = max(min(y0, y1), top), lower = min(max(y0, y1), bottom)
        guard upper < lower else { return }
        let xUpper = LineCrossing.crossing(x0, y0, x1, y1, at: upper)
        let xLower = LineCrossing.crossing(x0, y0, x1, y1, at: lower)
        // Cut where it crosses the columns' sides: at most three pieces, each left of the columns
        // (drawn on the left side, as its cover still reaches every pixel right of it), within
        // them, or right of them (dropped).
        let downward = y0 < y1
        func piece(_ ya: Double, _ xa: Double, _ yb: Double, _ xb: Double) {
            guard ya < yb else { return }
            if max(xa, xb) <= left {
                downward ? accumulate(0, Float(ya - top), 0, Float(yb - top))
                    : accumulate(0, Float(yb - top), 0, Float(ya - top))
            } else if min(xa, xb) < right {
                let ua = Float(min(max(xa, left), right) - left), ub = Float(min(max(xb, left), right) - left)
                downward ? accumulate(ua, Float(ya - top), ub, Float(yb - top))
                    : accumulate(ub, Float(yb - top), ua, Float(ya - top))
            }
        }
        var y = upper, x = xUpper
        func cut(at side: Double) {
            guard min(x, xLower) < side, side < max(x, xLower) else { return }
            let ySide = min(max(LineCrossing.crossing(y0, x0, y1, x1, at: side), y), lower)
            piece(y, x, ySide, side)
            y = ySide
            x = side
        }
        cut(at: xUpper < xLower ? left : right)
        cut(at: xUpper < xLower ? right : left)
        piece(y, x, lower, xLower)
    }

    /// Adds an edge already inside `0...width × 0...height` (local coordinates), row by row.
    @inline(__always)
    private func accumulate(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float) {
        var (xa, ya, xb, yb, direction): (Float, Float, Float, Float, Float) =
            y0 < y1 ? (x0, y0, x1, y1, 1) : (x1, y1, x0, y0, -1)
        guard ya < yb else { return }
        let width = Float(bounds.width)
        xa = min(max(xa, 0), width)
        xb = min(max(xb, 0), width)
        let dxdy = (xb - xa) / (yb - ya)
        var row = Int(ya)
        let rowEnd = min(Int(yb.rounded(.up)), bounds.height)
        var top = ya, xTop = xa
        while row < rowEnd {
            let rowBottom = Float(row + 1)
            let bottom = min(rowBottom, yb)
            let xBottom = bottom == yb ? xb : min(max(xa + (bottom - ya) * dxdy, 0), width)
            deposit(row: row, xTop, xBottom, (bottom - top) * direction)
            top = bottom
            xTop = xBottom
            row += 1
        }
    }

    /// Adds one piece lying within a row: `dy` (signed) between `x = a` and `x = b`.
    @inline(__always)
    private func deposit(row: Int, _ a: Float, _ b: Float, _ dy: Float) {
        let left = min(a, b), right = max(a, b)
        let line = cells + row &* stride
        let first = Int(left)
        if right <= Float(first + 1) {
            // One cell: the trapezoid right of the piece covers (first + 1 − mid) of it.
            let area = dy * (Float(first + 1) - (left + right) * 0.5)
            line[first] += area
            line[first + 1] += dy - area
            mark(row: row, from: first, through: first + 1)
            return
        }
        let last = min(Int(right), bounds.width)
        let slope = dy / (right - left)  // dy per unit of x
        // First, partial cell.
        var span = Float(first + 1) - left
        var piece = slope * span
        line[first] += piece * span * 0.5
        var carry = piece * (1 - span * 0.5)
        // Whole cells: half of each one's dy stays, half goes right.
        let half = slope * 0.5
        var cell = first + 1
        while cell < last {
            line[cell] += carry + half
            carry = half
            cell += 1
        }
        // Last, partial cell (possibly of zero width).
        span = right - Float(last)
        piece = slope * span
        line[last] += carry + piece * (1 - span * 0.5)
        line[last + 1] += piece * span * 0.5
        mark(row: row, from: first, through: last + 1)
    }

    /// Sets the bits of cells `from...through` in a row.
    @inline(__always)
    private func mark(row: Int, from: Int, through: Int) {
        let words = bits + row &* wordsPerRow
        let firstWord = from >> 6, lastWord = through >> 6
        let low = ~UInt64(0) << UInt64(from & 63)
        let high = ~UInt64(0) >> UInt64(63 - (through & 63))
        if firstWord == lastWord {
            words[firstWord] |= low & high
        } else {
            words[firstWord] |= low
            var word = firstWord + 1
            while word < lastWord {
                words[word] = ~0
                word += 1
            }
            words[lastWord] |= high
        }
    }

    /// Turns the accumulated cells into coverage, row by row, and hands it to `sink`; clears the
    /// cells and bits it reads, leaving the buffers zeroed for the next path.
    ///
    /// Rows and columns passed to the sink are relative to ``bounds``. Spans of constant coverage
    /// (never zero) come through ``CoverageSink/span(row:x:count:coverage:)``; runs of touched cells
    /// through ``CoverageSink/pixels(row:x:coverage:count:)`` (which may hold zeros).
    ///
    /// - Parameters:
    ///   - rule: How the accumulated winding becomes coverage.
    ///   - sink: What receives the coverage.
    /// - Complexity: O(rows · words per row + touched cells + spans).
    package func sweep<Rule: WindingRule, Sink: CoverageSink>(_ rule: Rule.Type, into sink: inout Sink) {
        let width = bounds.width
        let coverage = rowCoverage
        for row in 0..<bounds.height {
            let words = bits + row &* wordsPerRow
            let line = cells + row &* stride
            var accumulated: Float = 0
            var next = 0  // the first column not yet reported
            var runStart = -1  // the start of the pending run of touched cells
            for wordIndex in 0..<wordsPerRow {
                var word = words[wordIndex]
                guard word != 0 else { continue }
                words[wordIndex] = 0
                let base = wordIndex << 6
                repeat {
                    let column = base + word.trailingZeroBitCount
                    word &= word &- 1
                    if column > next {
                        if runStart >= 0 {
                            sink.pixels(row: row, x: runStart, coverage: coverage + runStart, count: next - runStart)
                            runStart = -1
                        }
                        let value = Rule.coverage(accumulated)
                        if value != 0 && next < width {
                            sink.span(row: row, x: next, count: min(column, width) - next, coverage: value)
                        }
                    }
                    accumulated += line[column]
                    line[column] = 0
                    if column < width {
                        if runStart < 0 { runStart = column }
                        coverage[column] = Rule.coverage(accumulated)
                    }
                    next = column + 1
                } while word != 0
            }
            if runStart >= 0 {
                sink.pixels(row: row, x: runStart, coverage: coverage + runStart, count: min(next, width) - runStart)
            }
            if next < width {
                let value = Rule.coverage(accumulated)
                if value != 0 { sink.span(row: row, x: next, count: width - next, coverage: value) }
            }
        }
    }
}
