#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A Lottie (Bodymovin) animation's layers and their transforms, read from its JSON and evaluated
/// at any composition frame as lottie-web evaluates them (Docs/Lottie.md).
///
/// This first part reads the top-level layers of a composition: their transforms (anchor,
/// position, split position, scale, rotation, opacity, skew and skew axis), parenting and in and
/// out points, with keyframes (holds, per-dimension cubic easing, legacy end values, spatial
/// tangents). Files with features it does not read yet are refused with the feature and its JSON
/// path: expressions, precompositions, time remapping, stretch, 3D layers, auto-orient.
public struct LottieAnimation: Sendable {
    /// A layer's transform properties, in the file's units.
    struct Transform: Sendable {
        var anchor = LottieProperty(value: [0, 0, 0], keyframes: [])
        var position = LottieProperty(value: [0, 0, 0], keyframes: [])
        /// Split position (`"p": {"s": true, "x": …, "y": …}`).
        var positionX: LottieProperty?
        var positionY: LottieProperty?
        var scale = LottieProperty(value: [100, 100, 100], keyframes: [])
        var rotation = LottieProperty(value: [0], keyframes: [])
        var opacity = LottieProperty(value: [100], keyframes: [])
        var skew: LottieProperty?
        var skewAxis: LottieProperty?
    }

    /// One layer.
    struct Layer: Sendable {
        var name: String?
        var index: Int?
        var type: Int
        var parent: Int?
        var inPoint: Double
        var outPoint: Double
        var transform: Transform
    }

    /// Frames per second.
    public let frameRate: Double
    /// The first frame.
    public let inPoint: Double
    /// The frame after the last.
    public let outPoint: Double
    let layers: [Layer]

    /// Reads an animation.
    ///
    /// - Parameters:
    ///   - text: The file's JSON.
    ///   - file: Its name, for errors.
    /// - Throws: ``DocumentError`` naming the JSON path of the first problem or unsupported feature.
    public init(parsing text: String, file: String? = nil) throws(DocumentErrors) {
        func fail(_ error: DocumentError) -> DocumentErrors {
            var error = error
            error.file = file
            return DocumentErrors(errors: [error])
        }
        let root: JSONValue
        do { root = try JSONParser.parse(text) } catch {
            throw fail(DocumentError(path: "$", message: "invalid JSON: \(error)"))
        }
        do throws(DocumentError) {
            let cursor = JSONCursor(root)
            _ = try cursor.object()
            frameRate = try Self.positive(try cursor.required("fr"))
            inPoint = try Self.finite(try cursor.required("ip"))
            outPoint = try Self.finite(try cursor.required("op"))
            guard outPoint > inPoint else { throw try cursor.required("op").error("op must be greater than ip") }
            if let ddd = cursor.child("ddd"), try ddd.number() == 1 {
                throw ddd.error("3D compositions (ddd 1) are not supported yet")
            }
            var layers: [Layer] = []
            for layer in try cursor.required("layers").array() { layers.append(try Self.layer(layer)) }
            self.layers = layers
        } catch {
            throw fail(error)
        }
    }

    private static func finite(_ cursor: JSONCursor) throws(DocumentError) -> Double {
        let value = try cursor.number()
        guard value.isFinite else { throw cursor.error("expected a finite number") }
        return value
    }

    /// A whole number that fits an `Int` exactly (`ty`, `ind`, `parent`).
    private static func integer(_ cursor: JSONCursor) throws(DocumentError) -> Int {
        let value = try finite(cursor)
        guard value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else {
            throw cursor.error("expected a whole number, found \(value)")
        }
        return Int(value)
    }

    private static func positive(_ cursor: JSONCursor) throws(DocumentError) -> Double {
        let value = try finite(cursor)
        guard value > 0 else { throw cursor.error("expected a number greater than 0") }
        return value
    }

