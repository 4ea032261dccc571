extension Signal {
    /// Observes the signal with two closures: the terminal sink of a chain of operators.
    ///
    /// ```swift
    /// let observation = downloads.observe { progress in
    ///     bar.progress = progress
    /// } onCompletion: { completion in
    ///     if case .failed(let error) = completion { show(error) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - onValue: Called with each value.
    ///   - onCompletion: Called once when the signal finishes or fails.
    /// - Returns: The observation; keep it, or the observation ends at once.
    @inlinable
    public func observe(
        onValue: @escaping @Sendable (Output) -> Void,
        onCompletion: @escaping @Sendable (SignalCompletion<Failure>) -> Void
    ) -> SignalObservation {
        observe(Observer(onValue: onValue, onCompletion: onCompletion))
    }
}

extension Signal where Failure == Never {
    /// Observes a signal that cannot fail: the terminal sink of a chain of operators.
    ///
    /// ```swift
    /// let observation = clock.ticks.observe { tick in render(tick) }
    /// ```
    ///
    /// - Parameters:
    ///   - onValue: Called with each value.
    ///   - onCompletion: Called once when the signal finishes; does nothing by default.
    /// - Returns: The observation; keep it, or the observation ends at once.
    @inlinable
    public func observe(
        onValue: @escaping @Sendable (Output) -> Void,
        onCompletion: @escaping @Sendable (SignalCompletion<Never>) -> Void = { _ in }
    ) -> SignalObservation {
        observe(Observer(onValue: onValue, onCompletion: onCompletion))
    }
}
