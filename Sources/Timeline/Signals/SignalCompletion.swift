/// How a signal ended: it finished normally or failed with a typed error.
///
/// A signal delivers at most one completion to each observer, and nothing after it.
///
/// ```swift
/// let loads = Emitter<Int, LoadError>()
/// let observation = loads.observe { count in
///     print("loaded", count)
/// } onCompletion: { completion in
///     if case .failed(let error) = completion { print("failed:", error) }
/// }
/// loads.fail(.notFound)   // prints "failed: notFound"
/// ```
public enum SignalCompletion<Failure: Error>: Sendable {
    /// The signal ended normally; no more values follow.
    case finished
    /// The signal ended with an error; no more values follow.
    case failed(Failure)

    /// The error, if the signal failed.
    @inlinable
    public var failure: Failure? {
        if case .failed(let error) = self { error } else { nil }
    }

    /// Returns normally if the signal finished and throws its error if it failed.
    ///
    /// - Throws: The signal's error, when the completion is ``failed(_:)``.
    @inlinable
    public func get() throws(Failure) {
        if case .failed(let error) = self { throw error }
    }

    /// The same completion with its error transformed.
    ///
    /// - Parameter transform: Maps the error of a failed completion.
    /// - Returns: `.finished`, or `.failed(transform(error))`.
    @inlinable
    public func mapFailure<NewFailure: Error>(
        _ transform: (Failure) -> NewFailure
    ) -> SignalCompletion<NewFailure> {
        switch self {
        case .finished: .finished
        case .failed(let error): .failed(transform(error))
        }
    }
}

extension SignalCompletion: Equatable where Failure: Equatable {}
extension SignalCompletion: Hashable where Failure: Hashable {}

extension SignalCompletion: CustomStringConvertible {
    /// `finished` or `failed(<error>)`.
    public var description: String {
        switch self {
        case .finished: "finished"
        case .failed(let error): "failed(\(error))"
        }
    }
}
