extension Track {
    /// Creates a track from keyframes at absolute times.
    ///
    /// - Parameter keyframes: At least one keyframe; times finite, not negative and strictly
    ///   increasing; values and explicit velocities finite.
    /// - Throws: ``TrackError`` naming the first offending keyframe.
    public init(keyframes: [Keyframe<Value>]) throws(TrackError) {
        guard !keyframes.isEmpty else { throw .empty }
        for (index, keyframe) in keyframes.enumerated() {
            try TrackError.checkKeyframeTime(
                keyframe.time, keyframe: index, previous: index > 0 ? keyframes[index - 1].time : nil)
            guard keyframe.value.isFinite else { throw .nonFiniteValue(keyframe: index) }
            if index > 0 { try Self.validateVelocities(of: keyframe.kind, keyframe: index) }
        }
        self = try Self.compile(keyframes)
    }

    /// Creates a track from a start value and segments given by their durations.
    ///
    /// - Parameters:
    ///   - start: The value at time 0.
    ///   - segments: The segments in order; segment `i` arrives at keyframe `i + 1`.
    /// - Throws: ``TrackError`` naming the first offending keyframe.
    public init(startingAt start: Value, segments: [TrackSegment<Value>]) throws(TrackError) {
        var keyframes = [Keyframe(time: 0, value: start)]
        keyframes.reserveCapacity(segments.count + 1)
        var time = 0.0
        for (offset, segment) in segments.enumerated() {
            let index = offset + 1
            let duration: Double
            if let given = segment.duration {
                duration = given
            } else if case .custom(let interpolator, _) = segment.kind,
                let natural = interpolator.naturalDuration
            {
                duration = natural
            } else {
                throw .missingDuration(keyframe: index)
            }
            guard duration.isFinite, duration > 0 else {
                throw .invalidDuration(keyframe: index, duration: duration)
            }
            time += duration
            keyframes.append(Keyframe(time: time, value: segment.value, segment.kind))
        }
        try self.init(keyframes: keyframes)
    }

    /// A track that holds one value.
    public static func constant(_ value: Value) throws(TrackError) -> Track {
        try Track(keyframes: [Keyframe(time: 0, value: value)])
    }

    private static func validateVelocities(
        of kind: SegmentKind<Value>, keyframe index: Int
    ) throws(TrackError) {
        switch kind {
        case .hold, .timing:
            break
        case .cubic(let start, let end):
            if let start, !start.isFinite { throw .nonFiniteVelocity(keyframe: index) }
            if let end, !end.isFinite { throw .nonFiniteVelocity(keyframe: index) }
        case .custom(_, let start):
            if let start, !start.isFinite { throw .nonFiniteVelocity(keyframe: index) }
        }
    }

