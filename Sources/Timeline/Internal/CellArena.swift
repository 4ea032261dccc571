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

    /// The arena's state, under a spin lock (its critical sections are a few loads and stores:
    /// a platform mutex and a copy-on-write array here were a sixth of making a state).
    private final class Pool: @unchecked Sendable {
        let lock = SpinLock()
        /// The next free byte of the current block, and the end of that block.
        var next: UnsafeMutableRawPointer?
        var end: UnsafeMutableRawPointer?
        /// By size in lines (index 0 unused): freed cells, linked through their first word.
        let freed: UnsafeMutablePointer<UnsafeMutableRawPointer?>

        init() {
            freed = .allocate(capacity: CellArena.largestPooledLines + 1)
            freed.initialize(repeating: nil, count: CellArena.largestPooledLines + 1)
        }
    }

    private static let pool = Pool()

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
        let pool = self.pool
        pool.lock.lock()
        defer { pool.lock.unlock() }
        if let cell = pool.freed[lines] {
            pool.freed[lines] = cell.load(as: UnsafeMutableRawPointer?.self)
            return cell
        }
        let size = lines * lineSize
        if let next = pool.next, let end = pool.end, end - next >= size {
            pool.next = next + size
            return next
        }
        // A new block (the rest of the old one, less than one cell, stays unused).
        let block = UnsafeMutableRawPointer.allocate(byteCount: blockSize, alignment: lineSize)
        pool.next = block + size
        pool.end = block + blockSize
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
        let pool = self.pool
        pool.lock.lock()
        defer { pool.lock.unlock() }
        cell.storeBytes(of: pool.freed[lines], as: UnsafeMutableRawPointer?.self)
        pool.freed[lines] = cell
    }
}