    private static func layer(_ cursor: JSONCursor) throws(DocumentError) -> Layer {
        _ = try cursor.object()
        let type = try integer(try cursor.required("ty"))
        if type == 0 { throw cursor.child("ty")!.error("precomposition layers (ty 0) are not supported yet") }
        if type == 13 { throw cursor.child("ty")!.error("camera layers (ty 13) are not supported") }
        if let tm = cursor.child("tm") { throw tm.error("time remapping (tm) is not supported yet") }
        if let sr = cursor.child("sr"), try finite(sr) != 1 { throw sr.error("time stretch (sr other than 1) is not supported yet") }
        if let ddd = cursor.child("ddd"), try ddd.number() == 1 { throw ddd.error("3D layers (ddd 1) are not supported yet") }
        if let ao = cursor.child("ao"), try ao.number() == 1 { throw ao.error("auto-orient (ao 1) is not supported yet") }
        var transform = Transform()
        if let ks = cursor.child("ks") {
            _ = try ks.object()
            if let a = ks.child("a") { transform.anchor = try property(a) }
            if let p = ks.child("p") {
                if case .object = p.value, let split = p.child("s"), case .bool(true) = split.value {
                    transform.positionX = try property(try p.required("x"))
                    transform.positionY = try property(try p.required("y"))
                    if let z = p.child("z") { throw z.error("a split position's z is not supported yet") }
                } else {
                    transform.position = try property(p)
                }
            }
            if let s = ks.child("s") { transform.scale = try property(s) }
            if let r = ks.child("r") { transform.rotation = try property(r) }
            if let rz = ks.child("rz") { throw rz.error("3D rotation (rz) is not supported yet") }
            if let o = ks.child("o") { transform.opacity = try property(o) }
            if let sk = ks.child("sk") { transform.skew = try property(sk) }
            if let sa = ks.child("sa") { transform.skewAxis = try property(sa) }
        }
        return Layer(
            name: try cursor.child("nm").map { cursor throws(DocumentError) in try cursor.string() },
            index: try cursor.child("ind").map { cursor throws(DocumentError) in try integer(cursor) },
            type: type,
            parent: try cursor.child("parent").map { cursor throws(DocumentError) in try integer(cursor) },
            inPoint: try finite(try cursor.required("ip")), outPoint: try finite(try cursor.required("op")),
            transform: transform)
    }

    /// A number or an array of numbers.
    private static func numbers(_ cursor: JSONCursor) throws(DocumentError) -> [Double] {
        switch cursor.value {
        case .number: return [try finite(cursor)]
        case .array: return try cursor.array().map { item throws(DocumentError) in try finite(item) }
        default: throw cursor.error("expected a number or an array of numbers, found \(cursor.value.typeName)")
        }
    }

    /// `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`.
    private static func property(_ cursor: JSONCursor) throws(DocumentError) -> LottieProperty {
        _ = try cursor.object()
        if let expression = cursor.child("x") { throw expression.error("expressions are not supported") }
        let k = try cursor.required("k")
        let animated = try cursor.child("a").map { cursor throws(DocumentError) in try cursor.number() == 1 } ?? false
        // Some exporters omit "a": keyframes are an array of objects with "t".
        let isKeyframes: Bool
        if case .array(let items) = k.value, let first = items.first, case .object = first, first["t"] != nil {
            isKeyframes = true
        } else {
            isKeyframes = false
        }
        guard animated || isKeyframes else { return LottieProperty(value: try numbers(k), keyframes: []) }
        var keyframes: [LottieProperty.Keyframe] = []
        for item in try k.array() {
            _ = try item.object()
            let time = try finite(try item.required("t"))
            if let previous = keyframes.last, time < previous.time {
                throw item.child("t")!.error("keyframe times must not decrease (\(time) after \(previous.time))")
            }
            var keyframe = LottieProperty.Keyframe(
                time: time, start: try item.child("s").map(numbers), end: try item.child("e").map(numbers),
                hold: try item.child("h").map { cursor throws(DocumentError) in try cursor.number() == 1 } ?? false,
                easing: [], outTangent: try item.child("to").map(numbers), inTangent: try item.child("ti").map(numbers))
            if let o = item.child("o"), let i = item.child("i") {
                let ox = try numbers(try o.required("x")), oy = try numbers(try o.required("y"))
                let ix = try numbers(try i.required("x")), iy = try numbers(try i.required("y"))
                guard !ox.isEmpty, !oy.isEmpty, !ix.isEmpty, !iy.isEmpty else {
                    throw item.error("an easing handle (\"o\" and \"i\", \"x\" and \"y\") needs at least one number")
                }
                let count = max(ox.count, oy.count, ix.count, iy.count)
                keyframe.easing = (0..<count).map { d in
                    func pick(_ values: [Double]) -> Double { d < values.count ? values[d] : values[0] }
                    // lottie-web's BezierEasing: x outside 0...1 is not meaningful (clamped here),
                    // and a curve with x1 = y1 and x2 = y2 is the identity, exactly.
                    let x1 = min(max(pick(ox), 0), 1), x2 = min(max(pick(ix), 0), 1)
                    if x1 == pick(oy), x2 == pick(iy) { return nil }
                    return try? CubicBezierTiming(x1, pick(oy), x2, pick(iy))
                }
            }
            keyframes.append(keyframe)
        }
        guard !keyframes.isEmpty else { throw k.error("an animated property needs at least one keyframe") }
        return LottieProperty(value: keyframes[0].start ?? [0], keyframes: keyframes)
    }
}
