/// The animator's machinery: commands under the group's lock, values and delivery.
///
/// Everything that changes the animator runs under its group's lock; everything that calls out
/// (events, completions, the state's observers, releasing an animator) runs after unlocking, so
/// a handler may command any animator, on any clock.
extension Animator {
    /// The clock's current time in seconds (the last tick's, once the clock is gone).
    var now: Double { group.now }

    func complete(at position: AnimatorPosition, finished: Bool) {
        let now = self.now
        var publishing: [_AnimatorCore] = []
        group.lock.lock()
        group.syncLocked(program)
        guard let completion = program.machine.complete(at: position, finished: finished, clock: now) else {
            group.lock.unlock()
            return
        }
        let markers = program.applyValuesLocked(epoch: AnimatorGroupEpoch.onDemand, publishing: &publishing)
        let delivery = program.finishLocked(events: markers, completion: completion)
        let released = group.updateMembershipLocked(program)
        group.lock.unlock()
        deliver([delivery], publishing: publishing, releasing: released)
    }

    /// Runs a state change under the lock, then delivers its events outside it.
    func command(
        _ body: (AnimatorProgram) throws(AnimatorError) -> MachineEvents
    ) throws(AnimatorError) {
        group.lock.lock()
        group.syncLocked(program)
        let result: Result<MachineEvents, AnimatorError>
        do throws(AnimatorError) {
            result = .success(try body(program))
        } catch {
            result = .failure(error)
        }
        let released = group.updateMembershipLocked(program)
        let emitter = program.eventEmitter
        group.lock.unlock()
        released?.release()
        let events = try result.get()
        if let emitter { for event in events { emitter.send(event) } }
    }

    /// Runs a command that sets the animator running (a start, or a continuation) under the lock,
    /// moves it to clock time `now` at once, and delivers the command's events, then the step's,
    /// outside the lock: one lock, one update of the batch, and no array for an animator no one
    /// observes.
    ///
    /// `body` says, with the command's events, whether the values at `now` must be written: a
    /// start from rest whose numbers were just read from the state would write them back
    /// unchanged (``AnimatorProgram/firstFrameRewritesState``).
    func run(
        at now: Double, _ body: (AnimatorProgram) throws(AnimatorError) -> (MachineEvents, writesFirstFrame: Bool)
    ) throws(AnimatorError) {
        group.lock.lock()
        group.syncLocked(program)
        let events: MachineEvents, writesFirstFrame: Bool
        do throws(AnimatorError) {
            (events, writesFirstFrame) = try body(program)
        } catch {
            let released = group.updateMembershipLocked(program)
            group.lock.unlock()
            released?.release()
            throw error
        }
        let emitter = program.eventEmitter
        guard writesFirstFrame else {
            // A start from rest: nothing written, nothing to deliver but the command's events
            // (and no arrays made and freed for them).
            let released = group.updateMembershipLocked(program)
            let needsRegistration = group.needsRegistrationLocked
            group.lock.unlock()
            if needsRegistration { group.ensureRegistered() }
            if let emitter { for event in events { emitter.send(event) } }
            released?.release()
            return
        }
        var deliveries: [AnimatorDelivery] = []
        var publishing: [_AnimatorCore] = []
        program.advanceLocked(to: now, epoch: AnimatorGroupEpoch.onDemand, deliveries: &deliveries, publishing: &publishing)
        let released = group.updateMembershipLocked(program)
        let needsRegistration = group.needsRegistrationLocked
        group.lock.unlock()
        if needsRegistration { group.ensureRegistered() }
        if let emitter { for event in events { emitter.send(event) } }
        deliver(deliveries, publishing: publishing, releasing: released)
    }

    /// Writes every animation's value at the current position into the state (a scrub).
    func applyValues() {
        var publishing: [_AnimatorCore] = []
        group.lock.lock()
        let markers = program.applyValuesLocked(epoch: AnimatorGroupEpoch.onDemand, publishing: &publishing)
        let emitter = program.eventEmitter
        group.lock.unlock()
        let deliveries = markers.isEmpty || emitter == nil ? [] : [AnimatorDelivery(emitter: emitter, events: markers)]
        deliver(deliveries, publishing: publishing, releasing: nil)
    }

    private func deliver(
        _ deliveries: [AnimatorDelivery], publishing: [_AnimatorCore], releasing: Unmanaged<AnimatorProgram>?
    ) {
        if !publishing.isEmpty {
            if let batch = PublicationBatch.current {
                batch.add(publishing)
            } else {
                for state in publishing { state.publishState() }
            }
        }
        for delivery in deliveries { delivery.deliver() }
        releasing?.release()
    }
}
