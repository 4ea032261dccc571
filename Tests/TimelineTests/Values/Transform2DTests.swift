import Foundation
import Testing
import Timeline

@Suite("Transform2D")
struct Transform2DTests {
    // MARK: Recomposition

    @Test("a point is scaled, then skewed, then rotated, then translated")
    func applyingOrder() {
        let t = Transform2D(translation: Point(x: 5, y: 6), rotation: .degrees(90), scaleX: 2,
            scaleY: 3)
        // (1, 0) -> scale (2, 0) -> rotate (0, 2) -> translate (5, 8).
        expectValue(t.applying(to: Point(x: 1, y: 0)), near: Point(x: 5, y: 8))
        // (0, 1) -> scale (0, 3) -> rotate (-3, 0) -> translate (2, 6).
        expectValue(t.applying(to: Point(x: 0, y: 1)), near: Point(x: 2, y: 6))
        // (0, 1) -> scale (0, 2) -> skew 0.5 -> (1, 2).
        let skewed = Transform2D(scaleY: 2, skew: 0.5)
        expectValue(skewed.applying(to: Point(x: 0, y: 1)), near: Point(x: 1, y: 2))
    }

    @Test("matrix is translate · rotate · skewX · scale, as in CSS function order")
    func matrixIsTheCSSProduct() {
        var random = ValuesTestRandom(seed: 6)
        for _ in 0..<300 {
            let t = Transform2D(
                translation: Point(x: random.double(in: -100...100),
                    y: random.double(in: -100...100)),
                rotation: .radians(random.double(in: -10...10)), scaleX: random.double(in: -5...5),
                scaleY: random.double(in: -5...5), skew: random.double(in: -3...3))
            let product = AffineMatrix.translation(x: t.translation.x, y: t.translation.y)
                * AffineMatrix.rotation(t.rotation) * AffineMatrix.skew(t.skew)
                * AffineMatrix.scale(x: t.scaleX, y: t.scaleY)
            expectMatrix(t.matrix, near: product, tolerance: 1e-12)
        }
        #expect(Transform2D.identity.matrix == .identity)
    }

    // MARK: Interpolation

    @Test("halfway from the identity to a half turn is a quarter turn at full size")
    func halfTurnMidpoint() throws {
        let end = Transform2D(rotation: .degrees(180))
        let middle = Transform2D.identity.interpolated(to: end, fraction: 0.5)
        #expect(middle.rotation.degrees == 90)
        #expect(middle.scaleX == 1 && middle.scaleY == 1 && middle.skew == 0)
        expectMatrix(middle.matrix, near: AffineMatrix(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0),
            tolerance: 1e-15)
        expectValue(middle.matrix.determinant, near: 1, tolerance: 1e-15)

        // The same from matrices: decompose the half-turn matrix, then interpolate.
        let halfTurn = try Transform2D(matrix: AffineMatrix(a: -1, b: 0, c: 0, d: -1, tx: 0, ty: 0))
        let fromMatrix = Transform2D.identity.interpolated(to: halfTurn, fraction: 0.5)
        expectValue(abs(fromMatrix.rotation.degrees), near: 90, tolerance: 1e-12)
        expectValue(fromMatrix.scaleX, near: 1, tolerance: 1e-15)
        expectValue(fromMatrix.scaleY, near: 1, tolerance: 1e-15)
        expectValue(fromMatrix.matrix.determinant, near: 1, tolerance: 1e-15)
        // Lerping the matrix entries instead would collapse: (I + (-I)) / 2 is the zero matrix.
    }

    @Test("the rotation stays a rotation (determinant 1) all the way through a half turn")
    func noCollapse() {
        let end = Transform2D(rotation: .degrees(180))
        for step in 0...20 {
            let t = Transform2D.identity.interpolated(to: end, fraction: Double(step) / 20)
            expectValue(t.matrix.determinant, near: 1, tolerance: 1e-15)
            expectValue(t.rotation.degrees, near: 9 * Double(step), tolerance: 1e-12)
        }
    }

