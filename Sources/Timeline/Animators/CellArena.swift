/// Where the ``StateCell``s of animated states live: cache lines handed out one after another
/// from large blocks, so that states made one after another have their cells side by side.
///
/// A clock's batch writes every running animator's cell each frame, in the order the animators
/// started, and readers go through the cells in the order they hold the states. With a cell per
/// `malloc` call the cells lie wherever the heap had room, and each write or read waits for a
/// cache line from far away (10,000 animators: most of a frame's time). Side by side, the
/// processor's prefetcher streams them.
///
/// Cells of up to ``largestPooledLines`` cache lines are carved from 64 KiB blocks and, once freed,
/// kept on a free list of their size for the next cell of that size; larger cells come from the
/// heap directly. Blocks are never returned: the arena holds as many cells as were ever alive at
/// once (64 bytes each for a state of up to 48 bytes), as a heap's free lists do.
enum CellArena {
    /// The size of a cache line, and the cells' alignment.
    static let lineSize = 64
    /// The largest cell, in cache lines, that comes from the arena (448-byte states).
    static let largestPooledLines = 8
    /// The size of a block.
    static let blockSize = 64 * 1024

    /// The number of cache lines a cell of `byteCount` bytes takes.
    static func lines(for byteCount: Int) -> Int {
        (byteCount + lineSize - 1) / lineSize
    }

    /// A cell of `byteCount` bytes, aligned to a cache line; its bytes are uninitialised.
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        let lines = lines(for: max(byteCount, 1))
        guard lines <= largestPooledLines else {
            return .allocate(byteCount: lines * lineSize, alignment: lineSize)
        }
        cellArenaLock.lock()
        defer { cellArenaLock.unlock() }
        if let cell = freedCell(lines: lines) {
            setFreedCell(cell.load(as: UnsafeMutableRawPointer?.self), lines: lines)
            return cell
        }
        let size = lines * lineSize
        if let next = cellArenaState.next, let end = cellArenaState.end, end - next >= size {
            cellArenaState.next = next + size
            return next
        }
        // A new block (the rest of the old one, less than one cell, stays unused).
        let block = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: lineSize)
        cellArenaState.next = block + size
        cellArenaState.end = block + blockSize
        return block
    }

    /// Gives back a cell that ``allocate(byteCount:)`` made for `byteCount` bytes; nothing may use
    /// it afterwards.
    static func deallocate(_ cell: UnsafeMutableRawPointer, byteCount: Int) {
        let lines = lines(for: max(byteCount, 1))
        guard lines <= largestPooledLines else {
            cell.deallocate()
            return
        }
        cellArenaLock.lock()
        defer { cellArenaLock.unlock() }
        cell.storeBytes(of: freedCell(lines: lines), as: UnsafeMutableRawPointer?.self)
        setFreedCell(cell, lines: lines)
    }

    /// The first freed cell of `lines` lines (under the lock).
    private static func freedCell(lines: Int) -> UnsafeMutableRawPointer? {
        withUnsafeBytes(of: &cellArenaState.freed) {
            $0.load(fromByteOffset: lines * MemoryLayout<UnsafeMutableRawPointer?>.stride, as: UnsafeMutableRawPointer?.self)
        }
    }

    /// Makes `cell` the first freed cell of `lines` lines (under the lock).
    private static func setFreedCell(_ cell: UnsafeMutableRawPointer?, lines: Int) {
        withUnsafeMutableBytes(of: &cellArenaState.freed) {
            $0.storeBytes(of: cell, toByteOffset: lines * MemoryLayout<UnsafeMutableRawPointer?>.stride, as: UnsafeMutableRawPointer?.self)
        }
    }

    /// The number of free lists (one per size in lines, index 0 unused).
    static var freeListCount: Int {
        MemoryLayout.size(ofValue: cellArenaState.freed) / MemoryLayout<UnsafeMutableRawPointer?>.stride
    }
}

/// The arena's free lists and current block, guarded by ``cellArenaLock``. Global storage that
/// the compiler initialises statically: the arena's state was an object in a `static let`, and
/// every allocation and release reached it through the lazy initialiser's check (`swift_once`, a
/// call on Linux at every access; two in an animator's life).
private struct CellArenaState {
    /// By size in lines (index 0 unused, ``CellArena/largestPooledLines`` + 1 of them): freed
    /// cells, linked through their first word.
    var freed: (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
        UnsafeMutableRawPointer?
    ) = (nil, nil, nil, nil, nil, nil, nil, nil, nil)
    /// The next free byte of the current block, and the end of that block.
    var next: UnsafeMutableRawPointer?
    var end: UnsafeMutableRawPointer?
}

@exclusivity(unchecked) private nonisolated(unsafe) var cellArenaState = CellArenaState()
/// The arena's lock: its critical sections are a few loads and stores (a platform mutex and a
/// copy-on-write array here were a sixth of making a state).
private let cellArenaLock = SpinLock()
