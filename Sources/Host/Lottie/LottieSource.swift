public import Timeline
import TimelinePlugins
public import CadenceHostCore

/// A Lottie animation as a ``FrameSource``: every layer's world matrix, opacity and whether it is
/// shown, frame by frame, from its ``LottieProgram`` (what `cadence render FILE.json` streams for a
/// Lottie file).
///
/// Channels, per layer in the program's order (`P` its position path, `3/0`):
/// `P.world` (16 numbers, lottie-web's row-vector layout), `P.opacity` (0…1) and `P.active`
/// (1 when the layer and the precompositions around it are in range, else 0). Frame `n` of a
/// render at `rate` frames per second shows the composition frame `ip + n × fr / rate`; every
/// frame can be evaluated on its own.
public struct LottieSource: FrameSource, Sendable {
    /// The compiled animation.
    public let program: LottieProgram
    /// The channels.
    public let schema: FrameSchema
    private var frame: LottieFrame
    /// Composition frames per host frame (1 when the host plays at the file's rate).
    private var framesPerFrame: Double


    /// A source for a compiled animation.
    public init(_ program: LottieProgram) {
        self.program = program
        var channels: [(name: String, kind: FrameSchema.Kind)] = []
        for path in program.layerPaths {
            channels.append((path + ".world", .vector(16)))
            channels.append((path + ".opacity", .scalar))
            channels.append((path + ".active", .scalar))
        }
        schema = FrameSchema(channels)
        frame = program.makeFrame()
        framesPerFrame = 1
    }

    /// From the first frame to the out point, in seconds.
    public var duration: Double { (program.outPoint - program.inPoint) / program.frameRate }

    /// `true`: a frame depends only on its time.
    public var isSeekable: Bool { true }

    /// Notes the host's frame rate: frame `n` shows composition frame `ip + n × fr / rate`
    /// (exactly `ip + n` at the file's own rate).
    public mutating func begin(frameRate: FrameRate) {
        // At the file's own rate (which FrameRate may hold as an exact ratio, 29.97 as 30000/1001),
        // frame n is the file's frame ip + n exactly.
        framesPerFrame = FrameRate(framesPerSecond: program.frameRate) == frameRate
            ? 1 : program.frameRate * Double(frameRate.denominator) / Double(frameRate.numerator)
    }

    /// Fills a frame's numbers.
    public mutating func evaluate(into output: inout Frame) throws {
        program.evaluate(at: program.inPoint + Double(output.index) * framesPerFrame, into: &frame)
        let count = program.layerCount
        frame.worlds.withUnsafeBufferPointer { worlds in
            output.numbers.withUnsafeMutableBufferPointer { numbers in
                var at = 0
                for layer in 0..<count {
                    for entry in 0..<16 { numbers[at + entry] = worlds[16 * layer + entry] }
                    numbers[at + 16] = frame.opacities[layer]
                    numbers[at + 17] = frame.active[layer] ? 1 : 0
                    at += 18
                }
            }
        }
    }
}
