import Timeline
import TimelinePlugins
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A Lottie animation compiled for evaluation frame after frame: every layer of every
/// precomposition placement laid out once, every property's keyframes in flat tables, every
/// spatial segment's arc length tabulated, so that a frame is evaluated without allocating.
///
/// It computes what ``LottieAnimation/values(at:)`` (the exact mode) computes: each layer's
/// composition frame, matrix, world matrix, opacity and whether it is shown. A frame depends only
/// on its time: any frame can be evaluated in any order (seek, slice, shard).
///
/// ```swift
/// let program = LottieProgram(try LottieAnimation(parsing: text))
/// var frame = program.makeFrame()
/// program.evaluate(at: 12.5, into: &frame)   // a composition frame
/// let world = frame.world(of: 0)              // 16 numbers, lottie-web's row-vector layout
/// ```
public struct LottieProgram: Sendable {
    /// Frames per second.
    public let frameRate: Double
    /// The first frame.
    public let inPoint: Double
    /// The frame after the last.
    public let outPoint: Double
    /// Every layer's position path (`"3/0"`), in the order of ``LottieAnimation/values(at:)``.
    public let layerPaths: [String]
    /// Every layer's name (`nm`), where it has one.
    public let layerNames: [String?]

    private let elements: [Element]
    /// Elements in an order where a parent's world comes before its children's.
    private let worldOrder: [Int32]
    private let properties: [Property]
    private let times: [Double]
    private let values: [Double]
    private let segments: [Segment]
    private let easings: [CubicBezierTiming?]
    private let curves: [ArcLengthCurve]

    /// A layer as the program evaluates it.
    struct Element: Sendable {
        /// The precomposition element whose inner frame this layer's composition runs on (-1: the root).
        var composition: Int32
        /// The element whose world matrix multiplies this one's (-1: none).
        var worldParent: Int32
        var inPoint: Double, outPoint: Double, startTime: Double, stretch: Double
        var timeRemap: Int32
        var anchor: Int32, position: Int32, positionX: Int32, positionY: Int32, positionZ: Int32
        var scale: Int32, rotation: Int32, rotationX: Int32, rotationY: Int32, rotationZ: Int32, orientation: Int32
        var skew: Int32, skewAxis: Int32, opacity: Int32
        var autoOrient: Bool
        var isPrecomposition: Bool
    }

    /// A property: a static value or a run of keyframes.
    struct Property: Sendable {
        var dimensions: Int32
        /// Static: where its value is in `values`. Keyframed: its first keyframe in `times` and
        /// its first segment in `segments` (a segment per keyframe but the last).
        var first: Int32
        var count: Int32
    }

    /// How the value moves from one keyframe to the next (one per keyframe, laid out like the
    /// keyframes; the last keyframe's is unused).
    struct Segment: Sendable {
        enum Mode: UInt8, Sendable { case constant, perDimension, straight, spatial, spherical }
        var mode: Mode
        /// The start and end values in `values` (three numbers each; `count` of them meaningful).
        var start: Int32, end: Int32
        var count: Int32
        /// The easing curves in `easings` (none: linear).
        var easing: Int32, easingCount: Int32
        var curve: Int32
        /// Past the last keyframe when this (the second-to-last) holds: the last keyframe's own
        /// value, in `values`, and its count.
        var pastEnd: Int32, pastEndCount: Int32
        var holds: Bool
        /// Bit `d` set: dimension `d` moves with the first dimension's progress (a straight
        /// segment, no curve of its own, or a curve equal to the first).
        var sharesEasing: UInt8 = 0
    }

    /// Compiles an animation.
    public init(_ animation: LottieAnimation) {
        frameRate = animation.frameRate
        inPoint = animation.inPoint
        outPoint = animation.outPoint
        var builder = Builder(animation: animation)
        builder.place(composition: 0, path: "", parentElement: -1)
        layerPaths = builder.paths
        layerNames = builder.names
        elements = builder.elements
        worldOrder = builder.worldOrder
        properties = builder.properties
        times = builder.times
        values = builder.values
        segments = builder.segments
        easings = builder.easings
        curves = builder.curves
    }

    /// The number of layers (every precomposition placement expanded).
    public var layerCount: Int { elements.count }

