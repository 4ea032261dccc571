extension Clip {
    /// The clip's markers, listed from the tree, at most `limit` of them, in time order.
    ///
    /// Each node lists its children's markers with at most the budget left, so the work and the
    /// memory are bounded by the limit at each level of nesting, whatever the repeat counts:
    /// three nested repeats of 1,000 iterations list 100,000 markers, not 10⁹. Nothing is kept
    /// in the nodes; only the top-level list is cached (``markers``).
    func listMarkers(limit: Int) -> [Marker] {
        guard limit > 0 else { return [] }
        var result: [Marker]
        switch node {
        case .leaf:
            result = []
        case .placed(let placements):
            result = []
            for placement in placements where result.count < limit {
                for marker in placement.clip.listMarkers(limit: limit - result.count) {
                    result.append(marker.moved(to: marker.time + placement.start))
                }
            }
        case .delayed(let delay, let child):
            result = child.listMarkers(limit: limit).map { $0.moved(to: $0.time + delay) }
        case .speed(let factor, let child):
            result = child.listMarkers(limit: limit).map { $0.moved(to: $0.time / factor) }
        case .repeated(let count, let child):
            result = child.repeatedMarkers(count: count, limit: limit)
        case .autoreversed(let child):
            // Played backwards, a named clip starts where it ended and ends where it started.
            result = child.listMarkers(limit: limit)
            let length = child.duration
            for marker in result.reversed() where 2 * length - marker.time > length {
                var mirrored = marker.moved(to: 2 * length - marker.time)
                switch marker.kind {
                case .start: mirrored.kind = .end
                case .end: mirrored.kind = .start
                case .label: break
                }
                result.append(mirrored)
            }
        }
        result += ownMarkers
        if !result.isSorted(by: \.time) { result.sort { $0.time < $1.time } }
        if result.count > limit { result.removeLast(result.count - limit) }
        return result
    }

    /// The markers of the clip repeated `count` times: every iteration's up to the end of the
    /// repeat, for the first 1,000 iterations and at most `limit` markers. A named clip cut short
    /// by the end of a fractional repeat ends where the repeat ends; one repeated forever never
    /// ends.
    private func repeatedMarkers(count: Double, limit: Int) -> [Marker] {
        let markers = listMarkers(limit: limit)
        guard !markers.isEmpty, duration > 0 else { return markers }
        let total = count.isFinite ? duration * count : .infinity
        let iterations = Int(min(count, Self.markedIterations).rounded(.up))
        var result: [Marker] = []
        for iteration in 0..<iterations where result.count < limit {
            let offset = Double(iteration) * duration
            var started = Set<String>()
            var cut: [String] = []
            for marker in markers {
                let time = marker.time + offset
                if time <= total {
                    result.append(marker.moved(to: time))
                    if marker.kind == .start { started.insert(marker.name) }
                } else if marker.kind == .end, started.contains(marker.name), !cut.contains(marker.name) {
                    cut.append(marker.name)
                }
            }
            for name in cut where total.isFinite { result.append(Marker(name: name, time: total, kind: .end)) }
        }
        if total.isInfinite { result.removeAll { $0.kind == .end } }
        return result
    }
}

extension Array {
    /// Whether the elements are in ascending order of a key.
    fileprivate func isSorted(by key: (Element) -> Double) -> Bool {
        var previous = -Double.infinity
        for element in self {
            let value = key(element)
            if value < previous { return false }
            previous = value
        }
        return true
    }
}
