extension Clip {
    /// Applies the clip's values at `time` as a playhead moving backwards leaves them: every leaf
    /// that starts after `time` shows its start value, whatever its fill, and the rest apply as
    /// ``apply(at:to:)`` does.
    ///
    /// This is how GSAP renders a timeline played in reverse: as the playhead crosses a tween's
    /// start going backwards, the tween renders its start. Where several leaves that start after
    /// `time` set the same property, the one that starts first wins (it is crossed last); among
    /// leaves starting at the same time, the later one in the combinator wins, as in
    /// ``apply(at:to:)``. At `time` 0, every value is at its start: what ``Animator/cancel()``
    /// and an animator reversed to its start promise.
    ///
    /// A leaf's start is where it first starts: inside a repeat, its start in the first iteration.
    ///
    /// - Parameters:
    ///   - time: Seconds from the clip's start; clamped to `0...duration` as in ``apply(at:to:)``.
    ///   - root: The state to write into.
    /// - Complexity: O(leaves that start after `time`), plus ``apply(at:to:)``.
    public func applyReversed(at time: Double, to root: inout Root) {
        let starts = compiled.leafStarts(for: self)
        let (local, _) = topLevel(time)
        for leaf in starts {
            // Latest first: stop at the first leaf that has started by `local`.
            guard leaf.start > local + ClipPhase.tolerance(leaf.start, local, 0) else { break }
            leaf.body(0, true, &root)
        }
        apply(at: time, to: &root)
    }

    /// Every leaf with the time it first starts, in top-level seconds, latest first (ties in the
    /// reverse of the order they apply, so that applying the list in order leaves the later
    /// leaf's value).
    func leafStartsLatestFirst() -> [ClipLeafStart<Root>] {
        var leaves: [ClipLeafStart<Root>] = []
        collectLeafStarts(offset: 0, scale: 1, into: &leaves)
        // Stable by construction: the index breaks ties.
        let order = leaves.indices.sorted { lhs, rhs in
            leaves[lhs].start != leaves[rhs].start ? leaves[lhs].start > leaves[rhs].start : lhs < rhs
        }
        return order.map { leaves[$0] }
    }

    /// Appends every leaf of the clip with its first start, `offset + local × scale`.
    private func collectLeafStarts(offset: Double, scale: Double, into leaves: inout [ClipLeafStart<Root>]) {
        switch node {
        case .leaf(let leaf):
            leaves.append(ClipLeafStart(start: offset, body: leaf.body))
        case .placed(let placements):
            for placement in placements {
                placement.clip.collectLeafStarts(offset: offset + placement.start * scale, scale: scale, into: &leaves)
            }
        case .delayed(let delay, let child):
            child.collectLeafStarts(offset: offset + delay * scale, scale: scale, into: &leaves)
        case .speed(let factor, let child):
            child.collectLeafStarts(offset: offset, scale: scale / factor, into: &leaves)
        case .repeated(_, let child), .autoreversed(let child):
            child.collectLeafStarts(offset: offset, scale: scale, into: &leaves)
        }
    }
}

/// A leaf of a clip and the top-level time at which it first starts.
struct ClipLeafStart<Root>: Sendable {
    let start: Double
    let body: @Sendable (Double, Bool, inout Root) -> Void
}
