// Completions on the main actor, and the state as an AsyncSequence (see `Signal+MainActor.swift`).

extension Animator {
    /// Calls `handler` on the main actor once the animator completes (soon after, if it already
    /// has): the completion's closure may update views and main-actor state directly.
    ///
    /// - Parameter handler: Runs on the main actor, once.
    public func addCompletion(onMainActor handler: @escaping @MainActor @Sendable (Completion) -> Void) {
        addCompletion { completion in
            Task { @MainActor in handler(completion) }
        }
    }

    /// The state after every frame, as an `AsyncSequence` that keeps the latest value while the
    /// loop body is busy: `for await card in animator.values { … }`.
    public var values: SignalValues<Root, Never> { state.values.values }
}

extension Transition {
    /// Calls `handler` on the main actor once the transition completes.
    ///
    /// - Parameter handler: Runs on the main actor, once.
    public func addCompletion(onMainActor handler: @escaping @MainActor @Sendable (Completion) -> Void) {
        addCompletion { completion in
            Task { @MainActor in handler(completion) }
        }
    }
}
