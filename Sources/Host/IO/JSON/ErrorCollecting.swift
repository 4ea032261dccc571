import Timeline

/// A reader that collects every error it finds instead of stopping at the first, each with its
/// JSON path: a document's top level, its keyframes, its timeline and its scene all read this way,
/// so that one run reports everything wrong with a file.
package protocol ErrorCollecting {
    /// The errors found so far, in the order found.
    var errors: [DocumentError] { get set }
}

extension ErrorCollecting {
    /// Records an error and goes on.
    mutating package func record(_ error: DocumentError) {
        errors.append(error)
    }

    /// Runs `body`, recording its error; returns `nil` if it threw.
    mutating package func attempt<T>(_ body: () throws(DocumentError) -> T) -> T? {
        do {
            return try body()
        } catch {
            record(error)
            return nil
        }
    }
}
