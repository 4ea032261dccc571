// libFuzzer target: the Lottie reader (`LottieAnimation(parsing:)`), then every layer's
// transform at the first, a middle and the last frame and at hostile frames, exact and as
// lottie-web computes them (`LottieWebPlayer`), and compiled (`LottieProgram`); its drawing
// (`LottieDrawingSource`) at its first two frames where a frame draws at most 50,000 vertices; then, for files of
// up to 20,000 layer frames, the import as a timeline document (`LottieImport`, baking at most
// 64 KiB of values: a few bytes draw a 10,000-point star at every frame), which must be a
// document Cadence reads, rendered at its first and last frame. A finding is a crash, a hang or an
// import that makes an invalid document; refusals (an error naming the feature and its JSON path)
// are the expected answer to what the reader does not read.
import FuzzDriver
import Timeline
import TimelinePlugins
import CadenceLottie
import CadenceHostCore
import CadenceIO

runFuzzer("FuzzLottie") { data, count in
    guard let animation = try? LottieAnimation(parsing: fuzzText(data, count)) else { return 0 }
    // A few bytes of nested precompositions expand to up to 200,000 layers (the reader's cap,
    // tested on its own): evaluating those is slow by size, not a finding.
    guard animation.layerCount <= 2_000 else { return 0 }
    // Parent chains too long for lottie-web's cost are refused by name: not a finding.
    guard var player = try? LottieWebPlayer(animation: animation) else { return 0 }
    let program = LottieProgram(animation)
    var compiled = program.makeFrame()
    for frame in [animation.inPoint, (animation.inPoint + animation.outPoint) / 2, animation.outPoint, -.infinity, .infinity, .nan] {
        _ = animation.values(at: frame)
        _ = player.values(at: frame)
        program.evaluate(at: frame, into: &compiled)
    }
    // A few hundred bytes draw a 10,000-point star in each of forty fills (16 million vertices a
    // frame): drawing and importing those are slow by size, not findings.
    guard animation.mostVerticesPerFrame <= 50_000 else { return 0 }
    if let rate = FrameRate(framesPerSecond: animation.frameRate) {
        var drawing = LottieDrawingSource(animation)
        var sink = CallbackSink { _ in }
        _ = try? HostLoop.renderOffline(&drawing, frameRate: rate, frames: 0...1, to: &sink)
    }
    let frames = (animation.outPoint - animation.inPoint).rounded(.up)
    guard frames * Double(animation.layerCount) <= 20_000, let imported = try? LottieImport(animation, maximumBakedBytes: 1 << 16) else { return 0 }
    let document: TimelineDocument
    do {
        document = try imported.makeDocument()
    } catch {
        fatalError("the import made a document Cadence does not read: \(error)")
    }
    var source = document.makeSource()
    var sink = CallbackSink { _ in }
    _ = try? HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: 0...0, to: &sink)
    if let last = try? HostLoop.defaultFrames(duration: source.duration, frameRate: document.frameRate).upperBound {
        _ = try? HostLoop.renderOffline(&source, frameRate: document.frameRate, frames: last...last, to: &sink)
    }
    return 0
}
