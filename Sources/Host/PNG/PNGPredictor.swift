
// The predictions of PNG's five filter types (PNG specification, section 9.2), for one byte and
// for 16 bytes at once. Filtering subtracts the prediction from the raw byte.

/// How one PNG filter type predicts a byte from `a` (the byte one pixel to the left), `b` (the
/// byte above) and `c` (the byte above `a`).
///
/// The filter loops are generic over this protocol, so each filter type gets its own
/// specialised loop, with no dynamic dispatch per byte.
package protocol PNGPredictor {
    /// The filter type byte.
    static var filter: PNGRowFilter { get }

    /// The prediction of one byte.
    static func predict(a: UInt8, b: UInt8, c: UInt8) -> UInt8

    /// The predictions of 16 bytes.
    static func predict(a: SIMD16<UInt8>, b: SIMD16<UInt8>, c: SIMD16<UInt8>) -> SIMD16<UInt8>
}

/// Filter type 0: no prediction.
package enum NonePredictor: PNGPredictor {
    package static var filter: PNGRowFilter { .none }
    @inline(__always) package static func predict(a: UInt8, b: UInt8, c: UInt8) -> UInt8 { 0 }
    @inline(__always) package static func predict(a: SIMD16<UInt8>, b: SIMD16<UInt8>, c: SIMD16<UInt8>) -> SIMD16<UInt8> { .zero }
}

/// Filter type 1: the byte to the left.
package enum SubPredictor: PNGPredictor {
    package static var filter: PNGRowFilter { .sub }
    @inline(__always) package static func predict(a: UInt8, b: UInt8, c: UInt8) -> UInt8 { a }
    @inline(__always) package static func predict(a: SIMD16<UInt8>, b: SIMD16<UInt8>, c: SIMD16<UInt8>) -> SIMD16<UInt8> { a }
}

/// Filter type 2: the byte above.
package enum UpPredictor: PNGPredictor {
    package static var filter: PNGRowFilter { .up }
    @inline(__always) package static func predict(a: UInt8, b: UInt8, c: UInt8) -> UInt8 { b }
    @inline(__always) package static func predict(a: SIMD16<UInt8>, b: SIMD16<UInt8>, c: SIMD16<UInt8>) -> SIMD16<UInt8> { b }
}

/// Filter type 3: ⌊(a + b) / 2⌋.
package enum AveragePredictor: PNGPredictor {
    package static var filter: PNGRowFilter { .average }

    @inline(__always) package static func predict(a: UInt8, b: UInt8, c: UInt8) -> UInt8 {
        UInt8((UInt16(a) + UInt16(b)) >> 1)
    }

    /// (a & b) + ((a ^ b) >> 1): the floor of the average, without 9-bit intermediates.
    @inline(__always) package static func predict(a: SIMD16<UInt8>, b: SIMD16<UInt8>, c: SIMD16<UInt8>) -> SIMD16<UInt8> {
        (a & b) &+ ((a ^ b) &>> 1)
    }
}

/// Filter type 4: whichever of a, b, c is nearest to a + b − c, preferring a, then b.
package enum PaethPredictor: PNGPredictor {
    package static var filter: PNGRowFilter { .paeth }

    @inline(__always) package static func predict(a: UInt8, b: UInt8, c: UInt8) -> UInt8 {
        let estimate = Int(a) + Int(b) - Int(c)
        let pa = abs(estimate - Int(a)), pb = abs(estimate - Int(b)), pc = abs(estimate - Int(c))
        return pa <= pb && pa <= pc ? a : pb <= pc ? b : c
    }

    /// The same in 8-bit lanes: pa = |b − c| and pb = |a − c|; pc = |(b − c) + (a − c)| is
    /// pa + pb when the two differences have the same sign (saturated at 255, which keeps
    /// every comparison right) and |pa − pb| when they do not.
    @inline(__always) package static func predict(a: SIMD16<UInt8>, b: SIMD16<UInt8>, c: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let pa = absoluteDifference(b, c)
        let pb = absoluteDifference(a, c)
        let sum = pa &+ pb
        var pc = sum.replacing(with: 255, where: sum .< pa)
        pc.replace(with: absoluteDifference(pa, pb), where: (b .>= c) .^ (a .>= c))
        var predictor = c.replacing(with: b, where: pb .<= pc)
        predictor.replace(with: a, where: (pa .<= pb) .& (pa .<= pc))
        return predictor
    }

    @inline(__always)
    private static func absoluteDifference(_ x: SIMD16<UInt8>, _ y: SIMD16<UInt8>) -> SIMD16<UInt8> {
        x.replacing(with: y, where: y .> x) &- x.replacing(with: y, where: y .< x)
    }
}
