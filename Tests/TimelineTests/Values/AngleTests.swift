import Foundation
import Testing
import Timeline

@Suite("Angle")
struct AngleTests {
    @Test("degrees and radians convert exactly at multiples of 45°")
    func exactConversions() {
        #expect(Angle.degrees(90).radians == Double.pi / 2)
        #expect(Angle.degrees(180).radians == Double.pi)
        #expect(Angle.degrees(-45).radians == -Double.pi / 4)
        #expect(Angle.radians(.pi).degrees == 180)
        #expect(Angle.radians(.pi / 2).degrees == 90)
        #expect(Angle(degrees: 360).radians == 2 * Double.pi)
    }

    @Test("one radian is 57.2957795130823208768 degrees")
    func oneRadian() {
        // 180 / π, to 21 significant digits.
        expectValue(Angle.radians(1).degrees, near: 57.2957795130823208768, tolerance: 1e-13)
        expectValue(Angle.degrees(1).radians, near: 0.0174532925199432957692, tolerance: 1e-18)
    }

    @Test("setting degrees sets radians")
    func settingDegrees() {
        var angle = Angle.zero
        angle.degrees = 270
        #expect(angle.radians == 1.5 * Double.pi)
    }

    @Test(
        "normalized() reduces into -180...180 by whole turns",
        arguments: [
            (270, -90), (-270, 90), (190, -170), (-190, 170), (720 + 30, 30), (-1080 - 60, -60),
            (45, 45), (180, 180), (-180, -180), (0, 0),
        ] as [(Double, Double)])
    func normalization(degrees: Double, expected: Double) {
        expectValue(Angle.degrees(degrees).normalized().degrees, near: expected, tolerance: 1e-9)
    }

    @Test("normalized() leaves non-finite angles alone")
    func normalizingNonFinite() {
        #expect(Angle.radians(.nan).normalized().radians.isNaN)
        #expect(Angle.radians(.infinity).normalized().radians == .infinity)
    }

    @Test("interpolation is linear in radians and is not wrapped")
    func interpolation() {
        let quarter = Angle.zero.interpolated(to: .degrees(90), fraction: 0.25)
        expectValue(quarter.degrees, near: 22.5, tolerance: 1e-12)
        // Two full turns interpolate through one full turn, not through zero.
        let half = Angle.zero.interpolated(to: .degrees(720), fraction: 0.5)
        expectValue(half.degrees, near: 360, tolerance: 1e-12)
    }

    @Test("vector-space axioms")
    func axioms() {
        var random = ValuesTestRandom(seed: 1)
        for _ in 0..<200 {
            let values = (0..<3).map { _ in Angle.radians(random.double(in: -10...10)) }
            expectVectorSpaceAxioms(
                values[0], values[1], values[2], random.double(in: -3...3),
                random.double(in: -3...3))
        }
    }

    @Test("ordering, hashing and negation")
    func ordering() {
        #expect(Angle.degrees(10) < .degrees(350))
        #expect(Angle.degrees(-10) < .zero)
        let sorted = [Angle.degrees(30), .degrees(-5), .degrees(10)].sorted()
        #expect(sorted == [.degrees(-5), .degrees(10), .degrees(30)])
        #expect(Set([Angle.radians(0), Angle.radians(-0.0)]).count == 1)
        #expect(-Angle.degrees(30) == .degrees(-30))
        #expect(Angle.degrees(90).magnitudeSquared == (Double.pi / 2) * (Double.pi / 2))
        #expect(Angle.degrees(90).description == "90.0°")
    }

    @Test("NaN and infinite angles are not finite")
    func hostile() {
        #expect(!Angle.radians(.nan).isFinite)
        #expect(!Angle.degrees(.infinity).isFinite)
        #expect(!Angle.degrees(-.infinity).isFinite)
        #expect(!(Angle.degrees(1).scaled(by: .nan)).isFinite)
        #expect(Angle.degrees(1e300).radians.isFinite)
    }

    @Test("JSON round trip is exact")
    func codable() throws {
        let angle = Angle.radians(0.1 + 0.2)
        let data = try JSONEncoder().encode(angle)
        #expect(String(decoding: data, as: UTF8.self) == #"{"radians":0.30000000000000004}"#)
        #expect(try JSONDecoder().decode(Angle.self, from: data) == angle)
    }
}