    /// A frame to evaluate into, sized for this program.
    public func makeFrame() -> LottieFrame { LottieFrame(layerCount: elements.count) }

    /// Evaluates every layer at a root composition frame.
    public func evaluate(at frame: Double, into output: inout LottieFrame) {
        precondition(output.active.count == elements.count, "LottieProgram.evaluate: a frame made for another program")
        output.frame = frame
        withTables { tables in
            output.matrices.withUnsafeMutableBufferPointer { matrices in
                output.worlds.withUnsafeMutableBufferPointer { worlds in
                    output.compositionFrames.withUnsafeMutableBufferPointer { compositionFrames in
                        output.innerFrames.withUnsafeMutableBufferPointer { innerFrames in
                            output.opacities.withUnsafeMutableBufferPointer { opacities in
                                output.active.withUnsafeMutableBufferPointer { active in
                                    output.inRange.withUnsafeMutableBufferPointer { inRange in
                                        tables.evaluate(
                                            frame, matrices: matrices.baseAddress!, worlds: worlds.baseAddress!,
                                            compositionFrames: compositionFrames.baseAddress!, innerFrames: innerFrames.baseAddress!,
                                            opacities: opacities.baseAddress!, active: active.baseAddress!, inRange: inRange.baseAddress!)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The tables, read in place for the length of a frame.
    private func withTables(_ body: (Tables) -> Void) {
        elements.withUnsafeBufferPointer { elements in
            worldOrder.withUnsafeBufferPointer { worldOrder in
                properties.withUnsafeBufferPointer { properties in
                    times.withUnsafeBufferPointer { times in
                        values.withUnsafeBufferPointer { values in
                            segments.withUnsafeBufferPointer { segments in
                                easings.withUnsafeBufferPointer { easings in
                                    curves.withUnsafeBufferPointer { curves in
                                        body(Tables(
                                            frameRate: frameRate, elements: elements, worldOrder: worldOrder, properties: properties,
                                            times: times, values: values, segments: segments, easings: easings, curves: curves))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A program's tables as buffers (no reference counting, no bounds checks in release builds).
private struct Tables {
    let frameRate: Double
    let elements: UnsafeBufferPointer<LottieProgram.Element>
    let worldOrder: UnsafeBufferPointer<Int32>
    let properties: UnsafeBufferPointer<LottieProgram.Property>
    let times: UnsafeBufferPointer<Double>
    let values: UnsafeBufferPointer<Double>
    let segments: UnsafeBufferPointer<LottieProgram.Segment>
    let easings: UnsafeBufferPointer<CubicBezierTiming?>
    let curves: UnsafeBufferPointer<ArcLengthCurve>
    typealias Segment = LottieProgram.Segment
    typealias Element = LottieProgram.Element

    // swiftlint:disable:next function_parameter_count
    func evaluate(
        _ frame: Double, matrices: UnsafeMutablePointer<Double>, worlds: UnsafeMutablePointer<Double>,
        compositionFrames: UnsafeMutablePointer<Double>, innerFrames: UnsafeMutablePointer<Double>,
        opacities: UnsafeMutablePointer<Double>, active: UnsafeMutablePointer<Bool>, inRange: UnsafeMutablePointer<Bool>
    ) {
        let degrees = Double.pi / 180
        var scratch = (0.0, 0.0, 0.0)
        for index in 0..<elements.count {
            let element = elements[index]
            // (A copy of a few dozen bytes; the tables below are read in place.)
            let composition = Int(element.composition)
            let rendered = composition < 0 ? frame : innerFrames[composition]
            let enclosingActive = composition < 0 ? true : active[composition]
            compositionFrames[index] = rendered
            let offset = element.startTime
            let local = rendered - offset
            let shown = element.inPoint - offset <= local && element.outPoint - offset > local
            inRange[index] = shown
            active[index] = enclosingActive && shown
            if element.isPrecomposition {
                if element.timeRemap >= 0 {
                    let remapped = scalar(element.timeRemap, local, offset) * frameRate
                    innerFrames[index] = remapped == element.outPoint ? element.outPoint - 1 : remapped
                } else {
                    innerFrames[index] = local / element.stretch
                }
            }
            opacities[index] = (element.opacity >= 0 ? scalar(element.opacity, local, offset) : 100) / 100
            // The matrix, as LottieAnimation.values(of:) builds it, in place.
            let m = MatrixBuilder(matrices + 16 * index)
            let anchorCount = value(element.anchor, at: local, offset: offset, into: &scratch)
            m.translate(-scratch.0, -(anchorCount > 1 ? scratch.1 : 0), anchorCount > 2 ? scratch.2 : 0)
            let scaleCount = value(element.scale, at: local, offset: offset, into: &scratch)
            m.scale(scratch.0 / 100, scaleCount > 1 ? scratch.1 / 100 : 1, scaleCount > 2 ? scratch.2 / 100 : 1)
            if element.skew >= 0 {
                let skew = scalar(element.skew, local, offset) * degrees
                let axis = (element.skewAxis >= 0 ? scalar(element.skewAxis, local, offset) : 0) * degrees
                m.rotateZ(-axis)
                m.shear(tan(-skew))
                m.rotateZ(axis)
            }
            if element.rotationX >= 0 {
                m.rotateZ(-scalar(element.rotationZ, local, offset) * degrees)
                m.rotateY(scalar(element.rotationY, local, offset) * degrees)
                m.rotateX(scalar(element.rotationX, local, offset) * degrees)
                let orientationCount = value(element.orientation, at: local, offset: offset, into: &scratch)
                let orientation = (scratch.0, orientationCount > 1 ? scratch.1 : 0, orientationCount > 2 ? scratch.2 : 0)
                m.rotateZ(-orientation.2 * degrees)
                m.rotateY(orientation.1 * degrees)
                m.rotateX(orientation.0 * degrees)
            } else {
                m.rotateZ(-scalar(element.rotation, local, offset) * degrees)
            }
            if element.autoOrient, let turn = autoOrientAngle(element, local: local) {
                m.rotateZ(-turn)
            }
            if element.positionX >= 0 {
                let x = scalar(element.positionX, local, offset), y = scalar(element.positionY, local, offset)
                m.translate(x, y, element.positionZ >= 0 ? -scalar(element.positionZ, local, offset) : 0)
            } else {
                let positionCount = value(element.position, at: local, offset: offset, into: &scratch)
                m.translate(scratch.0, positionCount > 1 ? scratch.1 : 0, positionCount > 2 ? -scratch.2 : -0.0)
            }
        }
        for index in worldOrder {
            let element = Int(index)
            let parent = Int(elements[element].worldParent)
            if parent < 0 {
                let from = matrices + 16 * element, to = worlds + 16 * element
                for entry in 0..<16 { to[entry] = from[entry] }
            } else {
                MatrixBuilder.multiply(matrices + 16 * element, worlds + 16 * parent, into: worlds + 16 * element)
            }
        }
    }

    /// A property's first number.
    @inline(__always)
    private func scalar(_ property: Int32, _ frame: Double, _ offset: Double) -> Double {
        var result = (0.0, 0.0, 0.0)
        value(property, at: frame, offset: offset, into: &result)
        return result.0
    }

    /// The progress of a segment's dimension at a frame (its easing curve, or the first one's).
    @inline(__always)
    private func progress(_ segment: Segment, _ dimension: Int, _ frame: Double, _ keyTime: Double, _ nextTime: Double) -> Double {
        if frame >= nextTime { return 1 }
        if frame < keyTime { return 0 }
        let linear = (frame - keyTime) / (nextTime - keyTime)
        guard segment.easingCount > 0 else { return linear }
        let pick = dimension < Int(segment.easingCount) ? dimension : 0
        return easings[Int(segment.easing) + pick]?.value(at: linear) ?? linear
    }

    /// The auto-orient turn, as ``LottieAnimation`` computes it.
    private func autoOrientAngle(_ element: Element, local: Double) -> Double? {
        var a = (0.0, 0.0, 0.0), b = (0.0, 0.0, 0.0)
        let offset = element.startTime
        func sample(_ time: Double, _ into: inout (Double, Double, Double)) {
            if element.positionX >= 0 {
                value(element.positionX, at: time - offset, offset: offset, into: &into)
                let x = into.0
                value(element.positionY, at: time - offset, offset: offset, into: &into)
                into = (x, into.0, 0)
            } else {
                let count = value(element.position, at: time - offset, offset: offset, into: &into)
                if count < 2 { into.1 = 0 }
            }
        }
        let key = element.positionX >= 0 ? properties[Int(element.positionX)] : properties[Int(element.position)]
        guard key.count > 1, element.positionX < 0 || properties[Int(element.positionY)].count > 1 else { return nil }
        let firstTime = times[Int(key.first)], lastTime = times[Int(key.first + key.count - 1)]
        let time = local + offset
        if time <= firstTime {
            sample(firstTime + 0.01, &a)
            sample(firstTime, &b)
        } else if time >= lastTime {
            sample(lastTime, &a)
            sample(lastTime - (element.positionX >= 0 ? 0.01 : 0.05), &b)
        } else {
            sample(time, &a)
            sample(time - 0.01, &b)
        }
        return atan2(a.1 - b.1, a.0 - b.0)
    }

    /// A property's value at a frame in the layer's time: up to three numbers, and how many the
    /// exact mode's value has (the matrix pads the others).
    @discardableResult
    private func value(_ reference: Int32, at frame: Double, offset: Double, into result: inout (Double, Double, Double)) -> Int {
        let property = properties[Int(reference)]
        let first = Int(property.first)
        if property.count <= 1 {
            load(property.first, into: &result)
            return Int(property.dimensions)
        }
        let frame = frame.isNaN ? -Double.infinity : frame
        let last = Int(property.count) - 1
        // lottie-web's search: the first segment whose next keyframe is after the frame, else the last.
        var low = 0, high = last - 1
        while low < high {
            let middle = (low + high) / 2
            if times[first + middle + 1] - offset > frame { high = middle } else { low = middle + 1 }
        }
        let segment = segments[first + low]
        let keyTime = times[first + low] - offset, nextTime = times[first + low + 1] - offset
        if low == last - 1, frame >= nextTime, segment.holds {
            load(segment.pastEnd, into: &result)
            return Int(segment.pastEndCount)
        }
        let count = Int(segment.count)
        switch segment.mode {
        case .constant:
            load(segment.start, into: &result)
        case .spherical:
            if frame >= nextTime {
                load(segment.end, into: &result)
            } else if frame <= keyTime {
                load(segment.start, into: &result)
            } else {
                let s = Int(segment.start), e = Int(segment.end)
                let turned = Orientation.interpolate(
                    [values[s], values[s + 1], values[s + 2]], [values[e], values[e + 1], values[e + 2]],
                    (frame - keyTime) / (nextTime - keyTime))
                result = (turned[0], turned[1], turned[2])
            }
        case .perDimension, .straight, .spatial:
            if segment.mode == .spatial {
                curves[Int(segment.curve)].point(atLengthFraction: progress(segment, 0, frame, keyTime, nextTime), into: &result)
                return count
            }
            let s = Int(segment.start), e = Int(segment.end)
            // A dimension that does not move needs no progress (start + 0 × p is start); one
            // without a curve of its own (or with the first's) takes the first one's progress.
            let s0 = values[s], s1 = values[s + 1], s2 = values[s + 2]
            let e0 = values[e], e1 = values[e + 1], e2 = values[e + 2]
            let p0 = e0 == s0 ? 0 : progress(segment, 0, frame, keyTime, nextTime)
            var p1 = 0.0, p2 = 0.0
            if count > 1, e1 != s1 {
                p1 = segment.sharesEasing & 0b10 != 0 ? (e0 == s0 ? progress(segment, 0, frame, keyTime, nextTime) : p0)
                    : progress(segment, 1, frame, keyTime, nextTime)
            }
            if count > 2, e2 != s2 {
                p2 = segment.sharesEasing & 0b100 != 0 ? (e0 == s0 ? progress(segment, 0, frame, keyTime, nextTime) : p0)
                    : progress(segment, 2, frame, keyTime, nextTime)
            }
            result = (s0 + (e0 - s0) * p0,
                      count > 1 ? s1 + (e1 - s1) * p1 : 0,
                      count > 2 ? s2 + (e2 - s2) * p2 : 0)
        }
        return count
    }

    private func load(_ at: Int32, into result: inout (Double, Double, Double)) {
        let at = Int(at)
        result = (values[at], values[at + 1], values[at + 2])
    }
}
