// libFuzzer target: the Lottie reader (`LottieAnimation(parsing:)`), then every layer's
// transform at the first, a middle and the last frame and at hostile frames, exact and as
// lottie-web computes them (`LottieWebPlayer`), and compiled (`LottieProgram`). A finding is a crash
// or a hang; refusals (an error naming the feature and its JSON path) are the expected answer to
// what the reader does not read.
import FuzzDriver
import TimelineHost

runFuzzer("FuzzLottie") { data, count in
    guard let animation = try? LottieAnimation(parsing: fuzzText(data, count)) else { return 0 }
    // A few bytes of nested precompositions expand to up to 200,000 layers (the reader's cap,
    // tested on its own): evaluating those is slow by size, not a finding.
    guard animation.layerCount <= 2_000 else { return 0 }
    var player = LottieWebPlayer(animation)
    let program = LottieProgram(animation)
    var compiled = program.makeFrame()
    for frame in [animation.inPoint, (animation.inPoint + animation.outPoint) / 2, animation.outPoint, -.infinity, .infinity, .nan] {
        _ = animation.values(at: frame)
        _ = player.values(at: frame)
        program.evaluate(at: frame, into: &compiled)
    }
    return 0
}
