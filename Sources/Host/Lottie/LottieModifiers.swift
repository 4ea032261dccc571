/// Rounded corners (`rd`) as lottie-web applies them (its `RoundCornersModifier`): every sharp
/// vertex (both control points on it) of the outlines it reaches becomes two, `min(r, side / 2)`
/// back along each side, joined by a cubic whose handles are 0.5519 of the way to the corner;
/// an open outline's ends stay. It reaches outlines as a trim does (``LottieTrim``).
struct LottieRoundCorners: Sendable {
    /// The radius, in the outline's units.
    var radius: LottieProperty
    /// The outlines it reaches, by ``LottieDrawing/Outline/id``.
    var outlines: [Int] = []

    /// lottie-web's constant for the handles (its `roundCorner`).
    static let handle = 0.5519

    /// Applies the rounding at a frame to the outlines it reaches.
    func apply(to paths: inout [[LottieTrim.ShapePath]], at frame: Double, offset: Double) {
        let round = radius.value(at: frame, offset: offset).first ?? 0
        guard round != 0, round.isFinite else { return }
        for id in outlines {
            paths[id] = paths[id].map { Self.rounded($0, round) }
        }
    }

    /// One sub-path with its sharp corners rounded.
    static func rounded(_ path: LottieTrim.ShapePath, _ round: Double) -> LottieTrim.ShapePath {
        var result = LottieTrim.ShapePath()
        result.closed = path.closed
        let count = path.count
        var index = 0
        func add(_ v: (Double, Double), out o: (Double, Double), in i: (Double, Double)) {
            result.set(index, 0, v)
            result.set(index, 4, o)
            result.set(index, 2, i)
            index += 1
        }
        for k in 0..<count {
            let v = path.point(k, 0), o = path.point(k, 4), i = path.point(k, 2)
            guard v == o && v == i else {
                add(v, out: o, in: i)
                continue
            }
            if (k == 0 || k == count - 1) && !path.closed {
                add(v, out: o, in: i)
                continue
            }
            // Towards the vertex before, then towards the one after.
            let before = path.point(k == 0 ? count - 1 : k - 1, 0)
            var distance = ((v.0 - before.0) * (v.0 - before.0) + (v.1 - before.1) * (v.1 - before.1)).squareRoot()
            var share = distance != 0 ? min(distance / 2, round) / distance : 0
            let first = (v.0 + (before.0 - v.0) * share, v.1 - (v.1 - before.1) * share)
            add(first, out: (first.0 - (first.0 - v.0) * handle, first.1 - (first.1 - v.1) * handle), in: first)
            let after = path.point(k == count - 1 ? 0 : k + 1, 0)
            distance = ((v.0 - after.0) * (v.0 - after.0) + (v.1 - after.1) * (v.1 - after.1)).squareRoot()
            share = distance != 0 ? min(distance / 2, round) / distance : 0
            let second = (v.0 + (after.0 - v.0) * share, v.1 + (after.1 - v.1) * share)
            add(second, out: second, in: (second.0 - (second.0 - v.0) * handle, second.1 - (second.1 - v.1) * handle))
        }
        return result
    }
}

/// A shape modifier lottie-web applies to a layer's outlines, in its order.
enum LottieModifier: Sendable {
    case trim(LottieTrim)
    case roundCorners(LottieRoundCorners)
    case puckerBloat(LottiePuckerBloat)
    case zigZag(LottieZigZag)

    /// The outlines it reaches.
    var outlines: [Int] {
        switch self {
        case .trim(let trim): trim.outlines
        case .roundCorners(let rounding): rounding.outlines
        case .puckerBloat(let deformer): deformer.outlines
        case .zigZag(let deformer): deformer.outlines
        }
    }

    /// Records that it reaches an outline.
    mutating func reach(_ id: Int) {
        switch self {
        case .trim(var trim):
            trim.outlines.append(id)
            self = .trim(trim)
        case .roundCorners(var rounding):
            rounding.outlines.append(id)
            self = .roundCorners(rounding)
        case .puckerBloat(var deformer):
            deformer.outlines.append(id)
            self = .puckerBloat(deformer)
        case .zigZag(var deformer):
            deformer.outlines.append(id)
            self = .zigZag(deformer)
        }
    }

    /// Applies it at a frame.
    func apply(to paths: inout [[LottieTrim.ShapePath]], at frame: Double, offset: Double) {
        switch self {
        case .trim(let trim): trim.apply(to: &paths, at: frame, offset: offset)
        case .roundCorners(let rounding): rounding.apply(to: &paths, at: frame, offset: offset)
        case .puckerBloat(let deformer): deformer.apply(to: &paths, at: frame, offset: offset)
        case .zigZag(let deformer): deformer.apply(to: &paths, at: frame, offset: offset)
        }
    }
}
