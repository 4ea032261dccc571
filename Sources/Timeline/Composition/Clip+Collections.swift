extension Clip {
    /// A clip that plays one number track into each element of an array property of the state:
    /// track `i` into `root[keyPath: collection][i]`.
    ///
    /// The form for many objects: a frame reaches the array once and writes every element in
    /// place, where a clip per element (`Clip(track, \Scene.xs[i])`) pays a key-path write per
    /// element. It plays as ``group(_:)`` of those clips would, each filling both ways: every track
    /// from 0, each holding its last value after it ends, wherever the clip applies; the clip lasts
    /// as long as the longest track. Tracks beyond the array's count write nothing.
    ///
    /// ```swift
    /// struct Dots { var x: [Double] }
    /// let clip = Clip(tracks, elementsOf: \Dots.x)
    /// ```
    ///
    /// - Parameters:
    ///   - tracks: One track per element, in element order.
    ///   - collection: The array property.
    ///   - start: The element the first track writes; track `i` writes element `start + i`.
    ///   - name: If given, the clip reports start and end markers with this name.
    public init(
        _ tracks: [Track<Double>], elementsOf collection: any WritableKeyPath<Root, [Double]> & Sendable,
        startingAt start: Int = 0, name: String? = nil
    ) {
        self.init(tracks, elementsOf: collection, \Double.self, startingAt: start, name: name)
    }

    /// A clip that plays one number track into a property of each element of an array property
    /// of the state: track `i` into `root[keyPath: collection][i][keyPath: property]`.
    ///
    /// A frame reaches the array once and writes each element's property in place (at its byte
    /// offset when `property` is a stored property, through the key path otherwise). It plays as
    /// ``group(_:)`` of a clip per element would, each filling both ways; tracks beyond the array's
    /// count write nothing.
    ///
    /// ```swift
    /// struct Item { var x = 0.0, y = 0.0 }
    /// struct Scene { var items: [Item] }
    /// let slide = Clip(tracks, elementsOf: \Scene.items, \Item.x)
    /// ```
    ///
    /// - Parameters:
    ///   - tracks: One track per element, in element order.
    ///   - collection: The array property.
    ///   - property: The property of each element the tracks write.
    ///   - start: The element the first track writes; track `i` writes element `start + i`.
    ///   - name: If given, the clip reports start and end markers with this name.
    public init<Element>(
        _ tracks: [Track<Double>], elementsOf collection: any WritableKeyPath<Root, [Element]> & Sendable,
        _ property: any WritableKeyPath<Element, Double> & Sendable, startingAt start: Int = 0, name: String? = nil
    ) {
        let binding = CollectionBinding(
            tracks: tracks, collection: UncheckedKeyPath(collection as WritableKeyPath<Root, [Element]>),
            property: UncheckedKeyPath(property as WritableKeyPath<Element, Double>), start: Swift.max(start, 0))
        let duration = tracks.map(\.duration).max() ?? 0
        self.init(
            node: .leaf(Leaf(binding.body, kind: binding.lanes.map { .elements($0) } ?? .closure)), duration: duration,
            ownMarkers: Self.startAndEnd(name, duration: duration))
    }
}

/// Number tracks bound to a property of the elements of an array property of `Root`.
struct CollectionBinding<Root, Element>: Sendable {
    let tracks: [Track<Double>]
    let collection: UncheckedKeyPath<Root, [Element]>
    let property: UncheckedKeyPath<Element, Double>
    /// The element track 0 writes.
    let start: Int

    /// Applies every track at a local time: the array reached once, each element written.
    var body: @Sendable (Double, Bool, inout Root) -> Void {
        let tracks = tracks, collection = collection, property = property, start = start
        return { time, beforeFlag, root in
            root[keyPath: collection.path].withUnsafeMutableBufferPointer { elements in
                for index in 0..<Swift.max(Swift.min(tracks.count, elements.count - start), 0) {
                    elements[start + index][keyPath: property.path] = tracks[index].value(at: time, beforeFlag: beforeFlag)
                }
            }
        }
    }

    /// The lanes a compiled program plays, when every track's curves read as a bank's and the
    /// property is stored in place.
    var lanes: CollectionLanes<Root>? {
        guard tracks.allSatisfy({ $0.storage.bankReadsCurvesAsTrackDoes }),
            let offset = MemoryLayout<Element>.offset(of: property.path)
        else { return nil }
        let collection = collection
        let stride = MemoryLayout<Element>.stride
        return CollectionLanes(
            tracks: tracks, offset: start * stride + offset, stride: stride,
            array: ArrayIdentity(collection.path),
            project: { root, write in
                root[keyPath: collection.path].withUnsafeMutableBufferPointer { elements in
                    write(UnsafeMutableRawBufferPointer(elements))
                }
            })
    }
}

/// Lanes of a compiled program written into the elements of an array of `Root`: the value of
/// lane `i` at byte `i × stride + offset` of the array's storage.
struct CollectionLanes<Root>: Sendable {
    let tracks: [Track<Double>]
    let offset: Int
    let stride: Int
    /// Which array: leaves of the same array in a row share one reach a frame.
    let array: ArrayIdentity
    /// Reaches the array once and hands its elements' bytes to the writer.
    let project: @Sendable (inout Root, (UnsafeMutableRawBufferPointer) -> Void) -> Void
}

/// An array property, by its key path: equal for every leaf that writes the same array.
struct ArrayIdentity: Hashable, @unchecked Sendable {
    // Unchecked: key paths are immutable; this one is only compared.
    let path: AnyKeyPath

    init(_ path: AnyKeyPath) { self.path = path }
}
