public import Timeline
import TimelinePlugins

/// A vector of any length: the value type of a document's vector tracks while they are validated.
///
/// Documents evaluate vectors one component at a time (each component is a scalar track), so this
/// type's arithmetic, which allocates, never runs per frame.
public struct VectorValue: Animatable, Hashable {
    /// The components.
    public var numbers: [Double]

    /// Creates a vector.
    public init(_ numbers: [Double]) {
        self.numbers = numbers
    }

    /// The empty vector; adding it to any vector gives that vector.
    public static let zero = VectorValue([])

    /// Adds component by component (a missing component counts as 0).
    public static func + (lhs: VectorValue, rhs: VectorValue) -> VectorValue {
        let count = max(lhs.numbers.count, rhs.numbers.count)
        return VectorValue((0..<count).map { lhs.component($0) + rhs.component($0) })
    }

    /// Subtracts component by component (a missing component counts as 0).
    public static func - (lhs: VectorValue, rhs: VectorValue) -> VectorValue {
        let count = max(lhs.numbers.count, rhs.numbers.count)
        return VectorValue((0..<count).map { lhs.component($0) - rhs.component($0) })
    }

    /// Multiplies every component.
    public func scaled(by factor: Double) -> VectorValue { VectorValue(numbers.map { $0 * factor }) }

    /// The sum of the squared components.
    public var magnitudeSquared: Double { numbers.reduce(0) { $0 + $1 * $1 } }

    /// Whether every component is finite.
    public var isFinite: Bool { numbers.allSatisfy(\.isFinite) }

    /// Component `index`, or 0 past the end (the empty vector is zero of any width).
    func component(_ index: Int) -> Double { index < numbers.count ? numbers[index] : 0 }
}
