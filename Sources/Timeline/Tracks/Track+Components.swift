extension Track {
    /// The track split into one scalar track per component of its values: the same times and
    /// segment kinds, each value's and each velocity's component `i` in track `i`.
    ///
    /// The one way Cadence splits values into scalar lanes: a ``ScalarTrackBank`` of
    /// ``ComponentwiseAnimatable`` tracks compiles their component tracks, and a document's
    /// vectors (whose width the document sets) are played as theirs. Velocities are split as the
    /// track resolved them, not resolved again per component; for a value whose arithmetic acts on
    /// each component alone (the ``ComponentwiseAnimatable`` contract) that is the same, bit for
    /// bit, at every time.
    ///
    /// ```swift
    /// let path = try Track<Point>(keyframes: [
    ///     Keyframe(time: 0, value: Point(x: 0, y: 10)),
    ///     Keyframe(time: 1, value: Point(x: 100, y: 20), .cubic),
    /// ])
    /// let (x, y) = (path.componentTracks[0], path.componentTracks[1])
    /// x.value(at: 0.5)   // path.value(at: 0.5).x
    /// ```
    ///
    /// - Parameters:
    ///   - count: The number of components, at least 1.
    ///   - component: Component `index` of a value, for every index in `0..<count`; a velocity
    ///     of zero may be the type's `.zero` of any width.
    public func componentTracks(count: Int, component: (Value, Int) -> Double) -> [Track<Double>] {
        precondition(count >= 1, "componentTracks: a value has at least one component")
        return (0..<count).map { index in
            Track<Double>(
                keyframes: keyframes.map { keyframe in
                    Keyframe(
                        time: keyframe.time, value: component(keyframe.value, index),
                        keyframe.kind.component(index, component))
                },
                times: times, values: values.map { component($0, index) }, kinds: kinds,
                startVelocities: startVelocities.map { component($0, index) },
                endVelocities: endVelocities.map { component($0, index) })
        }
    }
}

extension Track where Value: ComponentwiseAnimatable {
    /// The track split into one scalar track per component (``ComponentwiseAnimatable/componentCount``
    /// of them; see ``componentTracks(count:component:)``). A track of `Double`s is its own one
    /// component.
    public var componentTracks: [Track<Double>] {
        if let scalar = self as? Track<Double> { return [scalar] }
        return componentTracks(count: Value.componentCount) { $0.component($1) }
    }
}

extension SegmentKind {
    /// The same kind for component `index` of the values (explicit velocities split).
    func component(_ index: Int, _ component: (Value, Int) -> Double) -> SegmentKind<Double> {
        switch self {
        case .hold: .hold
        case .timing(let curve): .timing(curve)
        case .cubic(let start, let end):
            .cubic(startVelocity: start.map { component($0, index) }, endVelocity: end.map { component($0, index) })
        case .custom(let interpolator, let start):
            .custom(interpolator, startVelocity: start.map { component($0, index) })
        }
    }
}
