/// A signal's values as an `AsyncSequence`: `for await value in signal.values { … }`.
///
/// ```swift
/// for await tick in clock.ticks.values {
///     render(tick)
/// }
///
/// do {
///     for try await chunk in download.values(buffering: .unbounded) { append(chunk) }
/// } catch {
///     // `error` has the signal's Failure type.
/// }
/// ```
///
/// Each iterator is one observation of the signal, started by `makeAsyncIterator()` (so at the
/// start of a `for` loop). Values that arrive while the loop body runs wait in a buffer bounded by
/// the ``BufferingPolicy``. The loop ends when the signal finishes; when it fails, the error is
/// thrown (typed: `Failure`) after the values still waiting.
///
/// Leaving the loop (`break`, `return`, a thrown error) releases the iterator and cancels the
/// observation; cancelling the task ends the loop and cancels the observation too.
public struct SignalValues<Output: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// The values of the sequence.
    public typealias Element = Output

    @usableFromInline let source: AnySignal<Output, Failure>
    @usableFromInline let policy: BufferingPolicy

    @inlinable
    init(source: AnySignal<Output, Failure>, policy: BufferingPolicy) {
        self.source = source
        self.policy = policy
    }

    /// Starts an observation of the signal and returns an iterator over its values.
    public func makeAsyncIterator() -> Iterator {
        let storage = SignalValuesStorage<Output, Failure>(policy: policy)
        storage.link.attach(
            source.observe(
                Observer(
                    onValue: { storage.receive($0) },
                    onCompletion: { storage.receive(completion: $0) }
                )
            )
        )
        return Iterator(lifetime: IteratorLifetime(storage: storage))
    }

    /// An iterator over a signal's values; releasing it cancels the observation.
    public struct Iterator: AsyncIteratorProtocol {
        let lifetime: IteratorLifetime<Output, Failure>

        init(lifetime: IteratorLifetime<Output, Failure>) {
            self.lifetime = lifetime
        }

        /// Waits for the next value.
        ///
        /// - Parameter actor: The caller's isolation, where the call resumes.
        /// - Returns: The next value, or `nil` once the signal finished or the task was cancelled.
        /// - Throws: The signal's error, once, after the values that arrived before it.
        public mutating func next(
            isolation actor: isolated (any Actor)? = #isolation
        ) async throws(Failure) -> Output? {
            try await lifetime.storage.next(isolation: actor).get()
        }

        /// Waits for the next value.
        ///
        /// - Returns: The next value, or `nil` once the signal finished or the task was cancelled.
        /// - Throws: The signal's error, once, after the values that arrived before it.
        public mutating func next() async throws(Failure) -> Output? {
            try await lifetime.storage.next(isolation: nil).get()
        }
    }
}

@available(*, unavailable)
extension SignalValues.Iterator: Sendable {}

extension Signal {
    /// The signal's values as an `AsyncSequence` that keeps only the latest value while the loop
    /// body is busy.
    ///
    /// ```swift
    /// for await frame in animator.frames.values { draw(frame) }
    /// ```
    ///
    /// The same as `values(buffering: .latest)`; use ``values(buffering:)`` to keep more.
    public var values: SignalValues<Output, Failure> {
        values(buffering: .latest)
    }

    /// The signal's values as an `AsyncSequence`, buffered according to `policy`.
    ///
    /// ```swift
    /// for await event in lifecycle.values(buffering: .unbounded) { handle(event) }
    /// ```
    ///
    /// - Parameter policy: What to keep while the loop body is busy.
    /// - Returns: A sequence whose iterators each observe the signal.
    public func values(buffering policy: BufferingPolicy) -> SignalValues<Output, Failure> {
        SignalValues(source: AnySignal(self), policy: policy)
    }
}
