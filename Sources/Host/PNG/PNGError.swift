
// What the encoder refuses, and why.

/// An image the PNG encoder cannot encode, with the values at fault.
///
/// The encoder checks its arguments before reading any pixel and throws instead of trapping,
/// so bad sizes coming from elsewhere (a document, a command line) surface as errors.
public enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The width is 0, negative, or larger than 2³¹ − 1 (the largest PNG allows).
    case invalidWidth(Int)

    /// The height is 0, negative, or larger than 2³¹ − 1 (the largest PNG allows).
    case invalidHeight(Int)

    /// The row stride (bytes from the start of one row to the start of the next) is smaller
    /// than a row's 4 × width bytes.
    case invalidRowStride(Int, minimum: Int)

    /// The pixel buffer holds fewer bytes than the image needs: `(height − 1) × rowStride +
    /// 4 × width`.
    case bufferTooSmall(byteCount: Int, required: Int)

    /// The image's byte count does not fit in `Int` on this platform.
    case imageTooLarge(width: Int, height: Int)

    /// A sentence that says what was wrong and with which value.
    public var description: String {
        switch self {
        case .invalidWidth(let width):
            "PNG width \(width) is out of range: it must be 1...\(PNGError.maxDimension)"
        case .invalidHeight(let height):
            "PNG height \(height) is out of range: it must be 1...\(PNGError.maxDimension)"
        case .invalidRowStride(let stride, let minimum):
            "row stride \(stride) is smaller than a row (\(minimum) bytes)"
        case .bufferTooSmall(let byteCount, let required):
            "pixel buffer has \(byteCount) bytes, the image needs \(required)"
        case .imageTooLarge(let width, let height):
            "a \(width)×\(height) RGBA image does not fit in memory on this platform"
        }
    }

    /// The largest width or height PNG allows, 2³¹ − 1.
    package static let maxDimension = Int(Int32.max)
}
