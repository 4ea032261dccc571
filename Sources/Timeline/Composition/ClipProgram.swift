/// A clip compiled once into the flat form its frames evaluate: a list of timing steps, a
/// ``ScalarTrackBank`` of its number tracks, and where each track's value goes.
///
/// The clip tree is walked once, in the order it applies. Every node becomes a *slot* (a local
/// time, a phase, and whether it applies at all), and every edge a step that computes a child's
/// slot from its parent's: a placement in a composition, a delay, a speed change, a repeat, an
/// autoreverse. A frame runs the steps in order, each a few arithmetic operations on two slots,
/// then the leaves: a `Track<Double>` bound to a stored property of a plain-data `Root` reads its
/// lane at its slot's time and stores the value at the property's byte offset; leaves
/// bound by key paths without an offset (elements, `\S.values[i]`), a row of them at a time, read
/// their lanes, then write through their key paths in one loop: one key-path write a value, with
/// no closure, retain or metadata lookup around it; any other leaf calls the closure the tree
/// would call. A lane keeps the segment it was last read in (its record, as a playhead keeps a
/// track's), so that a lane read again inside it costs a record and a curve read; any other time
/// seeks. The values are those of the tree: the bank reads the same shared curve tables with the
/// same arithmetic as `Track.value(at:)` (springs within 1e-14 of the closed form, as the bank
/// guarantees), and a record holds what the bank would find.
final class ClipProgram<Root>: Sendable {
    /// Step `i` computes slot `i + 1`; slot 0 is the clip's own.
    let steps: [ClipStep]
    /// The leaves, in the order they apply.
    let leaves: [ClipLeaf]
    /// Every leaf's closure, by ``ClipLeaf/body``: what a leaf without a lane calls.
    let bodies: [@Sendable (Double, Bool, inout Root) -> Void]
    /// For number tracks bound by a key path with no byte offset (`\S.values[i]`): the key paths,
    /// each a `WritableKeyPath<Root, Double>`, written with values from the bank.
    let paths: KeyPathTable
    /// How leaves over the elements of an array reach it.
    let projections: [@Sendable (inout Root, (UnsafeMutableRawBufferPointer) -> Void) -> Void]
    /// The number tracks of leaves with a lane, one lane each, and the tracks themselves (which
    /// evaluate while the before flag is set).
    let bank: ScalarTrackBank?
    let tracks: [Track<Double>]
    /// Each lane's value at its local time 0 with the before flag: what it shows before it starts.
    let beforeStart: [Double]
    /// Every lane's active segment, as the lane was last read, and the kernel that reads the lanes
    /// through them (`nil` without a bank); written only by frames, under ``frame``'s lock.
    private let lanes: ClipLanes?
    /// The first leaf of each row into one array (leaves of one projection, one after another)
    /// whose leaves write bytes no other leaf of the row writes: only such a row may be split
    /// across cores by leaves, since where two leaves write one element, the later must win.
    private let disjointRows: Set<Int>
    /// The slots and key-path values of the frame being evaluated; frames of one program run one
    /// at a time.
    private let frame: Locked<ClipFrame>

    init(_ clip: Clip<Root>) {
        var builder = Builder()
        builder.add(clip, slot: 0)
        steps = builder.steps
        bodies = builder.bodies
        paths = KeyPathTable(builder.paths)
        projections = builder.collections.map(\.project)
        let bank = builder.tracks.isEmpty ? nil : try? ScalarTrackBank(builder.tracks)
        self.bank = bank
        tracks = builder.tracks
        beforeStart = builder.tracks.map { $0.value(at: 0, beforeFlag: true) }
        leaves = builder.leaves.map { leaf in
            bank == nil && leaf.lane >= 0 ? ClipLeaf(slot: leaf.slot, lane: -1, offset: -1, body: leaf.body) : leaf
        }
        disjointRows = Self.disjointRows(of: leaves)
        lanes = bank.map(ClipLanes.init)
        frame = Locked(ClipFrame(
            slots: Array(repeating: ClipSlot(time: 0, phase: .active, applies: false), count: builder.steps.count + 1),
            values: Array(repeating: 0, count: builder.paths.count)))
    }

