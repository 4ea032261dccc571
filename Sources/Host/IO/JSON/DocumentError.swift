import Timeline

/// Why a timeline document was rejected: the file, the JSON path and what is wrong.
///
/// ```
/// scene.json: tracks[0].keyframes[2].time: time 0.5 must be greater than the previous keyframe's time 1
/// ```
public struct DocumentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file the document came from, if it came from one.
    public var file: String?
    /// Where in the document: `tracks[0].keyframes[2].time`, or `$` for the whole document.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String? = nil, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    /// `file: path: message`, with any long run of echoed input shortened (``InputExcerpt``).
    public var description: String {
        InputExcerpt.bounded((file.map { "\($0): " } ?? "") + "\(path): \(message)")
    }
}

/// Every error found in a document (validation reports all of them, not just the first).
public struct DocumentErrors: Error, Sendable, Hashable, CustomStringConvertible {
    /// The errors, in document order.
    public var errors: [DocumentError]

    /// Collects errors.
    package init(errors: [DocumentError]) {
        self.errors = errors
    }

    /// One error per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
