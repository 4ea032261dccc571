// libFuzzer target: the PNG decoder (`PNGImage(png:)`), its inflater (`Inflate.zlib`) and the
// JPEG decoder (`JPEGImage(jpeg:)`). A file that decodes must give 4 bytes a pixel; a stream that
// inflates must stay within its limit. A
// finding is a crash, a hang or a broken invariant; errors that say what is wrong are the expected
// answer to a broken file.
import FuzzDriver
import CadencePNG

runFuzzer("FuzzPNG") { data, count in
    guard let data, count > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if let image = try? PNGImage(png: bytes) {
        precondition(image.rgba.count == image.width * image.height * 4, "a \(image.width) × \(image.height) image with \(image.rgba.count) bytes")
    }
    if let image = try? JPEGImage(jpeg: bytes) {
        precondition(image.rgba.count == image.width * image.height * 4, "a \(image.width) × \(image.height) JPEG with \(image.rgba.count) bytes")
    }
    if let inflated = try? Inflate.zlib(bytes, limit: 1 << 16) {
        precondition(inflated.count <= 1 << 16, "inflated past the limit")
    }
    return 0
}