    /// What a frame splits across cores, when asked to: a row of at least this many leaves into
    /// one array, or a leaf of at least this many lanes (about 20 ns each in a document; chunks
    /// of half as many give each thread woken a share of 20 µs or more).
    static var minimumConcurrentLanes: Int { 2_048 }

    /// Applies the program at a local time and phase of the clip, as the timing model says (the
    /// tests hold it to a walk of the clip tree, node by node).
    ///
    /// With `concurrently`, a row of at least ``minimumConcurrentLanes`` leaves into one array (a
    /// document's tracks), or a leaf of as many lanes (a collection clip's elements), is split
    /// across every core: each lane writes its own element, so the values are those of one loop,
    /// bit for bit.
    func apply(_ time: Double, _ phase: ClipPhase, to root: inout Root, concurrently: Bool = false) {
        frame.withLock { frame in
            frame.values.withUnsafeMutableBufferPointer { values in
                frame.slots.withUnsafeMutableBufferPointer { slots in
                    slots[0] = ClipSlot(time: time, phase: phase, applies: true)
                    for index in steps.indices {
                        slots[index + 1] = steps[index].child(of: slots)
                    }
                    if let lanes {
                        run(slots, values, lanes: UnsafePointer(lanes.kernel), to: &root, concurrently: concurrently)
                    } else {
                        run(slots, values, lanes: nil, to: &root, concurrently: false)
                    }
                }
            }
        }
    }

    /// Applies the leaves in order, `values` holding a row of key-path leaves' values at a time;
    /// `lanes` reads the bank through each lane's record (``PlayheadKernel/value(ofTrack:at:)``).
    private func run(
        _ slots: UnsafeMutableBufferPointer<ClipSlot>, _ values: UnsafeMutableBufferPointer<Double>, lanes: UnsafePointer<PlayheadKernel>?,
        to root: inout Root, concurrently: Bool
    ) {
        var index = 0
        while index < leaves.count {
            let leaf = leaves[index]
            let slot = slots[leaf.slot]
            guard slot.applies else {
                index += 1
                continue
            }
            guard let lanes, leaf.lane >= 0 else {
                bodies[leaf.body](slot.time, slot.phase == .before, &root)
                index += 1
                continue
            }
            if leaf.path >= 0 {
                // The key-path leaves in a row: their values first, then their writes.
                var end = index + 1
                while end < leaves.count, leaves[end].path >= 0 { end += 1 }
                writeThroughKeyPaths(leaves: index..<end, slots, values, lanes: lanes, to: &root)
                index = end
                continue
            }
            if leaf.projection < 0 {
                let value = slot.phase == .before
                    ? valueWithBeforeFlag(lane: leaf.lane, at: slot.time)
                    : lanes.pointee.value(ofTrack: leaf.lane, at: BankView.normalized(slot.time))
                withUnsafeMutableBytes(of: &root) { bytes in
                    bytes.storeBytes(of: value, toByteOffset: leaf.offset, as: Double.self)
                }
                index += 1
                continue
            }
            // The leaves in a row that write the same array from the bank share one reach of it.
            var end = index + 1
            while end < leaves.count, leaves[end].projection == leaf.projection { end += 1 }
            let row = index..<end
            projections[leaf.projection](&root) { elements in
                writeRow(row, slots, from: lanes, into: elements, concurrently: concurrently)
            }
            index = end
        }
    }

    /// Applies a row of key-path leaves (`leaves` indexes ``leaves``; their lanes and key paths
    /// follow one another): every value from the bank into `values`, then one loop of key-path
    /// writes, in the leaves' order. The bank does not read the state, so reading every lane before
    /// the first write gives the values that reading each just before its write would.
    @inline(__always)
    private func writeThroughKeyPaths(
        leaves range: Range<Int>, _ slots: UnsafeMutableBufferPointer<ClipSlot>,
        _ values: UnsafeMutableBufferPointer<Double>, lanes: UnsafePointer<PlayheadKernel>, to root: inout Root
    ) {
        let lanes = lanes.pointee
        let first = range.lowerBound
        for index in range {
            let leaf = leaves[index]
            let slot = slots[leaf.slot]
            guard slot.applies else { continue }
            values[index &- first] = slot.phase == .before
                ? valueWithBeforeFlag(lane: leaf.lane, at: slot.time)
                : lanes.value(ofTrack: leaf.lane, at: BankView.normalized(slot.time))
        }
        paths.references.withUnsafeBufferPointer { paths in
            for index in range {
                let leaf = leaves[index]
                guard slots[leaf.slot].applies else { continue }
                let value = values[index &- first]
                // Each a `WritableKeyPath<Root, Double>` (Builder), kept alive by the table.
                paths[leaf.path]._withUnsafeGuaranteedRef { path in
                    root[keyPath: unsafeDowncast(path, to: WritableKeyPath<Root, Double>.self)] = value
                }
            }
        }
    }

