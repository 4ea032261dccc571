import Foundation
import Testing
import Timeline

@Suite("AffineMatrix")
struct AffineMatrixTests {
    @Test("applying uses x' = a·x + c·y + tx, y' = b·x + d·y + ty")
    func applying() {
        let m = AffineMatrix(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        // (1·7 + 3·8 + 5, 2·7 + 4·8 + 6) = (36, 52).
        #expect(m.applying(to: Point(x: 7, y: 8)) == Point(x: 36, y: 52))
        #expect(AffineMatrix.identity.applying(to: Point(x: -3, y: 9)) == Point(x: -3, y: 9))
        #expect(m.determinant == -2)
    }

    @Test("the builders move points as CSS's translate, rotate, scale and skewX do")
    func builders() {
        let one = Point(x: 1, y: 1)
        #expect(AffineMatrix.translation(x: 3, y: -4).applying(to: one) == Point(x: 4, y: -3))
        #expect(AffineMatrix.scale(x: 2, y: 3).applying(to: one) == Point(x: 2, y: 3))
        #expect(AffineMatrix.skew(0.5).applying(to: Point(x: 0, y: 2)) == Point(x: 1, y: 2))
        // A positive quarter turn takes the x axis to the y axis.
        expectValue(AffineMatrix.rotation(.degrees(90)).applying(to: Point(x: 1, y: 0)),
            near: Point(x: 0, y: 1))
        // rotate(30°) takes (2, 0) to (2 cos 30°, 2 sin 30°) = (√3, 1).
        expectValue(
            AffineMatrix.rotation(.degrees(30)).applying(to: Point(x: 2, y: 0)),
            near: Point(x: 3.0.squareRoot(), y: 1), tolerance: 1e-15)
    }

    @Test("lhs * rhs applies rhs first; concatenating applies self first")
    func composition() {
        let move = AffineMatrix.translation(x: 10, y: 0)
        let turn = AffineMatrix.rotation(.degrees(90))
        expectValue((move * turn).applying(to: Point(x: 1, y: 0)), near: Point(x: 10, y: 1))
        expectValue((turn * move).applying(to: Point(x: 1, y: 0)), near: Point(x: 0, y: 11))
        expectValue(
            move.concatenating(turn).applying(to: Point(x: 1, y: 0)), near: Point(x: 0, y: 11))

        var random = ValuesTestRandom(seed: 4)
        for _ in 0..<500 {
            let m = randomMatrix(&random), n = randomMatrix(&random)
            let p = Point(x: random.double(in: -50...50), y: random.double(in: -50...50))
            // Composition is applying one after the other.
            expectValue((m * n).applying(to: p), near: m.applying(to: n.applying(to: p)),
                tolerance: 1e-9)
            expectValue(m.concatenating(n).applying(to: p),
                near: n.applying(to: m.applying(to: p)), tolerance: 1e-9)
            #expect(m * .identity == m && AffineMatrix.identity * m == m)
        }
    }

    @Test("inverted() undoes the transform")
    func inverse() throws {
        #expect(AffineMatrix.scale(x: 2, y: 4).inverted() == .scale(x: 0.5, y: 0.25))
        #expect(AffineMatrix.translation(x: 3, y: -4).inverted() == .translation(x: -3, y: 4))
        var random = ValuesTestRandom(seed: 5)
        for _ in 0..<500 {
            let m = randomMatrix(&random)
            guard abs(m.determinant) > 0.5 else { continue }
            let inverse = try #require(m.inverted())
            expectMatrix(inverse * m, near: .identity, tolerance: 1e-12)
            expectMatrix(m * inverse, near: .identity, tolerance: 1e-12)
        }
    }

    @Test(
        "singular, non-finite and overflowing matrices have no inverse",
        arguments: [
            AffineMatrix(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),  // columns parallel
            AffineMatrix(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1),
            // The determinant underflows to 0.
            AffineMatrix(a: 1e-200, b: 0, c: 0, d: 1e-200, tx: 0, ty: 0),
            // The determinant is about 1e-300, so an entry of the inverse overflows.
            AffineMatrix(a: 0x1p-1030, b: 0, c: 0, d: 1e10, tx: 0, ty: 0),
            AffineMatrix(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
        ])
    func noInverse(matrix: AffineMatrix) {
        #expect(matrix.inverted() == nil)
    }

    @Test("isFinite, isIdentity and description")
    func properties() throws {
        #expect(AffineMatrix.identity.isIdentity)
        #expect(!AffineMatrix.translation(x: 0, y: 1e-300).isIdentity)
        #expect(!AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: .nan).isFinite)
        let m = AffineMatrix(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        #expect(m.description == "matrix(1.0, 2.0, 3.0, 4.0, 5.0, 6.0)")
        #expect(try JSONDecoder().decode(AffineMatrix.self, from: JSONEncoder().encode(m)) == m)
    }
}
