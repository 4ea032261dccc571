/// An animatable value whose arithmetic acts on a fixed number of `Double` components one by
/// one, so that a track of such values is the same as one scalar track per component.
///
/// A ``ScalarTrackBank`` compiles tracks of these values into scalar lanes:
///
/// ```swift
/// let bank = try ScalarTrackBank(componentsOf: pointTracks)   // two lanes per track: x, y
/// var lanes = [Double](repeating: 0, count: bank.trackCount)
/// try bank.evaluate(at: 0.5, into: &lanes)
/// let point = Point(components: { lanes[2 * 7 + $0] })        // track 7
/// ```
///
/// ## Contract
/// - `+`, `-` and ``Animatable/scaled(by:)`` act on each component separately with the same
///   floating-point operation (`a + b`, `a - b`, `a * factor`), so that every segment kind gives
///   the same component values either way, bit for bit.
/// - ``init(components:)`` and ``component(_:)`` are inverse to each other.
///
/// Built in: `Double` (1 component), ``Point`` and ``Size`` (x, y; width, height), ``Rect``
/// (x, y, width, height), ``Angle`` (radians), `SIMD2/3/4<Double>`, and ``Color`` (its
/// premultiplied components, the space it interpolates in).
public protocol ComponentwiseAnimatable: Animatable {
    /// The number of components, at least 1.
    static var componentCount: Int { get }

    /// The component at `index`, in `0 ..< componentCount`.
    func component(_ index: Int) -> Double

    /// A value from its components, read by index.
    ///
    /// - Parameter components: Called with each index in `0 ..< componentCount`.
    init(components: (Int) -> Double)
}

extension Double: ComponentwiseAnimatable {
    /// 1.
    public static var componentCount: Int { 1 }
    /// The value itself.
    public func component(_ index: Int) -> Double { self }
    /// The value of component 0.
    public init(components: (Int) -> Double) { self = components(0) }
}

extension Angle: ComponentwiseAnimatable {
    /// 1: the angle in radians.
    public static var componentCount: Int { 1 }
    /// The angle in radians.
    public func component(_ index: Int) -> Double { radians }
    /// An angle of `components(0)` radians.
    public init(components: (Int) -> Double) { self.init(radians: components(0)) }
}

extension Point: ComponentwiseAnimatable {
    /// 2: x and y.
    public static var componentCount: Int { 2 }
    /// x for 0, y for 1.
    public func component(_ index: Int) -> Double { index == 0 ? x : y }
    /// A point from x (component 0) and y (component 1).
    public init(components: (Int) -> Double) { self.init(x: components(0), y: components(1)) }
}

extension Size: ComponentwiseAnimatable {
    /// 2: width and height.
    public static var componentCount: Int { 2 }
    /// The width for 0, the height for 1.
    public func component(_ index: Int) -> Double { index == 0 ? width : height }
    /// A size from its width (component 0) and height (component 1).
    public init(components: (Int) -> Double) {
        self.init(width: components(0), height: components(1))
    }
}

extension Rect: ComponentwiseAnimatable {
    /// 4: the origin's x and y, the size's width and height.
    public static var componentCount: Int { 4 }
    /// x, y, width, height for 0 to 3.
    public func component(_ index: Int) -> Double {
        switch index {
        case 0: origin.x
        case 1: origin.y
        case 2: size.width
        default: size.height
        }
    }
    /// A rectangle from x, y, width and height (components 0 to 3).
    public init(components: (Int) -> Double) {
        self.init(x: components(0), y: components(1), width: components(2), height: components(3))
    }
}

extension Color: ComponentwiseAnimatable {
    /// 4: the premultiplied components `(r·a, g·a, b·a, a)`.
    public static var componentCount: Int { 4 }
    /// The premultiplied component at `index`.
    public func component(_ index: Int) -> Double { premultiplied[index] }
    /// A colour from its premultiplied components.
    public init(components: (Int) -> Double) {
        self.init(premultiplied: SIMD4(components(0), components(1), components(2), components(3)))
    }
}

extension SIMD2: ComponentwiseAnimatable where Scalar == Double {
    /// 2.
    public static var componentCount: Int { 2 }
    /// The lane at `index`.
    public func component(_ index: Int) -> Double { self[index] }
    /// A vector from its lanes.
    public init(components: (Int) -> Double) { self.init(components(0), components(1)) }
}

extension SIMD3: ComponentwiseAnimatable where Scalar == Double {
    /// 3.
    public static var componentCount: Int { 3 }
    /// The lane at `index`.
    public func component(_ index: Int) -> Double { self[index] }
    /// A vector from its lanes.
    public init(components: (Int) -> Double) {
        self.init(components(0), components(1), components(2))
    }
}

extension SIMD4: ComponentwiseAnimatable where Scalar == Double {
    /// 4.
    public static var componentCount: Int { 4 }
    /// The lane at `index`.
    public func component(_ index: Int) -> Double { self[index] }
    /// A vector from its lanes.
    public init(components: (Int) -> Double) {
        self.init(components(0), components(1), components(2), components(3))
    }
}
