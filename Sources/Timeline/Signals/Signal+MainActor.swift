/// Delivery on the main actor, for app code that updates views.
///
/// Cadence's signals deliver on the thread that sends (the clock's, for an animator's values), and
/// their closures are `@Sendable` and nonisolated. A view lives on the main actor: these take a
/// `@MainActor` closure and hop there, in order, so the closure may touch main-actor state
/// directly.
///
/// ```swift
/// @MainActor final class CardView { var scale = 1.0 }
/// let observation = animator.state.values.observeOnMainActor { card in view.scale = card.scale }
/// animator.addCompletion(onMainActor: { completion in view.isHidden = !completion.finished })
/// ```
extension Signal where Failure == Never {
    /// Calls `handler` on the main actor with every value, in order, until the observation is
    /// cancelled or released, or the signal finishes.
    ///
    /// - Parameters:
    ///   - policy: What to keep while the main actor is busy: the latest value by default (a view
    ///     wants the newest frame, not a backlog), or more.
    ///   - handler: Runs on the main actor.
    /// - Returns: The observation; keep it as long as values should arrive.
    public func observeOnMainActor(
        buffering policy: BufferingPolicy = .latest, _ handler: @escaping @MainActor @Sendable (Output) -> Void
    ) -> SignalObservation {
        // Observed now, so nothing sent from here on is missed; the main actor drains in order.
        let buffering: AsyncStream<Output>.Continuation.BufferingPolicy
        switch policy.kind {
        case .newest(let limit): buffering = .bufferingNewest(limit)
        case .oldest(let limit): buffering = .bufferingOldest(limit)
        case .unbounded: buffering = .unbounded
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Output.self, bufferingPolicy: buffering)
        let observation = observe(
            onValue: { continuation.yield($0) }, onCompletion: { _ in continuation.finish() })
        let task = Task { @MainActor in
            for await value in stream { handler(value) }
        }
        return SignalObservation {
            observation.cancel()
            continuation.finish()
            task.cancel()
        }
    }
}
