/// Why a sink stopped a run.
public enum SinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The destination is closed (for example, the reading end of a pipe exited).
    case closed
    /// Writing failed.
    case writeFailed(destination: String, reason: String)
    /// The sink cannot write frames of this schema (for CSV: two channels with the same column).
    case unsupportedSchema(reason: String)

    /// A sentence that says what happened.
    public var description: String {
        switch self {
        case .closed: "the output was closed"
        case .writeFailed(let destination, let reason): "cannot write to \(destination): \(reason)"
        case .unsupportedSchema(let reason): "cannot write these frames: \(reason)"
        }
    }
}
