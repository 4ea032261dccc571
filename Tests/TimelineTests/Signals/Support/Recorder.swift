import Timeline

/// One event as an observer saw it.
enum RecordedEvent<Value: Sendable, Failure: Error>: Sendable {
    case value(Value)
    case completion(SignalCompletion<Failure>)
}

extension RecordedEvent: Equatable where Value: Equatable, Failure: Equatable {}

extension RecordedEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .value(let value): "\(value)"
        case .completion(let completion): "\(completion)"
        }
    }
}

/// An observer that records every event it receives, from any thread.
final class Recorder<Value: Sendable, Failure: Error>: Sendable {
    private let recorded = Locked<[RecordedEvent<Value, Failure>]>([])

    init() {}

    /// An observer that appends to this recorder.
    var observer: Observer<Value, Failure> {
        Observer(
            onValue: { value in self.recorded.withLock { $0.append(.value(value)) } },
            onCompletion: { completion in
                self.recorded.withLock { $0.append(.completion(completion)) }
            }
        )
    }

    /// Observes `signal` with this recorder.
    func observe<S: Signal>(_ signal: S) -> SignalObservation
    where S.Output == Value, S.Failure == Failure {
        signal.observe(observer)
    }

    /// Every event so far, in the order received.
    var events: [RecordedEvent<Value, Failure>] { recorded.withLock { $0 } }

    /// The values so far.
    var values: [Value] {
        events.compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    /// The completions so far (a correct signal delivers at most one).
    var completions: [SignalCompletion<Failure>] {
        events.compactMap { if case .completion(let completion) = $0 { completion } else { nil } }
    }
}

/// The error the tests make signals fail with.
enum TestError: Error, Equatable, CustomStringConvertible {
    case boom
    case other(Int)

    var description: String {
        switch self {
        case .boom: "boom"
        case .other(let code): "other(\(code))"
        }
    }
}