    @Test("parts interpolate independently")
    func partsInterpolate() {
        let from = Transform2D(translation: .zero, rotation: .zero, scaleX: 1, scaleY: 2, skew: 0)
        let to = Transform2D(translation: Point(x: 100, y: 50), rotation: .degrees(90),
            scaleX: 3, scaleY: 0, skew: 1)
        let t = from.interpolated(to: to, fraction: 0.25)
        #expect(t.translation == Point(x: 25, y: 12.5))
        expectValue(t.rotation.degrees, near: 22.5)
        #expect(t.scaleX == 1.5 && t.scaleY == 1.5 && t.skew == 0.25)
    }

    @Test("vector-space axioms")
    func axioms() {
        var random = ValuesTestRandom(seed: 7)
        func transform() -> Transform2D {
            Transform2D(
                translation: Point(x: random.double(in: -100...100),
                    y: random.double(in: -100...100)),
                rotation: .radians(random.double(in: -7...7)), scaleX: random.double(in: -3...3),
                scaleY: random.double(in: -3...3), skew: random.double(in: -2...2))
        }
        for _ in 0..<200 {
            expectVectorSpaceAxioms(
                transform(), transform(), transform(), random.double(in: -3...3),
                random.double(in: -3...3))
        }
        let t = Transform2D(translation: Point(x: 3, y: 4), rotation: .radians(1), scaleX: 2,
            scaleY: -1, skew: 0.5)
        #expect(t.magnitudeSquared == 9 + 16 + 1 + 4 + 1 + 0.25)
        #expect(Transform2D.zero.scaleX == 0 && Transform2D.identity.scaleX == 1)
    }

    // MARK: Decomposition

    @Test("decomposition round trip: matrix -> parts -> matrix to 1e-12")
    func roundTrip() throws {
        var random = ValuesTestRandom(seed: 8)
        var checked = 0, mirrored = 0
        var worst = 0.0
        while checked < 5000 {
            let m = randomMatrix(&random, range: 5)
            guard abs(m.determinant) > 0.01 else { continue }  // non-degenerate
            checked += 1
            if m.determinant < 0 { mirrored += 1 }
            let t = try Transform2D(matrix: m)
            #expect(abs(t.rotation.radians) <= Double.pi)
            worst = max(worst, largestEntryDifference(t.matrix, m))
        }
        #expect(worst <= 1e-12, "worst entry error \(worst)")
        #expect(mirrored > 1000)  // both signs of determinant were exercised
    }

    @Test("decomposition recovers parts that built the matrix")
    func recoversParts() throws {
        var random = ValuesTestRandom(seed: 9)
        for _ in 0..<1000 {
            let parts = Transform2D(
                translation: Point(x: random.double(in: -100...100),
                    y: random.double(in: -100...100)),
                rotation: .radians(random.double(in: -3.1...3.1)),
                scaleX: random.double(in: 0.1...5),
                scaleY: random.double(in: 0.1...5), skew: random.double(in: -3...3))
            let t = try Transform2D(matrix: parts.matrix)
            expectValue(t, near: parts, tolerance: 1e-11)
        }
    }

    @Test("published unmatrix example: rotate 60°, skewX 20°, scale 2")
    func publishedExample() throws {
        // matrix(1, 1.7320508075688772, -1.3680805733026749, 1.6304149381918094, 400, 200)
        // decomposes to translate(400, 200) rotate(60deg) skew(20deg) scale(2, 2)
        // (the unmatrix package's README, which implements the CSS algorithm).
        let t = try Transform2D(
            matrix: AffineMatrix(
                a: 1, b: 1.7320508075688772, c: -1.3680805733026749, d: 1.6304149381918094,
                tx: 400, ty: 200))
        #expect(t.translation == Point(x: 400, y: 200))
        expectValue(t.rotation.degrees, near: 60, tolerance: 1e-12)
        expectValue(t.skewAngle.degrees, near: 20, tolerance: 1e-9)
        expectValue(t.scaleX, near: 2, tolerance: 1e-15)
        expectValue(t.scaleY, near: 2, tolerance: 1e-9)
    }

