import Testing
@testable import Timeline
@testable import CadenceIO
@testable import CadenceRaster
@testable import CadenceHostCore

/// Image fills: Base64 against RFC 4648's examples, pixels sampled as worked out by hand, a
/// scene's JSON and SVG carrying the image, and a bound placement.
@Suite("Scene images")
struct SceneImageTests {
    /// A 2 × 1 PNG: opaque red, then opaque blue.
    static let png = PNGDecoderTests.file(width: 2, height: 1, depth: 8, color: 6, rows: [0, 255, 0, 0, 255, 0, 0, 255, 255])

    @Test("Base64 as RFC 4648 gives it: padding, and text that is not Base64 refused")
    func base64() {
        let examples = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in examples {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded[...]) == Array(plain.utf8))
        }
        #expect(Base64.decode("Zm9v\nYmFy"[...]) == Array("foobar".utf8))
        #expect(Base64.decode("Zm9v!"[...]) == nil && Base64.decode("Z"[...]) == nil && Base64.decode("Zg==Zg"[...]) == nil)
    }

    func layer(transform: AffineMatrix) throws -> SceneLayer {
        var layer = SceneLayer(name: "photo", shape: .rectangle(cornerRadius: 0), frame: Rect(x: 0, y: 0, width: 20, height: 10))
        layer.fillImage = SceneLayer.ImageFill(image: try SceneImage(png: Self.png), transform: transform)
        return layer
    }

    @Test("an image scaled ten times: its pixels' colours inside, a bilinear blend between their centres")
    func pixels() throws {
        let scene = Scene(size: Size(width: 20, height: 10), background: Color(red: 1, green: 1, blue: 1), layers: [try layer(transform: .scale(x: 10, y: 10))])
        let bound = try BoundScene(scene: scene, schema: FrameSchema([]))
        var rasterizer = try SceneRasterizer(scene: scene, size: .natural)
        let picture = rasterizer.picture(of: bound.layers(at: Frame(schema: FrameSchema([]))))
        // Pixel 2's centre, 2.5, is image u 0.25: before the first pixel's centre, held red.
        #expect([picture.pixel(x: 2, y: 5).red, picture.pixel(x: 2, y: 5).blue] == [255, 0])
        #expect([picture.pixel(x: 17, y: 5).red, picture.pixel(x: 17, y: 5).blue] == [0, 255])
        // Pixel 10's centre is u 1.05: 0.55 of the way from red's centre (0.5) to blue's (1.5);
        // the weight is 141/256, so red 255 × 115/256 and blue 255 × 141/256, rounded.
        let middle = picture.pixel(x: 10, y: 5)
        #expect(middle.red == 115 && middle.blue == 140 || middle.red == 115 && middle.blue == 141, "\(middle)")
        #expect(middle.alpha == 255 && middle.green == 0)
    }

    @Test("a scene's JSON carries the image as a data URI and reads it back; its SVG draws it clipped to the outline")
    func jsonAndSVG() throws {
        let layer = try layer(transform: AffineMatrix(a: 10, b: 0, c: 0, d: 10, tx: 0, ty: 0))
        let scene = Scene(size: Size(width: 20, height: 10), background: Color(red: 1, green: 1, blue: 1), layers: [layer])
        let read = try Scene(json: scene.jsonValue)
        #expect(read.layers[0].fillImage == layer.fillImage)
        #expect(layer.fillImage?.jsonValue["image"] == .string("data:image/png;base64," + Base64.encode(Self.png)))
        var svg = ""
        SceneSVGWriter.draw(try BoundScene(scene: scene, schema: FrameSchema([])).layers(at: Frame(schema: FrameSchema([]))), of: scene, prefix: "t", into: &svg)
        #expect(svg.contains("<image clip-path=\"url(#") && svg.contains("width=\"2\" height=\"1\"") && svg.contains("transform=\"matrix(10 0 0 10 0 0)\""))
        // A data URI that is not a PNG is an error that says where.
        let broken = JSONValue.object([
            ("size", .array([.number(20), .number(10)])),
            ("layers", .array([.object([
                ("name", .string("photo")), ("shape", .string("rect")), ("frame", .array([.number(0), .number(0), .number(20), .number(10)])),
                ("fill", .object([("image", .string("data:image/png;base64,AAAA"))])),
            ])])),
        ])
        #expect { try Scene(json: broken) } throws: { "\($0)".contains("layers[0].fill.image") && "\($0)".contains("signature") }
    }

    @Test("a bound placement moves the image frame by frame")
    func bound() throws {
        var layer = try layer(transform: .identity)
        layer.bind(.fillImage, to: "photo.image")
        let schema = FrameSchema([("photo.image", .vector(6))])
        let scene = Scene(size: Size(width: 20, height: 10), background: Color(red: 1, green: 1, blue: 1), layers: [layer])
        let bound = try BoundScene(scene: scene, schema: schema)
        var frame = Frame(schema: schema)
        for (index, number) in [10.0, 0, 0, 10, 0, 0].enumerated() { frame.numbers[index] = number }
        #expect(bound.layers(at: frame)[0].fillImage?.transform == AffineMatrix(a: 10, b: 0, c: 0, d: 10, tx: 0, ty: 0))
        let wrong = FrameSchema([("photo.image", .vector(5))])
        #expect(throws: (any Error).self) { try BoundScene(scene: scene, schema: wrong) }
    }
}
