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
        return Clip(node: .delayed(delay, self), duration: delay + duration, fill: fill)
    }

    /// The clip played `factor` times as fast.
    ///
    /// - Parameter factor: Finite and greater than 0; 2 plays twice as fast and halves the duration.
    /// - Throws: ``CompositionError/invalidSpeed(_:)``.
    public func speed(_ factor: Double) throws(CompositionError) -> Clip {
        guard factor.isFinite, factor > 0, (duration / factor).isFinite || !duration.isFinite else {
            throw .invalidSpeed(factor)
        }
        return Clip(node: .speed(factor, self), duration: duration / factor, fill: fill)
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
        return Clip(node: .repeated(count, self), duration: duration * count, fill: fill)
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
        return Clip(node: .repeated(.infinity, self), duration: duration > 0 ? .infinity : 0, fill: fill)
    }

    /// The clip played forwards and then backwards; the duration doubles.
    ///
    /// - Throws: ``CompositionError/infiniteDuration(_:)`` if the clip never ends.
    public func autoreversed() throws(CompositionError) -> Clip {
        guard duration.isFinite else { throw .infiniteDuration("autoreversed()") }
        return Clip(node: .autoreversed(self), duration: 2 * duration, fill: fill)
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
}
