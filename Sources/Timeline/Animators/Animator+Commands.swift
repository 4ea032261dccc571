extension Animator {
    /// Starts the animator, or resumes it after a pause, optionally after a delay.
    ///
    /// Values are applied at once at the current clock time, so an animator started from a
    /// completion handler begins on the same clock time, without a frame of lag.
    ///
    /// - Parameter delay: Seconds to wait before running; finite and not negative.
    /// - Throws: ``AnimatorError/invalidDelay(_:)`` or ``AnimatorError/alreadyCompleted``.
    public func start(afterDelay delay: Double = 0) throws(AnimatorError) {
        guard delay.isFinite, delay >= 0 else { throw .invalidDelay(delay) }
        let now = self.now
        try run(at: now) { program throws(AnimatorError) -> (MachineEvents, writesFirstFrame: Bool) in
            guard program.machine.phase != .completed else { throw .alreadyCompleted }
            let startsFromRest = program.machine.phase == .inactive
            activateLocked()
            let events = program.machine.start(at: now, delay: delay)
            return (events, !startsFromRest || program.firstFrameRewritesState)
        }
    }

    /// Pauses the animator where it is.
    public func pause() {
        let now = self.now
        try? command { program throws(AnimatorError) in program.machine.pause(at: now) }
    }

    /// Sets the fraction of the duration played (scrubbing) and applies the values at once.
    ///
    /// Scrubbing a running animator moves it; it keeps running from there.
    ///
    /// - Parameter fraction: Clamped to `0...1`.
    /// - Throws: ``AnimatorError/invalidFraction(_:)`` for NaN.
    public func scrub(toFraction fraction: Double) throws(AnimatorError) {
        guard !fraction.isNaN else { throw .invalidFraction(fraction) }
        let now = self.now
        try command { program throws(AnimatorError) -> MachineEvents in
            guard program.machine.phase != .completed else { throw .alreadyCompleted }
            if program.machine.phase == .inactive {
                activateLocked()
                _ = program.machine.pause(at: now)
            }
            program.machine.scrub(toFraction: fraction, at: now)
            return MachineEvents()
        }
        applyValues()
    }

    /// Makes the animator run towards its start (`true`) or its end (`false`) from where it is.
    public func setReversed(_ reversed: Bool) {
        let now = self.now
        try? command { program throws(AnimatorError) in program.machine.setReversed(reversed, at: now) }
    }

    /// Flips the direction.
    public func reverse() { setReversed(!isReversed) }

    /// Continues from where the animator is, towards its end or its start, at `speed` times the
    /// normal rate: how an interactive transition finishes or cancels after the gesture ends.
    ///
    /// - Parameters:
    ///   - reversed: `true` to run back to the start.
    ///   - speed: Finite and greater than 0.
    /// - Throws: ``AnimatorError/invalidSpeed(_:)`` or ``AnimatorError/alreadyCompleted``.
    public func continueAnimation(reversed: Bool, speed: Double = 1) throws(AnimatorError) {
        guard speed.isFinite, speed > 0 else { throw .invalidSpeed(speed) }
        let now = self.now
        try run(at: now) { program throws(AnimatorError) -> (MachineEvents, writesFirstFrame: Bool) in
            guard program.machine.phase != .completed else { throw .alreadyCompleted }
            activateLocked()
            var events = program.machine.setReversed(reversed, at: now)
            program.machine.setSpeed(speed, at: now)
            events += program.machine.start(at: now, delay: 0)
            return (events, true)
        }
    }

    /// Continues from where the animator is with its fraction complete following `motion`, and
    /// completes at `position` when the motion ends: how an interactive transition hands over to a
    /// spring that starts from the gesture's velocity.
    ///
    /// ```swift
    /// // Released at fraction 0.6, moving at 1.5 per second: settle on the end with a spring.
    /// let release = try SpringAnimation(spring: spring, from: 0.6, to: 1.0, initialVelocity: 1.5)
    /// try animator.continueAnimation(following: release, towards: .end)
    /// ```
    ///
    /// - Parameters:
    ///   - motion: The fraction complete (0 at the start, 1 at the end) as a function of the seconds
    ///     since this call; values outside `0...1` are clamped.
    ///   - position: `.end` or `.start`: where the animator completes.
    /// - Throws: ``AnimatorError/alreadyCompleted``, or ``AnimatorError/invalidDuration(_:)`` for a
    ///   motion that never ends.
    public func continueAnimation(
        following motion: some Motion<Double>, towards position: AnimatorPosition
    ) throws(AnimatorError) {
        guard motion.duration.isFinite, motion.duration >= 0 else { throw .invalidDuration(motion.duration) }
        let now = self.now
        try run(at: now) { program throws(AnimatorError) -> (MachineEvents, writesFirstFrame: Bool) in
            guard program.machine.phase != .completed else { throw .alreadyCompleted }
            activateLocked()
            return (program.machine.follow(motion, towards: position == .start ? .start : .end, at: now), true)
        }
    }

    /// Completes now at `position` with `finished: true`; `.end` and `.start` apply those values.
    public func finish(at position: AnimatorPosition = .end) {
        complete(at: position, finished: true)
    }

    /// Returns every animated value to where it started and completes with `finished: false`.
    public func cancel() {
        complete(at: .start, finished: false)
    }

    /// Stops where it is and completes with `finished: false` at the current position.
    public func stop() {
        complete(at: .current, finished: false)
    }
}
