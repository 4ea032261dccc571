/// Why a ``ScalarTrackBank`` could not be built or could not write its values.
public enum ScalarTrackBankError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The tracks hold more keyframes (counting each component of a vector value) than a bank
    /// addresses, `Int32.max`.
    case tooManyKeyframes(count: Int)
    /// The output buffer has room for fewer values than the bank has tracks.
    case outputTooSmall(needed: Int, given: Int)
    /// A track index outside `0 ..< trackCount`.
    case trackOutOfRange(index: Int, trackCount: Int)

    /// A sentence that says what is wrong.
    public var description: String {
        switch self {
        case .tooManyKeyframes(let count):
            "a bank holds at most \(Int32.max) scalar keyframes, the tracks have \(count)"
        case .outputTooSmall(let needed, let given):
            "the output has room for \(given) values, the bank writes \(needed)"
        case .trackOutOfRange(let index, let trackCount):
            "track \(index) is outside the bank's \(trackCount) tracks"
        }
    }
}