    @Test(
        "a mirror negates the x scale when a < d and the y scale otherwise (CSS)",
        arguments: [
            (AffineMatrix.scale(x: -1, y: 1), -1.0, 1.0, 0.0),
            (AffineMatrix.scale(x: 1, y: -1), 1.0, -1.0, 0.0),
            (AffineMatrix.scale(x: -2, y: 3), -2.0, 3.0, 0.0),
            (AffineMatrix.scale(x: 3, y: -0.5), 3.0, -0.5, 0.0),
        ])
    func mirrors(matrix: AffineMatrix, scaleX: Double, scaleY: Double, rotation: Double) throws {
        let t = try Transform2D(matrix: matrix)
        #expect(t.scaleX == scaleX && t.scaleY == scaleY)
        #expect(t.rotation.radians == rotation && t.skew == 0)
    }

    @Test("singular matrices with a zero scale decompose exactly")
    func representableSingular() throws {
        let collapsed = try Transform2D(matrix: AffineMatrix(a: 0, b: 0, c: 0, d: 0, tx: 7, ty: 8))
        #expect(collapsed == Transform2D(translation: Point(x: 7, y: 8), scaleX: 0, scaleY: 0))
        let onlyY = AffineMatrix.rotation(.degrees(30)) * .scale(x: 0, y: 2)
        let t = try Transform2D(matrix: onlyY)
        expectValue(t.rotation.degrees, near: 30, tolerance: 1e-12)
        #expect(t.scaleX == 0)
        expectValue(t.scaleY, near: 2, tolerance: 1e-15)
        expectMatrix(t.matrix, near: onlyY, tolerance: 1e-15)
        let onlyX = AffineMatrix.rotation(.degrees(-120)) * .scale(x: 4, y: 0)
        let u = try Transform2D(matrix: onlyX)
        expectValue(u.rotation.degrees, near: -120, tolerance: 1e-12)
        #expect(u.scaleY == 0)
        expectMatrix(u.matrix, near: onlyX, tolerance: 1e-14)
    }

