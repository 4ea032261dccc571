import Timeline
import TimelinePlugins

/// One part of a render split across processes or machines: shard `index` of `count` renders one
/// of `count` contiguous, near-equal ranges of the render's frames.
///
/// Shard `i` of `N` over `n` frames starting at `a` renders frames `a + ⌊i·n/N⌋ ..< a + ⌊(i+1)·n/N⌋`:
/// the ranges are in order, never overlap, cover every frame, and differ in length by at most one.
/// With more shards than frames some shards are empty (``frames(of:)`` returns `nil`). Because a
/// Cadence frame is a pure function of its time, a shard costs O(its frames) wherever it starts,
/// and the shards' outputs joined in order are the whole render (`cadence join`).
///
/// ```swift
/// let shard = try RenderShard(index: 2, count: 3)
/// shard.frames(of: 0...99)  // 66...99
/// ```
public struct RenderShard: Sendable, Hashable, CustomStringConvertible {
    /// The shard's position, `0..<count`.
    public let index: Int
    /// How many shards the render is split into.
    public let count: Int

    /// The most shards a render is split into.
    public static let maximumCount = 100_000

    /// The environment variables through which schedulers give each task of an array its index:
    /// Slurm job arrays, Kubernetes Indexed Jobs and AWS Batch array jobs.
    public static let schedulerVariables = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"]

    /// Creates shard `index` of `count`.
    ///
    /// - Throws: ``RenderShardError/badCount(_:)`` unless `1 <= count <= maximumCount`,
    ///   ``RenderShardError/badIndex(_:count:)`` unless `0 <= index < count`.
    public init(index: Int, count: Int) throws(RenderShardError) {
        guard count >= 1, count <= Self.maximumCount else { throw .badCount(String(count)) }
        guard index >= 0, index < count else { throw .badIndex(String(index), count: count) }
        self.index = index
        self.count = count
    }

    /// `2/16`: the index, a slash and the count, as `--shard` takes it.
    public var description: String { "\(index)/\(count)" }

    /// This shard's frames of a render of `whole`, or `nil` when the shard has none (more shards
    /// than frames).
    ///
    /// - Parameter whole: The whole render's frames.
    /// - Returns: A contiguous part of `whole`.
    public func frames(of whole: ClosedRange<Int>) -> ClosedRange<Int>? {
        let total = UInt(bitPattern: whole.upperBound &- whole.lowerBound) + 1
        let start = Self.split(total, at: index, of: count), end = Self.split(total, at: index + 1, of: count)
        guard end > start else { return nil }
        return (whole.lowerBound + Int(start))...(whole.lowerBound + Int(end) - 1)
    }

    /// This shard's frames of a render of `whole` cut into segments of `framesPerSegment` frames
    /// (from `whole`'s first; the last may be shorter), or `nil` when the shard has none: the
    /// segments are split as ``frames(of:)`` splits frames, so every shard starts on a segment's
    /// first frame and holds whole segments (an MP4, WebM or FFV1 render's shards, whose segments are
    /// encoded independently).
    ///
    /// - Parameters:
    ///   - whole: The whole render's frames.
    ///   - framesPerSegment: The frames in a segment (at least 1).
    /// - Returns: A contiguous part of `whole`, from a segment's first frame to a segment's last.
    public func frames(of whole: ClosedRange<Int>, inSegmentsOf framesPerSegment: Int) -> ClosedRange<Int>? {
        let length = UInt(max(1, framesPerSegment))
        let total = UInt(bitPattern: whole.upperBound &- whole.lowerBound) + 1
        let segments = total / length + (total % length == 0 ? 0 : 1)
        let start = Self.split(segments, at: index, of: count), end = Self.split(segments, at: index + 1, of: count)
        guard end > start else { return nil }
        let first = start * length, last = min(end * length, total) - 1
        return (whole.lowerBound + Int(first))...(whole.lowerBound + Int(last))
    }