    /// Compiles validated keyframes: resolves every segment's start and end velocity.
    private static func compile(_ keyframes: [Keyframe<Value>]) throws(TrackError) -> Track {
        let count = keyframes.count
        // Closures, not key paths: a key path into a generic type is instantiated at run time.
        let times = keyframes.map { $0.time }
        let values = keyframes.map { $0.value }
        let segmentCount = count - 1

        func tangent(at k: Int) -> Value {
            let before = max(k - 1, 0)
            let after = min(k + 1, count - 1)
            return (values[after] - values[before]).scaled(by: 1 / (times[after] - times[before]))
        }
        /// The velocity segment `i` starts with by its own definition, if it has one: zero for a
        /// hold, the curve's slope for a timing curve (unless the curve starts vertically), an
        /// explicit start velocity for a cubic.
        func ownStartVelocity(of i: Int) -> Value? {
            let duration = times[i + 1] - times[i]
            switch keyframes[i + 1].kind {
            case .hold: return .zero
            case .timing(let curve):
                let slope = curve.derivative(at: 0)
                guard abs(slope) < Self.verticalSlope else { return nil }
                return (values[i + 1] - values[i]).scaled(by: slope / duration)
            case .cubic(let start, _): return start
            case .custom: return nil
            }
        }

        var kinds: [CompiledSegmentKind] = []
        var starts: [Value] = []
        var ends: [Value] = []
        kinds.reserveCapacity(segmentCount)
        starts.reserveCapacity(segmentCount)
        ends.reserveCapacity(segmentCount)

        for i in 0..<segmentCount {
            let keyframe = i + 1
            let duration = times[i + 1] - times[i]
            let carriedIn: Value = i == 0 ? .zero : ends[i - 1]
            switch keyframes[keyframe].kind {
            case .hold:
                kinds.append(.hold)
                starts.append(.zero)
                ends.append(.zero)
            case .timing(let curve):
                let delta = values[i + 1] - values[i]
                if curve.isLinear {
                    kinds.append(.linear)
                } else {
                    kinds.append(.timing(curve.function))
                }
                starts.append(delta.scaled(by: curve.derivative(at: 0) / duration))
                ends.append(delta.scaled(by: curve.derivative(at: 1) / duration))
            case .cubic(let explicitStart, let explicitEnd):
                kinds.append(.hermite)
                // The previous segment's end velocity keeps motion smooth: a neighbouring cubic's
                // Catmull-Rom tangent or explicit end velocity, or another kind's own velocity.
                let start = explicitStart ?? (i == 0 ? tangent(at: 0) : carriedIn)
                let end =
                    explicitEnd ?? (i + 1 < segmentCount ? ownStartVelocity(of: i + 1) : nil)
                    ?? tangent(at: i + 1)
                starts.append(start)
                ends.append(end)
            case .custom(let interpolator, let explicitStart):
                kinds.append(.custom(interpolator))
                let start = explicitStart ?? (interpolator.usesStartVelocity ? carriedIn : .zero)
                starts.append(start)
                ends.append(.zero)
                let checks = [0, duration / 2, duration]
                for t in checks {
                    guard interpolator.valueWeights(at: t, duration: duration).isFinite,
                        interpolator.velocityWeights(at: t, duration: duration).isFinite
                    else {
                        throw .invalidSegment(keyframe: keyframe, kind: interpolator.description)
                    }
                }
                let weights = interpolator.velocityWeights(at: duration, duration: duration)
                let end = weights.combine(
                    from: values[i], to: values[i + 1], startVelocity: start, endVelocity: .zero)
                guard end.isFinite else {
                    throw .invalidSegment(keyframe: keyframe, kind: interpolator.description)
                }
                ends[i] = end
            }
        }
        // Values too far apart, times too close or velocities too large overflow: refuse rather
        // than produce NaN or infinity anywhere in the segment.
        for i in 0..<segmentCount {
            guard (values[i + 1] - values[i]).isFinite, starts[i].isFinite, ends[i].isFinite,
                Self.staysFinite(
                    kinds[i], from: values[i], to: values[i + 1], startVelocity: starts[i],
                    endVelocity: ends[i], duration: times[i + 1] - times[i])
            else {
                throw .segmentOutOfRange(keyframe: i + 1)
            }
        }
        return Track(
            keyframes: keyframes, times: times, values: values, kinds: kinds,
            startVelocities: starts, endVelocities: ends)
    }

    /// Whether every value of a segment is finite, bounded from the segment's parts.
    ///
    /// Magnitudes are compared scaled by 2^-600 (exact for every finite `Double` but the
    /// subnormal ones, which do not matter to an upper bound), so that the bound itself cannot
    /// overflow. A Hermite segment is a combination of its values and of its velocities times its
    /// duration with weights of at most 3 in any form it is evaluated in (basis or power form), so
    /// the sum of their magnitudes staying under a sixteenth of the largest `Double` keeps every
    /// value finite; its velocity combines the change over the duration (weight at most 1.5) and
    /// the two velocities (at most 1). A timing curve that overshoots reaches at most `|p0| + |Δ| ×
    /// peak`, with the peak sampled at 33 points, only checked where the values are large enough to
    /// matter.
    static func staysFinite(
        _ kind: CompiledSegmentKind, from start: Value, to end: Value, startVelocity: Value,
        endVelocity: Value, duration: Double
    ) -> Bool {
        @inline(__always) func scaledMagnitude(_ value: Value, by factor: Double = 1) -> Double {
            value.scaled(by: 0x1p-600).scaled(by: factor).magnitude
        }
        let limit = Double.greatestFiniteMagnitude * 0x1p-600 / 16
        switch kind {
        case .hold, .linear, .custom:
            return true
        case .hermite:
            let sum = scaledMagnitude(start) + scaledMagnitude(end)
                + scaledMagnitude(startVelocity, by: duration) + scaledMagnitude(endVelocity, by: duration)
            // The velocity: the change over the duration (times at most 1.5) and the two velocities.
            let velocity = 1.5 * scaledMagnitude(end - start) / duration
                + scaledMagnitude(startVelocity) + scaledMagnitude(endVelocity)
            return sum <= limit && velocity <= limit
        case .timing(let function):
            let base = scaledMagnitude(start)
            let change = scaledMagnitude(end - start)
            // Curves overshoot by far less than a million times their change in practice; only
            // then is the curve itself sampled.
            guard base + change * 1e6 > limit else { return true }
            var peak = 1.0
            for step in 0...32 {
                let value = function.value(at: Double(step) / 32)
                guard value.isFinite else { return false }
                peak = max(peak, abs(value))
            }
            return base + change * peak <= limit
        }
    }

    /// A curve slope at least this steep counts as vertical (the easing plugin reports infinite
    /// slopes as 1e9); a cubic next to a vertical start takes its Catmull-Rom tangent instead.
    static var verticalSlope: Double { 1e8 }
}
