import Timeline

/// An 8-bit coverage (alpha) mask over a rectangle of device pixels: a rendered clip path, or a
/// shadow's shape before and after its blur.
///
/// Values are `round(255 · coverage)`; pixels outside ``bounds`` count as 0. The storage is reused:
/// ``reset(bounds:)`` keeps the array and only grows it, so a mask redrawn every frame stops
/// allocating once it has reached its largest size.
package struct CoverageMask: Sendable {
    /// The pixels the mask holds, in device coordinates (empty: the mask is 0 everywhere).
    private(set) var bounds = PixelRect.zero
    /// The values, row-major, `bounds.width` per row; may be longer than `bounds.area`.
    private(set) var storage: [UInt8] = []

    /// Creates an empty mask (0 everywhere).
    package init() {}

    /// Bytes per row: `bounds.width`.
    package var stride: Int { bounds.width }

    /// Makes the mask cover `bounds` with every value 0.
    ///
    /// - Parameter bounds: The new bounds (empty: the mask is 0 everywhere).
    /// - Complexity: O(area); allocates only when the area exceeds every earlier one.
    package mutating func reset(bounds: PixelRect) {
        self.bounds = bounds.isEmpty ? .zero : bounds
        let area = self.bounds.area
        if storage.count < area {
            storage.append(contentsOf: repeatElement(0, count: area - storage.count))
        }
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, area > 0 else { return }
            base.update(repeating: 0, count: area)
        }
    }

    /// Changes the bounds without touching the values (a blur that writes every value itself).
    ///
    /// - Parameter bounds: The new bounds.
    /// - Complexity: O(1), or O(area) when the storage grows.
    package mutating func resize(bounds: PixelRect) {
        self.bounds = bounds.isEmpty ? .zero : bounds
        let area = self.bounds.area
        if storage.count < area {
            storage.append(contentsOf: repeatElement(0, count: area - storage.count))
        }
    }

    /// Forgets the contents (0 everywhere), keeping the storage.
    package mutating func removeAll() {
        bounds = .zero
    }

    /// The value at device pixel `(x, y)`, 0 outside the bounds.
    ///
    /// - Parameters:
    ///   - x: The column.
    ///   - y: The row.
    /// - Returns: The coverage, `0...255`.
    /// - Complexity: O(1).
    package func value(x: Int, y: Int) -> UInt8 {
        guard x >= bounds.x, x < bounds.maxX, y >= bounds.y, y < bounds.maxY else { return 0 }
        return storage[(y - bounds.y) * bounds.width + (x - bounds.x)]
    }

    /// The sum of all values divided by 255: the mask's area in pixels.
    ///
    /// - Complexity: O(area).
    package var totalCoverage: Double {
        var sum = 0
        for index in 0..<bounds.area { sum += Int(storage[index]) }
        return Double(sum) / 255
    }

    /// Multiplies every value by `factor` (`0...1`), rounding to nearest as an 8-bit product:
    /// `round(v · round(255 · factor) / 255)`.
    ///
    /// - Complexity: O(area).
    package mutating func scale(by factor: Double) {
        let weight = UInt32((min(max(factor.isNaN ? 0 : factor, 0), 1) * 255).rounded())
        guard weight < 255 else { return }
        let count = bounds.area
        withMutableValues { values in
            for index in 0..<count { values[index] = UInt8(PixelMath.div255(UInt32(values[index]) &* weight)) }
        }
    }

    /// Calls `body` with the values (row-major, ``stride`` per row).
    ///
    /// - Parameter body: The code that writes; the pointer is valid only inside.
    /// - Returns: What `body` returns.
    @inline(__always)
    package mutating func withMutableValues<Result>(_ body: (UnsafeMutablePointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                var dummy: UInt8 = 0
                return try body(&dummy)
            }
            return try body(base)
        }
    }

    /// Calls `body` with the values, read-only.
    ///
    /// - Parameter body: The code that reads; the pointer is valid only inside.
    /// - Returns: What `body` returns.
    @inline(__always)
    package func withValues<Result>(_ body: (UnsafePointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                return try withUnsafePointer(to: UInt8(0)) { try body($0) }
            }
            return try body(base)
        }
    }
}
