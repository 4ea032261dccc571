/// The compiled form of a segment kind: no generic payload, explicit velocities live beside it.
@usableFromInline
enum CompiledSegmentKind: Sendable {
    case hold
    case linear
    case timing(any TimingFunction)
    case hermite
    case custom(any SegmentInterpolator)
}
