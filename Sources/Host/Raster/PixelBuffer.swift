import Timeline

/// A premultiplied RGBA image with 8 bits per channel: what the rasteriser draws into.
///
/// Pixels are stored row by row from the top, each as the four bytes red, green, blue, alpha, with
/// no padding between rows (``bytesPerRow`` is `4 · width`). Colour channels are premultiplied by
/// alpha (a channel never exceeds the pixel's alpha) and in sRGB, as browsers and Skia composite
/// them: no linearisation.
///
/// The buffer is a value: copies share storage until one of them is changed. ``straightAlphaBytes()``
/// gives the un-premultiplied bytes that image formats such as PNG expect.
///
/// ```swift
/// let image = PixelBuffer(width: 2, height: 1, filledWith: .init(red: 0, green: 0, blue: 128, alpha: 128))
/// image.pixel(x: 1, y: 0).unpremultiplied  // (0, 0, 255, 128)
/// ```
public struct PixelBuffer: Sendable, Hashable {
    /// One premultiplied RGBA pixel.
    public struct Pixel: Sendable, Hashable, CustomStringConvertible {
        /// Red, premultiplied by ``alpha``.
        public var red: UInt8
        /// Green, premultiplied by ``alpha``.
        public var green: UInt8
        /// Blue, premultiplied by ``alpha``.
        public var blue: UInt8
        /// Opacity: 0 transparent, 255 opaque.
        public var alpha: UInt8

        /// Creates a pixel from premultiplied channels.
        ///
        /// - Parameters:
        ///   - red: Red, premultiplied (at most `alpha` for a valid pixel).
        ///   - green: Green, premultiplied.
        ///   - blue: Blue, premultiplied.
        ///   - alpha: Opacity.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// The fully transparent pixel.
        public static let transparent = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

        /// Premultiplies a straight (non-premultiplied) colour given as fractions `0...1`, the way
        /// browsers do: each channel is first rounded to 8 bits, then multiplied by the 8-bit alpha
        /// with rounding (`round(c · a / 255)`).
        ///
        /// Values outside `0...1` are clamped; NaN counts as 0.
        ///
        /// - Parameters:
        ///   - red: Straight red.
        ///   - green: Straight green.
        ///   - blue: Straight blue.
        ///   - alpha: Opacity.
        /// - Returns: The premultiplied pixel.
        public static func premultiplying(red: Double, green: Double, blue: Double, alpha: Double) -> Pixel {
            func byte(_ value: Double) -> UInt32 {
                guard value > 0 else { return 0 }
                return value >= 1 ? 255 : UInt32((value * 255).rounded())
            }
            let a = byte(alpha)
            func premultiplied(_ value: Double) -> UInt8 { UInt8(PixelMath.div255(byte(value) * a)) }
            return Pixel(red: premultiplied(red), green: premultiplied(green), blue: premultiplied(blue), alpha: UInt8(a))
        }

        /// The straight-alpha form: each colour channel divided by alpha, rounded to nearest
        /// (`round(255 · c / a)`, at most 255); a transparent pixel gives all zeros.
        public var unpremultiplied: Pixel {
            guard alpha != 0 else { return .transparent }
            guard alpha != 255 else { return self }
            let a = UInt32(alpha)
            func channel(_ value: UInt8) -> UInt8 { UInt8(min(255, (UInt32(value) * 255 + a / 2) / a)) }
            return Pixel(red: channel(red), green: channel(green), blue: channel(blue), alpha: alpha)
        }

        /// The pixel as `rgba(r, g, b, a)` with its premultiplied bytes.
        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }

        /// The pixel packed as the rasteriser reads it: `r | g << 8 | b << 16 | a << 24`.
        package var packed: UInt32 { PixelMath.pack(red, green, blue, alpha) }

