/// Cancels the iterator's observation when the iterator (the `for` loop) goes away.
///
/// Kept apart from the storage: the signal's observer closures hold the storage, so the storage
/// alone would never be released while the observation runs.
final class IteratorLifetime<Output: Sendable, Failure: Error>: Sendable {
    let storage: SignalValuesStorage<Output, Failure>

    init(storage: SignalValuesStorage<Output, Failure>) {
        self.storage = storage
    }

    deinit {
        storage.cancel()
    }
}

/// The state shared by a signal's observer and the `AsyncSequence` iterator.
final class SignalValuesStorage<Output: Sendable, Failure: Error>: Sendable {
    typealias Waiter = UnsafeContinuation<Result<Output?, Failure>, Never>

    struct State {
        var buffer: SignalBuffer<Output>
        var completion: SignalCompletion<Failure>?
        /// The suspended `next()` call, if any.
        var waiter: Waiter?
        /// Whether iteration is over (completion handed out, or cancelled).
        var isTerminated = false

        /// What `next()` returns without waiting, if anything.
        mutating func takeReady() -> Result<Output?, Failure>? {
            if isTerminated { return .success(nil) }
            if let value = buffer.removeFirst() { return .success(value) }
            guard let completion else { return nil }
            isTerminated = true
            switch completion {
            case .finished: return .success(nil)
            case .failed(let error): return .failure(error)
            }
        }
    }

    let state: LockedState<State>
    let link = UpstreamLink()

    init(policy: BufferingPolicy) {
        state = LockedState(State(buffer: SignalBuffer(policy: policy)))
    }

    func receive(_ value: Output) {
        let (waiter, dropped) = state.withLock { state -> (Waiter?, Output?) in
            guard !state.isTerminated, state.completion == nil else { return (nil, nil) }
            if let waiter = state.waiter {
                state.waiter = nil
                return (waiter, nil)
            }
            return (nil, state.buffer.push(value))
        }
        withExtendedLifetime(dropped) {}
        waiter?.resume(returning: .success(value))
    }

    func receive(completion: SignalCompletion<Failure>) {
        let waiter = state.withLock { state -> Waiter? in
            guard !state.isTerminated, state.completion == nil else { return nil }
            state.completion = completion
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            state.isTerminated = true
            return waiter
        }
        switch completion {
        case .finished: waiter?.resume(returning: .success(nil))
        case .failed(let error): waiter?.resume(returning: .failure(error))
        }
    }

    func next(isolation actor: isolated (any Actor)?) async -> Result<Output?, Failure> {
        if let ready = state.withLock({ $0.takeReady() }) { return ready }
        return await withTaskCancellationHandler {
            await withUnsafeContinuation(isolation: actor) { (waiter: Waiter) in
                let ready = state.withLock { state -> Result<Output?, Failure>? in
                    if let ready = state.takeReady() { return ready }
                    state.waiter = waiter
                    return nil
                }
                if let ready { waiter.resume(returning: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Ends iteration: a waiting `next()` returns `nil`, the observation is cancelled and the
    /// waiting values are released.
    func cancel() {
        let (waiter, released) = state.withLock { state in
            state.isTerminated = true
            let waiter = state.waiter
            state.waiter = nil
            return (waiter, state.buffer.removeAll())
        }
        withExtendedLifetime(released) {}
        waiter?.resume(returning: .success(nil))
        link.cancel()
    }
}