    /// A lane's value with the before flag: before its start (local time 0) from ``beforeStart``,
    /// elsewhere (a clip frozen part-way playing backwards) from its track.
    @inline(__always)
    private func valueWithBeforeFlag(lane: Int, at time: Double) -> Double {
        time == 0 ? beforeStart[lane] : tracks[lane].value(at: time, beforeFlag: true)
    }

    /// The first leaf of each row whose leaves' byte ranges in their array (from the first
    /// element's offset to the end of the last element's number) do not overlap.
    /// Overlapping ranges keep a row whole even where the bytes interleave (two properties of
    /// one array of elements): that row runs on one thread, as it always could.
    static func disjointRows(of leaves: [ClipLeaf]) -> Set<Int> {
        var rows: Set<Int> = []
        var start = 0
        while start < leaves.count {
            var end = start + 1
            while end < leaves.count, leaves[end].projection == leaves[start].projection { end += 1 }
            if leaves[start].projection >= 0 {
                let ranges = leaves[start..<end]
                    .map { $0.offset..<($0.offset + Swift.max($0.count - 1, 0) * $0.stride + MemoryLayout<Double>.size) }
                    .sorted { $0.lowerBound < $1.lowerBound }
                if zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) { rows.insert(start) }
            }
            start = end
        }
        return rows
    }

    /// Writes a row of leaves (`row` indexes ``leaves``) into the elements of the array they
    /// share: concurrently, when asked, a long row split by leaves and a long leaf by lanes.
    private func writeRow(
        _ row: Range<Int>, _ slots: UnsafeMutableBufferPointer<ClipSlot>, from lanes: UnsafePointer<PlayheadKernel>,
        into elements: UnsafeMutableRawBufferPointer, concurrently: Bool
    ) {
        // A local copy: the loops' stores into the elements could otherwise alias the kernel, and
        // every lane would load its fields again.
        let lanes = lanes.pointee
        let minimum = Self.minimumConcurrentLanes
        if concurrently, row.count >= minimum, disjointRows.contains(row.lowerBound) {
            // Each leaf writes its own elements: any split gives the same array.
            BankParallel.run(count: row.count, concurrently: true, minimumChunk: minimum / 2) { chunk in
                for member in leaves[(row.lowerBound + chunk.lowerBound)..<(row.lowerBound + chunk.upperBound)] {
                    let slot = slots[member.slot]
                    guard slot.applies else { continue }
                    write(member, at: slot, from: lanes, into: elements, range: 0..<member.count)
                }
            }
            return
        }
        for member in leaves[row] {
            let slot = slots[member.slot]
            guard slot.applies else { continue }
            if concurrently, member.count >= minimum {
                BankParallel.run(count: member.count, concurrently: true, minimumChunk: minimum / 2) { range in
                    write(member, at: slot, from: lanes, into: elements, range: range)
                }
            } else {
                write(member, at: slot, from: lanes, into: elements, range: 0..<member.count)
            }
        }
    }

    /// Writes a leaf's lanes `range` (of `0..<leaf.count`) into the elements of its array: whole
    /// elements only (the last write ends 8 bytes after its offset). With the before flag set,
    /// each track evaluates itself (the flag changes a step curve at its jump, which the bank does
    /// not know); otherwise the lane's record, or the bank.
    @inline(__always)
    private func write(
        _ leaf: ClipLeaf, at slot: ClipSlot, from lanes: PlayheadKernel, into elements: UnsafeMutableRawBufferPointer,
        range: Range<Int>
    ) {
        let room = elements.count - leaf.offset - MemoryLayout<Double>.size
        let count = room < 0 ? 0 : Swift.min(leaf.count, room / leaf.stride + 1)
        let time = BankView.normalized(slot.time)
        let beforeFlag = slot.phase == .before
        for index in range.lowerBound..<Swift.max(range.lowerBound, Swift.min(range.upperBound, count)) {
            let value = beforeFlag
                ? valueWithBeforeFlag(lane: leaf.lane &+ index, at: slot.time)
                : lanes.value(ofTrack: leaf.lane &+ index, at: time)
            elements.storeBytes(of: value, toByteOffset: index &* leaf.stride &+ leaf.offset, as: Double.self)
        }
    }

    /// Walks a clip tree into steps, leaves and tracks.
    private struct Builder {
        var steps: [ClipStep] = []
        var leaves: [ClipLeaf] = []
        var bodies: [@Sendable (Double, Bool, inout Root) -> Void] = []
        var paths: ContiguousArray<AnyKeyPath> = []
        var tracks: [Track<Double>] = []
        var collections: [CollectionLanes<Root>] = []

        /// Adds `clip`, whose slot is `slot`, and everything below it.
        mutating func add(_ clip: Clip<Root>, slot: Int) {
            switch clip.node {
            case .leaf(let leaf):
                bodies.append(leaf.body)
                switch leaf.kind {
                case .storedNumber(let track, let offset):
                    leaves.append(ClipLeaf(slot: slot, lane: tracks.count, offset: offset, body: bodies.count - 1))
                    tracks.append(track)
                case .keyPathNumber(let track, let path):
                    paths.append(path.path)
                    leaves.append(ClipLeaf(
                        slot: slot, lane: tracks.count, offset: -1, body: bodies.count - 1, path: paths.count - 1))
                    tracks.append(track)
                case .elements(let lanes) where !lanes.tracks.isEmpty:
                    let projection: Int
                    if let known = collections.firstIndex(where: { $0.array == lanes.array }) {
                        projection = known
                    } else {
                        collections.append(lanes)
                        projection = collections.count - 1
                    }
                    leaves.append(ClipLeaf(
                        slot: slot, lane: tracks.count, offset: lanes.offset, body: bodies.count - 1,
                        count: lanes.tracks.count, stride: lanes.stride, projection: projection))
                    tracks += lanes.tracks
                case .closure, .elements:
                    leaves.append(ClipLeaf(slot: slot, lane: -1, offset: -1, body: bodies.count - 1))
                }
            case .placed(let placements):
                for placement in placements {
                    let child = placement.clip
                    add(.placement(parent: slot, start: placement.start, duration: child.duration, fill: child.fill), then: child)
                }
            case .delayed(let delay, let child):
                add(.delay(parent: slot, delay: delay, duration: child.duration, fillsBackwards: clip.fill.backwards), then: child)
            case .speed(let factor, let child):
                add(.speed(parent: slot, factor: factor, duration: child.duration), then: child)
            case .repeated(let count, let child):
                add(.repeated(parent: slot, count: count, length: child.duration), then: child)
            case .autoreversed(let child):
                add(.autoreversed(parent: slot, length: child.duration), then: child)
            }
        }

        private mutating func add(_ step: ClipStep, then child: Clip<Root>) {
            steps.append(step)
            add(child, slot: steps.count)
        }
    }
}

