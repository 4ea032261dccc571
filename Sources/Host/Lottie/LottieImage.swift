import CadenceIO
import CadenceHostCore
import Timeline

/// An image layer's bitmap (`ty` 2, its asset's `p`), drawn as lottie-web's SVG renderer draws it:
/// an `<image>` of the asset's `w` × `h` box with `preserveAspectRatio="xMidYMid slice"` (the
/// bitmap scaled to cover the box, centred, the rest cut off).
struct LottieImage: Sendable {
    /// The bitmap.
    var image: SceneImage
    /// The asset's box (`w`, `h`), in the layer's units.
    var width: Double
    var height: Double

    /// From the bitmap's pixels to the layer's coordinates: scaled to cover the box, centred.
    var placement: AffineMatrix {
        let scale = max(width / Double(image.width), height / Double(image.height))
        guard scale.isFinite, scale > 0 else { return AffineMatrix(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0) }
        return AffineMatrix(
            a: scale, b: 0, c: 0, d: scale, tx: (width - Double(image.width) * scale) / 2, ty: (height - Double(image.height) * scale) / 2)
    }
}

extension LottieAnimation.Reader {
    /// An image layer's paint: its asset's bitmap filling the asset's box; `nil` (with a warning,
    /// or an error in ``LottieAnimation/imageErrors``) when it cannot be drawn.
    ///
    /// A PNG or baseline JPEG embedded as a data URI is decoded (one that does not decode is an
    /// error); a file beside the Lottie file (`u` + `p`, relative to the file's folder) is read and
    /// decoded, and one that is not there is an error that names it. Progressive JPEG and other
    /// formats (WebP) are a warning.
    mutating func imagePaint(of layer: JSONCursor) throws(DocumentError) -> LottieDrawing.Paint? {
        let reference = try layer.required("refId")
        let id = try reference.string()
        guard let position = assetOfID[id] else {
            warnings.append(reference.error("no asset has the id \"\(InputExcerpt.excerpt(id))\": the image layer is empty"))
            return nil
        }
        let asset = assets[position]
        let source = try asset.required("p")
        let name = try source.string()
        let folder = try asset.child("u").map { cursor throws(DocumentError) in try cursor.string() } ?? ""
        let width = try asset.child("w").map(LottieAnimation.finite) ?? 0, height = try asset.child("h").map(LottieAnimation.finite) ?? 0
        let image: SceneImage
        let lowered = name.lowercased()
        if lowered.hasPrefix("data:") {
            guard lowered.hasPrefix("data:image/png") || lowered.hasPrefix("data:image/jpeg") || lowered.hasPrefix("data:image/jpg") else {
                drawingNotes.add("images that are not PNG or JPEG (WebP) are not drawn yet", at: source.path)
                return nil
            }
            do {
                image = try SceneImage(dataURI: name)
            } catch {
                if "\(error)".hasPrefix("progressive JPEG") {
                    drawingNotes.add("progressive JPEG images are not drawn yet", at: source.path)
                    return nil
                }
                throw source.error("the embedded image cannot be read: \(error)")
            }
        } else {
            let relative = folder + name
            let isJPEG = lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg")
            guard lowered.hasSuffix(".png") || isJPEG else {
                drawingNotes.add("images that are not PNG or JPEG (WebP) are not drawn yet", at: source.path)
                return nil
            }
            guard let directory else {
                imageErrors.append(source.error("the image \"\(InputExcerpt.excerpt(relative))\" is a file beside the animation, which was read without a file name"))
                return nil
            }
            let path = relative.hasPrefix("/") ? relative : directory + "/" + relative
            let bytes: [UInt8]
            do throws(InputError) {
                bytes = try FileInput.read(path, maximumCount: 256 << 20)
            } catch {
                imageErrors.append(source.error("the image \"\(InputExcerpt.excerpt(relative))\" cannot be read: \(error.reason)"))
                return nil
            }
            do {
                image = try isJPEG ? SceneImage(jpeg: bytes) : SceneImage(png: bytes)
            } catch {
                if "\(error)".hasPrefix("progressive JPEG") {
                    drawingNotes.add("progressive JPEG images are not drawn yet", at: source.path)
                    return nil
                }
                throw source.error("the image \"\(InputExcerpt.excerpt(relative))\" cannot be read: \(error)")
            }
        }
        var paint = LottieDrawing.Paint(
            strokeWidth: nil, evenOdd: false, color: LottieProperty(value: [0, 0, 0], keyframes: []), colorScale: 1,
            opacity: LottieProperty(value: [100], keyframes: []), groups: [])
        paint.image = LottieImage(image: image, width: max(width, 0), height: max(height, 0))
        paint.outlines = [LottieDrawing.Outline(geometry: .box(width: max(width, 0), height: max(height, 0)), transforms: [])]
        return paint
    }
}
