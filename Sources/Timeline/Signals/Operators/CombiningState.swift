/// The state machine of a combining operator (`combineLatest`, `zip`): its policy, while
/// ``CombiningSignal`` and ``CombiningCollectionSignal`` do the observing for all of them.
///
/// The observing core feeds each upstream event to the state under one lock and acts on the
/// answer after unlocking: it delivers the output, finishes the result, or passes a completion on
/// and cancels the other upstreams. One state exists per observation; only its type crosses
/// threads (`SendableMetatype`), the value stays under the observation's lock.
@usableFromInline
protocol CombiningState: SendableMetatype {
    /// An upstream value as the state receives it: the value itself for a collection of
    /// upstreams, the value tagged with its side (``PairInput``) for two.
    associatedtype Input
    /// The combined value.
    associatedtype Output: Sendable
    /// The error the upstreams, and so the result, can fail with.
    associatedtype Failure: Error

    /// The state before any event, for `count` upstreams.
    init(upstreamCount count: Int)

    /// Takes a value from upstream `index`; returns what to deliver.
    mutating func receive(_ input: Input, at index: Int) -> CombiningStep<Input, Output>

    /// Records that upstream `index` ended; returns the completion to pass on if the result ends.
    mutating func end(at index: Int, _ completion: SignalCompletion<Failure>) -> SignalCompletion<Failure>?
}

/// What a ``CombiningState`` answers to an upstream value.
@usableFromInline
struct CombiningStep<Input, Output> {
    /// The value to deliver, if any.
    @usableFromInline var output: Output?
    /// Whether the result finishes after `output` (no combination can follow).
    @usableFromInline var finishes: Bool
    /// A value the state let go of, released after unlocking rather than under the lock.
    @usableFromInline var discarded: Input?

    @inlinable
    init(output: Output?, finishes: Bool = false, discarded: Input? = nil) {
        self.output = output
        self.finishes = finishes
        self.discarded = discarded
    }

    /// Nothing to deliver.
    @inlinable
    static var none: Self { Self(output: nil) }
}

/// A value of one of two upstreams of different types, tagged with its side.
@usableFromInline
enum PairInput<First, Second> {
    case first(First)
    case second(Second)
}
