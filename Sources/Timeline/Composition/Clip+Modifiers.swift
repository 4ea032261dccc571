extension Clip {
    /// The clip, starting `delay` seconds later.
    ///
    /// During the delay the clip applies its start values only if it fills backwards (set with
    /// ``filling(_:)`` on the delayed clip).
    ///
    /// - Parameter delay: Seconds; finite and not negative.
    /// - Throws: ``CompositionError/nonFiniteTime(_:_:)`` for a NaN or infinite delay,
    ///   ``CompositionError/negativeTime(_:_:)`` for a negative one.
    public func delayed(by delay: Double) throws(CompositionError) -> Clip {
        guard delay.isFinite else { throw .nonFiniteTime("delay", delay) }
        guard delay >= 0 else { throw .negativeTime("delay", delay) }
        return Clip(
            node: .delayed(delay, self), duration: delay + duration, fill: fill,
            markers: markers.map { $0.moved(to: $0.time + delay) })
    }

    /// The clip played `factor` times as fast.
    ///
    /// - Parameter factor: Finite and greater than 0; 2 plays twice as fast and halves the duration.
    /// - Throws: ``CompositionError/invalidSpeed(_:)``.
    public func speed(_ factor: Double) throws(CompositionError) -> Clip {
        guard factor.isFinite, factor > 0, (duration / factor).isFinite || !duration.isFinite else {
            throw .invalidSpeed(factor)
        }
        return Clip(
            node: .speed(factor, self), duration: duration / factor, fill: fill,
            markers: markers.map { $0.moved(to: $0.time / factor) })
    }

    /// The clip played `count` times in a row.
    ///
    /// A fractional count ends part-way through the last iteration (2.5 plays two and a half
    /// times). After the end the clip holds where its last iteration ended.
    ///
    /// Markers are reported for the first 1,000 iterations.
    ///
    /// - Parameter count: Finite and greater than 0, and small enough that the total duration is
    ///   finite.
    /// - Throws: ``CompositionError/invalidRepeatCount(_:)``, or
    ///   ``CompositionError/infiniteDuration(_:)`` if the clip itself never ends.
    public func repeated(_ count: Double) throws(CompositionError) -> Clip {
        guard duration.isFinite else { throw .infiniteDuration("repeated(\(count))") }
        guard count.isFinite, count > 0, (duration * count).isFinite else { throw .invalidRepeatCount(count) }
        return Clip(
            node: .repeated(count, self), duration: duration * count, fill: fill,
            markers: repeatedMarkers(iterations: Int(min(count, Self.markedIterations).rounded(.up)), total: duration * count))
    }

    /// How many iterations of a repeat report their markers.
    static var markedIterations: Double { 1000 }

    /// The clip played over and over; its duration is infinite.
    ///
    /// Markers are reported for the first 1,000 iterations.
    ///
    /// - Throws: ``CompositionError/infiniteDuration(_:)`` if the clip itself never ends.
    public func repeatedForever() throws(CompositionError) -> Clip {
        guard duration.isFinite else { throw .infiniteDuration("repeatedForever()") }
        return Clip(
            node: .repeated(.infinity, self), duration: duration > 0 ? .infinity : 0, fill: fill,
            markers: repeatedMarkers(iterations: Int(Self.markedIterations), total: .infinity))
    }

    /// The clip played forwards and then backwards; the duration doubles.
    ///
    /// - Throws: ``CompositionError/infiniteDuration(_:)`` if the clip never ends.
    public func autoreversed() throws(CompositionError) -> Clip {
        guard duration.isFinite else { throw .infiniteDuration("autoreversed()") }
        // Played backwards, a named clip starts where it ended and ends where it started.
        let mirrored = markers.reversed().map { marker in
            var mirrored = marker.moved(to: 2 * duration - marker.time)
            switch marker.kind {
            case .start: mirrored.kind = .end
            case .end: mirrored.kind = .start
            case .label: break
            }
            return mirrored
        }
        return Clip(
            node: .autoreversed(self), duration: 2 * duration, fill: fill,
            markers: markers + mirrored.filter { $0.time > duration })
    }

    /// How long the clip waits before it starts playing: the delays it begins with (scaled by the
    /// speed changes around them). GSAP's `"<"` position counts a tween's delay, and so does
    /// ``Choreography/Position/withPrevious(offset:)``.
    var leadingDelay: Double {
        switch node {
        case .delayed(let delay, let child): delay + child.leadingDelay
        case .speed(let factor, let child): child.leadingDelay / factor
        case .repeated(_, let child), .autoreversed(let child): child.leadingDelay
        case .leaf, .placed: 0
        }
    }

    /// The clip with a different fill mode.
    public func filling(_ mode: FillMode) -> Clip {
        var result = self
        result.fill = mode
        return result
    }

    /// The markers of every iteration up to `total`. A named clip cut short by the end of a
    /// fractional repeat ends where the repeat ends; one repeated forever never ends.
    private func repeatedMarkers(iterations: Int, total: Double) -> [Marker] {
        guard !markers.isEmpty, duration > 0 else { return markers }
        var result: [Marker] = []
        for iteration in 0..<iterations {
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
