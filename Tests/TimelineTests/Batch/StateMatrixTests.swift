import Testing
import Timeline

@Suite("StateMatrix")
struct StateMatrixTests {
    /// | 1 2 |
    /// | 3 4 |
    static let a = StateMatrix(
        displacementFromDisplacement: 1, displacementFromVelocity: 2,
        velocityFromDisplacement: 3, velocityFromVelocity: 4)
    /// A quarter turn: | 0 1 |
    ///                 | -1 0 |
    static let b = StateMatrix(
        displacementFromDisplacement: 0, displacementFromVelocity: 1,
        velocityFromDisplacement: -1, velocityFromVelocity: 0)

    @Test("applied, followed(by:), trace and determinant against a hand-computed example")
    func handComputed() {
        let state = Self.a.applied(toDisplacement: 5, velocity: 6)
        #expect(state.displacement == 17 && state.velocity == 39)   // (1·5 + 2·6, 3·5 + 4·6)

        // followed(by:) is b · a, not a · b.
        #expect(
            Self.a.followed(by: Self.b)
                == StateMatrix(
                    displacementFromDisplacement: 3, displacementFromVelocity: 4,
                    velocityFromDisplacement: -1, velocityFromVelocity: -2))
        #expect(
            Self.b.followed(by: Self.a)
                == StateMatrix(
                    displacementFromDisplacement: -2, displacementFromVelocity: 1,
                    velocityFromDisplacement: -4, velocityFromVelocity: 3))
        #expect(Self.a.followed(by: .identity) == Self.a && StateMatrix.identity.followed(by: Self.a) == Self.a)
        #expect(Self.a.trace == 5 && Self.a.determinant == -2)
        #expect(Self.a.maximumMagnitude == 4 && Self.a.isFinite)
        var infinite = Self.a
        infinite.velocityFromDisplacement = .infinity
        #expect(!infinite.isFinite)
    }

    @Test("applied to an Animatable value acts on each component as on a Double")
    func appliedToVectors() {
        let state = Self.a.applied(toDisplacement: Point(x: 5, y: -1), velocity: Point(x: 6, y: 2))
        #expect(state.displacement == Point(x: 17, y: 3))   // (1·5 + 2·6, 1·(-1) + 2·2)
        #expect(state.velocity == Point(x: 39, y: 5))       // (3·5 + 4·6, 3·(-1) + 4·2)
        for (x, v) in [(0.1, -0.7), (-123.456, 9.75), (1e-300, 1e300)] {
            let scalar = Self.b.followed(by: Self.a).applied(toDisplacement: x, velocity: v)
            let vector = Self.b.followed(by: Self.a).applied(toDisplacement: Point(x: x, y: 0), velocity: Point(x: v, y: 0))
            #expect(vector.displacement.x == scalar.displacement && vector.velocity.x == scalar.velocity)
        }
    }
}
