public import Timeline
public import CadenceIO
public import CadencePNG
package import CadenceRaster

/// A bitmap a scene draws: a PNG file's pixels, kept with the file's bytes (which a scene's JSON
/// and SVG carry as a `data:image/png;base64,` URI).
public struct SceneImage: Sendable, Hashable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// The PNG file's bytes.
    public let png: [UInt8]
    /// The pixels, premultiplied, for the rasteriser.
    package let raster: RasterImage

    /// An image from a PNG file's bytes.
    ///
    /// - Throws: ``PNGDecodingError`` when the bytes are not a PNG file Cadence decodes.
    public init(png: [UInt8]) throws(PNGDecodingError) {
        let decoded = try PNGImage(png: png)
        guard let raster = RasterImage(width: decoded.width, height: decoded.height, rgba: decoded.rgba) else {
            throw PNGDecodingError(reason: "the image's pixels do not match its size")
        }
        (width, height, self.png, self.raster) = (decoded.width, decoded.height, png, raster)
    }

    /// An image from a baseline JPEG file's bytes, kept as PNG (which a scene's JSON and SVG
    /// carry).
    ///
    /// - Throws: ``PNGDecodingError`` when the bytes are not a JPEG file Cadence decodes.
    public init(jpeg: [UInt8]) throws(PNGDecodingError) {
        let decoded = try JPEGImage(jpeg: jpeg)
        var encoder = PNGEncoder()
        var png: [UInt8] = []
        do {
            try decoded.rgba.withUnsafeBytes { bytes in try encoder.encode(width: decoded.width, height: decoded.height, rgba: bytes, into: &png) }
        } catch {
            throw PNGDecodingError(reason: "the decoded JPEG cannot be kept as PNG: \(error)")
        }
        guard let raster = RasterImage(width: decoded.width, height: decoded.height, rgba: decoded.rgba) else {
            throw PNGDecodingError(reason: "the image's pixels do not match its size")
        }
        (width, height, self.png, self.raster) = (decoded.width, decoded.height, png, raster)
    }

    /// An image from a `data:image/png;base64,…` (or `data:image/jpeg;base64,…`) URI.
    ///
    /// - Throws: ``PNGDecodingError`` naming what is wrong: not a PNG or JPEG data URI, Base64
    ///   that does not decode, or a file that does not.
    public init(dataURI: String) throws(PNGDecodingError) {
        let text = dataURI[...]
        guard let comma = text.firstIndex(of: ",") else { throw PNGDecodingError(reason: "expected a data URI of a PNG image (\"data:image/png;base64,…\")") }
        let head = text[..<comma].lowercased()
        let jpeg = head.hasPrefix("data:image/jpeg") || head.hasPrefix("data:image/jpg")
        guard head.hasPrefix("data:image/png") || jpeg, head.hasSuffix(";base64")
        else { throw PNGDecodingError(reason: "expected a data URI of a PNG image (\"data:image/png;base64,…\")") }
        guard let bytes = Base64.decode(text[text.index(after: comma)...]) else { throw PNGDecodingError(reason: "the data URI's Base64 does not decode") }
        if jpeg { try self.init(jpeg: bytes) } else { try self.init(png: bytes) }
    }

    /// The image as a `data:image/png;base64,…` URI.
    public var dataURI: String { "data:image/png;base64," + Base64.encode(png) }

    /// Two images are equal when their PNG files are (their pixels follow from the files).
    public static func == (a: SceneImage, b: SceneImage) -> Bool { a.png == b.png }

    /// Hashes the PNG file's bytes.
    public func hash(into hasher: inout Hasher) { hasher.combine(png) }
}

extension SceneLayer {
    /// An image that fills a layer's outline, as SVG's `<pattern>` of one `<image>` in
    /// `userSpaceOnUse` units: the image's pixel `(u, v)` (its top-left corner at `(0, 0)`, one
    /// unit per pixel) is placed by ``transform`` in the layer's coordinates, drawn bilinearly
    /// between pixel centres.
    ///
    /// ```swift
    /// var photo = SceneLayer(name: "photo", shape: .rectangle(cornerRadius: 8), frame: Rect(x: 0, y: 0, width: 64, height: 64))
    /// photo.fillImage = SceneLayer.ImageFill(image: try SceneImage(png: bytes), transform: .scale(x: 2, y: 2))
    /// ```
    public struct ImageFill: Sendable, Hashable {
        /// The bitmap.
        public var image: SceneImage
        /// From the image's pixels to the layer's coordinates.
        public var transform: AffineMatrix

        /// Creates an image fill.
        public init(image: SceneImage, transform: AffineMatrix = .identity) {
            self.image = image
            self.transform = transform
        }

        /// The numbers of a vector channel that places it (``SceneLayer/Property/fillImage``):
        /// the transform's a, b, c, d, tx, ty.
        public static let channelCount = 6

        /// The transform as a vector channel's numbers.
        public var channelNumbers: [Double] {
            [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty]
        }

        /// Replaces the transform with a channel's numbers, `numbers[offset...]`; numbers that are
        /// missing or not finite leave it as it is.
        mutating func apply(_ numbers: [Double], from offset: Int) {
            guard offset >= 0, offset + Self.channelCount <= numbers.count, numbers[offset..<offset + Self.channelCount].allSatisfy(\.isFinite) else { return }
            transform = AffineMatrix(
                a: numbers[offset], b: numbers[offset + 1], c: numbers[offset + 2], d: numbers[offset + 3], tx: numbers[offset + 4],
                ty: numbers[offset + 5])
        }

        /// The fill as a scene's `"fill"` object (`Docs/Scenes.md`).
        public var jsonValue: JSONValue {
            var members: [(key: String, value: JSONValue)] = [("image", .string(image.dataURI))]
            if transform != .identity {
                let m = transform
                members.append(("transform", .array([m.a, m.b, m.c, m.d, m.tx, m.ty].map(JSONValue.number))))
            }
            return .object(members)
        }
    }
}

extension SceneReader {
    /// An image `"fill"` object: `{"image": "data:image/png;base64,…", "transform": [a, b, c, d, tx, ty]}`.
    static func imageFill(_ cursor: JSONCursor, image: JSONCursor) throws(DocumentError) -> SceneLayer.ImageFill {
        try cursor.checkKeys(["image", "transform"])
        let text = try image.string()
        let decoded: SceneImage
        do throws(PNGDecodingError) {
            decoded = try SceneImage(dataURI: text)
        } catch {
            throw image.error("the image cannot be read: \(error)")
        }
        var fill = SceneLayer.ImageFill(image: decoded)
        if let transform = cursor.child("transform") {
            let m = try Self.numbers(transform, count: 6, what: "[a, b, c, d, tx, ty]")
            fill.transform = AffineMatrix(a: m[0], b: m[1], c: m[2], d: m[3], tx: m[4], ty: m[5])
        }
        return fill
    }
}