    @Test(
        "hostile matrices throw a typed error naming the problem",
        arguments: [
            (AffineMatrix(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0),
                Transform2DError.notDecomposable(determinant: 0)),
            (AffineMatrix(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0), .nonFiniteEntry("a")),
            (AffineMatrix(a: 1, b: 0, c: .infinity, d: 1, tx: 0, ty: 0), .nonFiniteEntry("c")),
            (AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: -.infinity), .nonFiniteEntry("ty")),
            (AffineMatrix(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0),
                .notDecomposable(determinant: .infinity)),
        ])
    func hostileMatrices(matrix: AffineMatrix, expected: Transform2DError) {
        #expect(throws: expected) { try Transform2D(matrix: matrix) }
    }

    @Test("error descriptions say what is wrong")
    func errorDescriptions() {
        #expect(
            Transform2DError.nonFiniteEntry("tx").description
                == "matrix entry 'tx' must be a finite number")
        #expect(Transform2DError.notDecomposable(determinant: 0).description.contains("singular"))
        let overflow = Transform2DError.notDecomposable(determinant: .infinity)
        #expect(overflow.description.contains("inf"))
    }

    @Test("NaN parts make isFinite false")
    func nonFiniteParts() {
        #expect(!Transform2D(rotation: .radians(.nan)).isFinite)
        #expect(!Transform2D(translation: Point(x: .infinity, y: 0)).isFinite)
        #expect(!Transform2D(scaleX: .nan).isFinite)
        #expect(!Transform2D(skew: -.infinity).isFinite)
        #expect(Transform2D.identity.isFinite)
    }

    // MARK: Short way round

    @Test("equivalent(nearestTo:) keeps the matrix and takes the short way round")
    func shortWay() {
        let start = Transform2D(rotation: .degrees(170))
        let end = Transform2D(rotation: .degrees(-170)).equivalent(nearestTo: start)
        expectValue(end.rotation.degrees, near: 190, tolerance: 1e-12)
        expectMatrix(end.matrix, near: Transform2D(rotation: .degrees(-170)).matrix,
            tolerance: 1e-15)

        var random = ValuesTestRandom(seed: 10)
        for _ in 0..<500 {
            let a = Transform2D(rotation: .radians(random.double(in: -20...20)),
                scaleX: random.double(in: -2...2))
            let b = Transform2D(rotation: .radians(random.double(in: -20...20)),
                scaleY: random.double(in: -2...2))
            let near = a.equivalent(nearestTo: b)
            expectMatrix(near.matrix, near: a.matrix, tolerance: 1e-12)
            #expect(abs(near.rotation.radians - b.rotation.radians) <= Double.pi + 1e-12)
        }
    }

    @Test("equivalent(nearestTo:) unflips an x mirror against a y mirror")
    func unflip() {
        let mirrorX = Transform2D(scaleX: -1)
        let mirrorY = Transform2D(scaleY: -1)
        let adjusted = mirrorX.equivalent(nearestTo: mirrorY)
        #expect(adjusted.scaleX == 1 && adjusted.scaleY == -1)
        expectValue(abs(adjusted.rotation.degrees), near: 180, tolerance: 1e-12)
        expectMatrix(adjusted.matrix, near: mirrorX.matrix, tolerance: 1e-15)
    }

    // MARK: Builders and conveniences

    @Test("builders adjust one part each")
    func builders() {
        let t = Transform2D(translation: Point(x: 1, y: 2), rotation: .degrees(10), scaleX: 2,
            scaleY: 3, skew: 0.5)
        #expect(t.translated(by: Point(x: 3, y: -2)).translation == Point(x: 4, y: 0))
        expectValue(t.rotated(by: .degrees(20)).rotation.degrees, near: 30, tolerance: 1e-12)
        let scaled = t.scaled(x: 2, y: 0.5)
        #expect(scaled.scaleX == 4 && scaled.scaleY == 1.5 && scaled.translation == t.translation)
        #expect(t.skewed(by: 0.25).skew == 0.75)
        // Geometric meanings: rotation about the transform's origin, scaling along its own axes.
        let p = Point(x: 0.7, y: -1.3)
        let turned = AffineMatrix.translation(x: 1, y: 2) * .rotation(.degrees(20))
            * .translation(x: -1, y: -2) * t.matrix
        expectValue(t.rotated(by: .degrees(20)).applying(to: p), near: turned.applying(to: p),
            tolerance: 1e-12)
        expectMatrix(scaled.matrix, near: t.matrix * .scale(x: 2, y: 0.5), tolerance: 1e-12)
        let unscale = AffineMatrix.scale(x: 0.5, y: 1.0 / 3)
        expectMatrix(
            t.skewed(by: 0.25).matrix, near: t.matrix * unscale * .skew(0.25) * .scale(x: 2, y: 3),
            tolerance: 1e-12)
    }

    @Test("uniform-scale initialiser and skew angle")
    func conveniences() {
        let t = Transform2D(scale: 2)
        #expect(t.scaleX == 2 && t.scaleY == 2 && t.translation == .zero)
        #expect(Transform2D(skew: 1).skewAngle.degrees == 45)
        var u = Transform2D.identity
        u.skewAngle = .degrees(30)
        expectValue(u.skew, near: 1 / 3.0.squareRoot(), tolerance: 1e-15)  // tan 30° = 1/√3
        #expect(
            Transform2D(translation: Point(x: 10, y: 0), rotation: .degrees(90)).description
                == "translate(10.0, 0.0) rotate(90.0deg) skewX(0.0deg) scale(1.0, 1.0)")
    }

    @Test("JSON round trip is exact")
    func codable() throws {
        let t = Transform2D(translation: Point(x: 0.1, y: 0.2), rotation: .radians(0.3),
            scaleX: 1.5, scaleY: -2, skew: 0.7)
        #expect(try JSONDecoder().decode(Transform2D.self, from: JSONEncoder().encode(t)) == t)
    }
}
