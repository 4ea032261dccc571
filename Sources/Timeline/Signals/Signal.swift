/// A source of values over time that ends, at most once, by finishing or failing.
///
/// A signal delivers events to each observer in the grammar `value* completion?`: any number of
/// values, then optionally one ``SignalCompletion``. Observing returns a ``SignalObservation`` that
/// keeps the observer attached until it is cancelled or released.
///
/// ```swift
/// let ticks = Emitter<Int, Never>()
/// let observation = ticks
///     .filter { $0.isMultiple(of: 2) }
///     .map { $0 * 10 }
///     .observe { print($0) }
/// ticks.send(1)   // nothing
/// ticks.send(2)   // prints 20
/// ```
///
/// Cadence's own sources are ``Emitter`` (passes values on) and ``StateEmitter`` (holds a current
/// value); operators such as ``map(_:)``, ``combineLatest(with:)`` and ``sample(on:)`` build new
/// signals from existing ones, and ``values`` bridges to `AsyncSequence`.
///
/// ## Contract
/// A conforming type's ``observe(_:)`` must:
/// - deliver each observer's events in order and at most one completion, with no value after it;
/// - call the observer serially when its own events are produced serially (events produced on
///   several threads at once may reach the observer at once; Cadence's operators stay correct,
///   only the relative order of such events is not defined);
/// - stop delivering once the returned observation is cancelled, and release the observer;
/// - call the observer with no lock held, so that the observer may send, observe or cancel
///   re-entrantly without deadlock;
/// - not retain the returned ``SignalObservation`` (that is the caller's job), so that an observer
///   closure can capture the object that owns its observation without forming a cycle.
///
/// Observing is the only requirement; everything else is built on top of it. A signal value is
/// a description that can be observed many times: stateful operators (`scan`, `removeDuplicates`,
/// `zip`, …) keep separate state for each observation.
public protocol Signal<Output, Failure>: Sendable {
    /// The type of the values the signal delivers.
    associatedtype Output: Sendable

    /// The type of the error the signal can fail with (`Never` if it cannot fail).
    associatedtype Failure: Error

    /// Attaches `observer` and returns the observation that keeps it attached.
    ///
    /// A signal that already ended delivers its completion at once and returns an observation
    /// with nothing to cancel. A signal with a current value (``StateEmitter``) delivers that value
    /// before returning.
    ///
    /// - Parameter observer: Receives the signal's values and completion.
    /// - Returns: The observation; cancelling or releasing it detaches the observer.
    func observe(_ observer: Observer<Output, Failure>) -> SignalObservation
}