        /// Unpacks a pixel packed as ``packed``.
        package init(packed: UInt32) {
            self.init(
                red: UInt8(truncatingIfNeeded: packed), green: UInt8(truncatingIfNeeded: packed >> 8),
                blue: UInt8(truncatingIfNeeded: packed >> 16), alpha: UInt8(truncatingIfNeeded: packed >> 24))
        }
    }

    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The premultiplied bytes, R G B A per pixel, ``bytesPerRow`` per row, top row first.
    public private(set) var bytes: [UInt8]

    /// What is known of the pixels without reading them: every pixel outside a rectangle is one
    /// colour. A new buffer is one colour everywhere; ``SceneRasterizer`` records the region its
    /// layers touched, so that the next frame drawn into the buffer resets only that region to the
    /// background; every other write forgets it. Not part of the buffer's value (`==`, hashing).
    package struct KnownBackground: Sendable {
        /// The packed colour of every pixel outside ``dirty``.
        package var pixel: UInt32
        /// The pixels that may differ from ``pixel``.
        package var dirty: PixelRect

        /// Records that every pixel outside `dirty` is `pixel`.
        package init(pixel: UInt32, dirty: PixelRect) {
            self.pixel = pixel
            self.dirty = dirty
        }
    }

    /// See ``KnownBackground``; `nil` when nothing is known.
    package var knownBackground: KnownBackground?

    /// Bytes from the start of one row to the start of the next: `4 · width`.
    public var bytesPerRow: Int { width * 4 }

    /// The whole image as a pixel rectangle.
    package var rect: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// Creates a buffer of one colour (transparent by default).
    ///
    /// - Parameters:
    ///   - width: The number of columns (negative counts as zero).
    ///   - height: The number of rows (negative counts as zero).
    ///   - pixel: The colour of every pixel.
    /// - Complexity: O(width · height).
    public init(width: Int, height: Int, filledWith pixel: Pixel = .transparent) {
        self.width = max(0, width)
        self.height = max(0, height)
        bytes = [UInt8](repeating: 0, count: self.width * self.height * 4)
        if pixel != .transparent { clear(to: pixel) }
        knownBackground = KnownBackground(pixel: pixel.packed, dirty: .zero)
    }

    /// Two buffers are equal when they have the same size and the same bytes.
    public static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && lhs.bytes == rhs.bytes
    }

    /// Hashes the size and the bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(bytes)
    }

    /// The pixel in column `x`, row `y` (both must be inside the image).
    ///
    /// - Parameters:
    ///   - x: The column, `0..<width`.
    ///   - y: The row, `0..<height`.
    /// - Returns: The premultiplied pixel.
    /// - Complexity: O(1).
    public func pixel(x: Int, y: Int) -> Pixel {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)×\(height)")
        let offset = (y * width + x) * 4
        return Pixel(red: bytes[offset], green: bytes[offset + 1], blue: bytes[offset + 2], alpha: bytes[offset + 3])
    }

    /// The image with straight (un-premultiplied) alpha, as PNG stores it: every pixel converted by
    /// ``Pixel/unpremultiplied``, in the same layout as ``bytes``.
    ///
    /// - Returns: The straight-alpha bytes.
    /// - Complexity: O(width · height).
    public func straightAlphaBytes() -> [UInt8] {
        var result = bytes
        var offset = 0
        while offset < result.count {
            let pixel = Pixel(
                red: result[offset], green: result[offset + 1], blue: result[offset + 2], alpha: result[offset + 3]
            ).unpremultiplied
            result[offset] = pixel.red
            result[offset + 1] = pixel.green
            result[offset + 2] = pixel.blue
            offset += 4
        }
        return result
    }

    /// Sets every pixel to `pixel`.
    ///
    /// - Parameter pixel: The premultiplied colour.
    /// - Complexity: O(width · height).
    public mutating func clear(to pixel: Pixel = .transparent) {
        clear(rect, to: pixel)
    }

    /// Sets the pixels of `region` (clipped to the image) to `pixel`.
    ///
    /// - Parameters:
    ///   - region: The pixels to set.
    ///   - pixel: The premultiplied colour.
    /// - Complexity: O(region's area).
    package mutating func clear(_ region: PixelRect, to pixel: Pixel = .transparent) {
        let area = region.intersection(rect)
        guard !area.isEmpty else { return }
        let value = pixel.packed, width = self.width
        withMutablePixels { pixels in
            for row in area.y..<area.maxY {
                (pixels + row * width + area.x).update(repeating: value, count: area.width)
            }
        }
    }

    /// Calls `body` with the pixels as packed `UInt32`s (see ``PixelMath``), row-major, `width` per row.
    ///
    /// - Parameter body: The code that reads and writes the pixels; the pointer is valid only inside.
    /// - Returns: What `body` returns.
    @inline(__always)
    package mutating func withMutablePixels<Result>(_ body: (UnsafeMutablePointer<UInt32>) throws -> Result) rethrows -> Result {
        knownBackground = nil
        return try bytes.withUnsafeMutableBufferPointer { buffer in
            try buffer.withMemoryRebound(to: UInt32.self) { pixels in
                // An empty image has no storage; hand out a dummy that nothing will read.
                guard let base = pixels.baseAddress else {
                    var dummy: UInt32 = 0
                    return try body(&dummy)
                }
                return try body(base)
            }
        }
    }

    /// Calls `body` with the pixels as packed `UInt32`s, read-only.
    ///
    /// - Parameter body: The code that reads the pixels; the pointer is valid only inside.
    /// - Returns: What `body` returns.
    @inline(__always)
    package func withPixels<Result>(_ body: (UnsafePointer<UInt32>) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: UInt32.self) { pixels in
                guard let base = pixels.baseAddress else {
                    let dummy: UInt32 = 0
                    return try withUnsafePointer(to: dummy) { try body($0) }
                }
                return try body(base)
            }
        }
    }
}
