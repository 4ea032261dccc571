import Dispatch
import Testing
@testable import Timeline

/// The arena that states' cells come from: free lists by size, blocks carved in order, aligned
/// cells, and a lock that keeps concurrent makers and freers apart.
@Suite("Cell arena")
struct CellArenaTests {
    @Test("there is one free list per pooled size")
    func oneFreeListPerSize() {
        #expect(CellArena.freeListCount == CellArena.largestPooledLines + 1)
    }

    @Test("a freed cell is never handed out for another size, and every cell is aligned to a line")
    func freedCellsComeBackForTheirSizeOnly() {
        for lines in 1...CellArena.largestPooledLines {
            let byteCount = lines * CellArena.lineSize - 8
            let first = CellArena.allocate(byteCount: byteCount)
            let second = CellArena.allocate(byteCount: byteCount)
            #expect(Int(bitPattern: first) % CellArena.lineSize == 0)
            #expect(Int(bitPattern: second) % CellArena.lineSize == 0)
            #expect(first != second)
            CellArena.deallocate(first, byteCount: byteCount)
            CellArena.deallocate(second, byteCount: byteCount)
            // A cell of another size never takes a freed cell of this one.
            let other = lines == 1 ? 2 : 1
            let otherCell = CellArena.allocate(byteCount: other * CellArena.lineSize)
            #expect(otherCell != first && otherCell != second)
            // (Which cell of this size comes back next is not checked: other tests make states
            // at the same time.)
            CellArena.deallocate(otherCell, byteCount: other * CellArena.lineSize)
        }
        // Past the largest pooled size, cells come from the heap, still aligned.
        let large = CellArena.allocate(byteCount: (CellArena.largestPooledLines + 1) * CellArena.lineSize)
        #expect(Int(bitPattern: large) % CellArena.lineSize == 0)
        CellArena.deallocate(large, byteCount: (CellArena.largestPooledLines + 1) * CellArena.lineSize)
    }

    @Test("cells made and freed on many threads at once are never handed to two at once")
    func concurrentCellsNeverOverlap() {
        let threads = 8, perThread = 2_000
        let intact = Locked(true)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let mine = (thread * perThread)..<((thread + 1) * perThread)
            var cells: [UnsafeMutableRawPointer] = []
            for index in 0..<perThread {
                let cell = CellArena.allocate(byteCount: 24)
                cell.storeBytes(of: mine.lowerBound + index, as: Int.self)
                cells.append(cell)
                if index % 3 == 2 {
                    CellArena.deallocate(cells.removeFirst(), byteCount: 24)
                }
            }
            // Every cell still held reads what this thread wrote: no other thread was handed it.
            let held = cells.allSatisfy { mine.contains($0.load(as: Int.self)) }
            if !held { intact.withLock { $0 = false } }
            for cell in cells { CellArena.deallocate(cell, byteCount: 24) }
        }
        #expect(intact.withLock { $0 })
    }
}