    /// `⌊total · i / n⌋` without overflow.
    private static func split(_ total: UInt, at i: Int, of n: Int) -> UInt {
        let product = total.multipliedFullWidth(by: UInt(i))
        return UInt(n).dividingFullWidth(product).quotient
    }

    /// Parses `I/N` or `auto/N` (the index from the scheduler's variable in `environment`).
    ///
    /// - Parameters:
    ///   - text: `I/N` or `auto/N`.
    ///   - environment: The process's environment, for `auto`.
    /// - Returns: The shard, and the variable its index came from (`nil` for `I/N`).
    /// - Throws: ``RenderShardError`` naming what is wrong.
    public static func parse(
        _ text: String, environment: [String: String]
    ) throws(RenderShardError) -> (shard: RenderShard, variable: String?) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .badSpecification(text) }
        guard let count = Int(parts[1]), count >= 1, count <= maximumCount else { throw .badCount(String(parts[1])) }
        if parts[0] == "auto" {
            // A variable set to nothing is not set; the others must be indices, and the same index
            // (`01` and `1` agree).
            let found = schedulerVariables.compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : (name, $0) } }
            guard let first = found.first else { throw .noSchedulerIndex }
            var indices: [Int] = []
            for (name, value) in found {
                guard let index = Int(value), index >= 0 else { throw .badVariable(name: name, value: value) }
                indices.append(index)
            }
            if indices.contains(where: { $0 != indices[0] }) {
                throw .schedulersDisagree(found.map { "\($0.0)=\($0.1)" })
            }
            let index = indices[0]
            guard index < count else { throw .indexOutOfRange(name: first.0, index: index, count: count) }
            return (try RenderShard(index: index, count: count), first.0)
        }
        guard let index = Int(parts[0]) else { throw .badSpecification(text) }
        return (try RenderShard(index: index, count: count), nil)
    }
}

/// Why a shard could not be made or found.
public enum RenderShardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is neither `I/N` nor `auto/N`.
    case badSpecification(String)
    /// The count is not a whole number from 1 to ``RenderShard/maximumCount``.
    case badCount(String)
    /// The index is not a whole number from 0 to count − 1.
    case badIndex(String, count: Int)
    /// `auto`, but none of ``RenderShard/schedulerVariables`` is set.
    case noSchedulerIndex
    /// `auto`, and several scheduler variables are set to different values (`NAME=VALUE` each).
    case schedulersDisagree([String])
    /// A scheduler variable holds something other than a whole number from 0.
    case badVariable(name: String, value: String)
    /// A scheduler variable's index is not below the count.
    case indexOutOfRange(name: String, index: Int, count: Int)

    /// What is wrong, and what to do.
    public var description: String {
        switch self {
        case .badSpecification(let text):
            "'--shard' is I/N (for example 3/16) or auto/N, got '\(InputExcerpt.excerpt(text))'"
        case .badCount(let text):
            "the shard count is a whole number from 1 to \(RenderShard.maximumCount), got '\(InputExcerpt.excerpt(text))'"
        case .badIndex(let text, let count):
            "the shard index is a whole number from 0 to \(count - 1), got '\(InputExcerpt.excerpt(text))'"
        case .noSchedulerIndex:
            "'--shard auto/N' reads the index from the scheduler, but none of "
                + RenderShard.schedulerVariables.joined(separator: ", ") + " is set (give the index: --shard I/N)"
        case .schedulersDisagree(let settings):
            "'--shard auto/N' found several scheduler indices that disagree: \(settings.joined(separator: ", ")) (give the index: --shard I/N)"
        case .badVariable(let name, let value):
            "\(name) is '\(InputExcerpt.excerpt(value))', not a shard index (a whole number from 0)"
        case .indexOutOfRange(let name, let index, let count):
            "\(name) is \(index), but a render in \(count) shards has indices 0 to \(count - 1)"
                + (name == "SLURM_ARRAY_TASK_ID" ? " (submit with --array=0-\(count - 1))" : "")
        }
    }
}