/// Where a leaf's value comes from and where it goes.
struct ClipLeaf: Sendable {
    /// The leaf's slot.
    let slot: Int
    /// Its lane in the bank, or -1: the closure applies it.
    let lane: Int
    /// The byte offset in `Root` of the `Double` it writes, or -1.
    let offset: Int
    /// Its closure, in ``bodies``.
    let body: Int
    /// With a lane and no offset: its key path, in ``ClipProgram/paths``, or -1.
    var path = -1
    /// How many lanes it plays, from `lane` on: one, or one per element of an array.
    var count = 1
    /// The bytes between the elements of its array.
    var stride = 0
    /// How it reaches its array, in ``ClipProgram/projections``, or -1: it writes `Root` itself.
    var projection = -1
}

/// What a frame of a ``ClipProgram`` works in: made once, written in place every frame.
struct ClipFrame {
    /// The slot of every node.
    var slots: [ClipSlot]
    /// The values of a row of key-path leaves, by position in the row.
    var values: [Double]
}

/// A compiled clip's lanes as a playhead keeps its tracks: each lane's active segment (its record,
/// ``PlayheadState``), and a kernel over the records and the bank that reads a lane from its
/// record while it stays in that segment (``PlayheadKernel/value(ofTrack:at:)``).
///
/// The kernel is allocated once, so that a frame's loops, generic over the clip's `Root`, reach
/// it by address instead of each copying it. `@unchecked Sendable`: the records are written only
/// by a program's frames, one at a time (under the program's frame lock), and a frame split
/// across cores gives each lane to one thread.
final class ClipLanes: @unchecked Sendable {
    /// The records the kernel writes.
    let records: PlayheadState
    /// The bank the kernel reads (kept alive here: the kernel's view of it is unowned).
    let bank: ScalarTrackBank
    /// The kernel, over ``records`` and ``bank``.
    let kernel: UnsafeMutablePointer<PlayheadKernel>

