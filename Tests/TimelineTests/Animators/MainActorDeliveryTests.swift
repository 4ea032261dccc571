import Testing
import Timeline

/// Main-actor state, as a view would have.
@MainActor private final class Screen {
    var alpha = -1.0
    var alphas: [Double] = []
    var completions: [Completion] = []
}

private struct Fade: Sendable, Equatable {
    var alpha = 0.0
}

@Suite("Main-actor delivery")
struct MainActorDeliveryTests {
    @MainActor @Test func completionsAndValuesArriveOnTheMainActorInOrder() async throws {
        let screen = Screen()
        let clock = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: 0.1, initialValue: Fade(), clock: clock)
        try animator.addAnimation(\.alpha, to: 1)
        let observation = animator.state.values.observeOnMainActor(buffering: .unbounded) { card in
            screen.alphas.append(card.alpha)   // main-actor state, mutated directly
        }
        animator.addCompletion(onMainActor: { completion in screen.completions.append(completion) })
        try animator.start()
        clock.advanceFrames(6)
        // Let the main actor run what was sent to it.
        for _ in 0..<1_000 where screen.completions.isEmpty || screen.alphas.last != 1 { await Task.yield() }
        withExtendedLifetime(observation) {}
        #expect(screen.completions == [Completion(finished: true, position: .end, fractionComplete: 1)])
        // The replay (0), the start (0), then one value per frame, in order, ending at 1.
        #expect(screen.alphas.first == 0 && screen.alphas.last == 1)
        #expect(screen.alphas == screen.alphas.sorted())
        #expect(screen.alphas.count == 8)
    }

    @Test func anAnimatorsValuesAreAnAsyncSequence() async throws {
        let clock = ManualClock(frameRate: .fps60)
        let animator = try Animator(duration: 0.05, initialValue: Fade(), clock: clock)
        try animator.addAnimation(\.alpha, to: 1)
        var iterator = animator.values.makeAsyncIterator()
        #expect(await iterator.next() == Fade(alpha: 0))
        try animator.start()
        clock.advanceFrames(3)
        #expect(await iterator.next() == Fade(alpha: 1))   // the latest value, frames coalesced
    }
}