    /// Lanes for every track of `bank`, none read yet: each lane's first read seeks.
    init(_ bank: ScalarTrackBank) {
        self.bank = bank
        records = PlayheadState(count: bank.trackCount)
        records.forgetRecords()
        kernel = .allocate(capacity: 1)
        kernel.initialize(to: records.timeKernel(of: BankView(bank.storage)))
    }

    deinit { kernel.deallocate() }
}

/// The key paths of a ``ClipProgram``'s key-path leaves, each a `WritableKeyPath<Root, Double>`
/// kept as `AnyKeyPath`: the frame loop reads them with no metadata of the generic key-path type,
/// and writes through them with no retain or release.
struct KeyPathTable: @unchecked Sendable {
    // Unchecked: key paths are immutable, and each was given as `Sendable` (``UncheckedKeyPath``).
    /// The key paths, by ``ClipLeaf/path``; they keep ``references`` alive.
    let paths: ContiguousArray<AnyKeyPath>
    /// The same key paths, unretained.
    let references: ContiguousArray<Unmanaged<AnyKeyPath>>

    /// A table of the given key paths.
    init(_ paths: ContiguousArray<AnyKeyPath>) {
        self.paths = paths
        references = ContiguousArray(paths.lazy.map { Unmanaged.passUnretained($0) })
    }
}

/// Where a clip keeps what it derives from its tree: the compiled program, its leaves by start and
/// its markers, each made the first time it is needed and shared by copies of the clip.
///
/// One lock guards the three (a view's clip of four leaves makes five caches: a lock each, not
/// three, which were six allocations and three mutexes a cache). Each is made outside the lock,
/// since making one may ask this cache for another; two threads that ask first at once may both
/// make it, and the first one stored is the one every caller gets.
final class ClipProgramCache<Root>: Sendable {
    /// What has been made so far.
    private struct Made {
        var program: ClipProgram<Root>?
        var starts: [ClipLeafStart<Root>]?
        var markers: [Marker]?
    }

    private let made = Locked(Made())

    /// The markers of `clip`, listed on first use (``Clip/markers``).
    func markers(for clip: Clip<Root>) -> [Marker] {
        if let markers = made.withLock({ $0.markers }) { return markers }
        let listed = clip.listMarkers(limit: Clip<Root>.markerLimit)
        return made.withLock { made in
            if let markers = made.markers { return markers }
            made.markers = listed
            return listed
        }
    }

    /// The leaves of `clip` by their first start, latest first, listed on first use (what
    /// ``Clip/applyReversed(at:to:)`` reads).
    func leafStarts(for clip: Clip<Root>) -> [ClipLeafStart<Root>] {
        if let starts = made.withLock({ $0.starts }) { return starts }
        let listed = clip.leafStartsLatestFirst()
        return made.withLock { made in
            if let starts = made.starts { return starts }
            made.starts = listed
            return listed
        }
    }

    /// The program of `clip`, compiled on first use.
    func program(for clip: Clip<Root>) -> ClipProgram<Root> {
        if let program = made.withLock({ $0.program }) { return program }
        let compiled = ClipProgram(clip)
        return made.withLock { made in
            if let program = made.program { return program }
            made.program = compiled
            return compiled
        }
    }
}
