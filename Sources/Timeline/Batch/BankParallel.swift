import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Splits a bank's tracks into contiguous chunks and runs them on every core.
///
/// Every track's value depends on that track alone, so the chunks can run in any order on any
/// thread and the output is the same as a single loop's, bit for bit.
enum BankParallel {
    /// Chunks smaller than this are not worth a thread.
    static let minimumChunk = 8_192
    /// Tracks whose 32-bit codes (or cursors) fill one 64-byte cache line; chunks are multiples.
    static let lineTracks = 16
    /// Chunks per core (at most: chunks stay at least ``minimumChunk`` tracks), so that a core
    /// slowed by another process does not hold up the frame, and the last chunk leaves the other
    /// cores idle briefly: at a million tracks 64 gave 1.86 and 2.02 times one core's speed on
    /// two cores where 16 gave 1.68 in the same session.
    static let chunksPerCore = 64

    /// The number of cores online.
    static let coreCount: Int = {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? online : 1
        #else
        return 1
        #endif
    }()

    /// Calls `body` with ranges that together cover `0 ..< count` exactly once: one range on the
    /// calling thread, or chunks across every core when `concurrently` is true and there are
    /// enough tracks (chunks of at least `minimumChunk`: fewer when each item costs more).
    @inline(__always)
    static func run(
        count: Int, concurrently: Bool, minimumChunk: Int = minimumChunk, _ body: (Range<Int>) -> Void
    ) {
        let wanted = concurrently ? chunkCount(for: count, minimumChunk: minimumChunk) : 1
        if wanted <= 1 {
            body(0..<count)
            return
        }
        // Chunks of whole `lineTracks`: every chunk starts on an even track, as the pair loops
        // expect, and no two threads write to one line of the playhead's records, codes or
        // cursors. Counted again after rounding, so that no chunk is empty.
        let size = ((count + wanted - 1) / wanted + lineTracks - 1) / lineTracks * lineTracks
        let chunks = (count + size - 1) / size
        WorkerPool.shared.run(chunks: chunks) { chunk in
            let start = chunk * size
            body(start..<Swift.min(start + size, count))
        }
    }

    /// How many chunks `count` tracks go in, before rounding to whole lines.
    static func chunkCount(for count: Int, minimumChunk: Int = minimumChunk) -> Int {
        guard coreCount > 1 else { return 1 }
        return Swift.max(1, Swift.min(coreCount * chunksPerCore, count / minimumChunk))
    }
}

/// Threads parked until a bank evaluation splits its work, one fewer than the cores: the calling
/// thread takes chunks too.
///
/// A run allocates nothing: the work is published in a field, the workers are woken by their own
/// semaphores, every thread claims chunks from an atomic counter until none are left, and the
/// caller waits for each worker to report that it has stopped claiming. Waiting threads watch an
/// atomic for 200 µs before they park on a semaphore: a worker for the next run, the caller for
/// the workers' last chunks. Frames played back to back then never pay for waking a parked thread
/// (tens to hundreds of microseconds in a virtual machine: it made two cores 1.3 times as fast as
/// one instead of 1.7 to 1.9), and an idle pool costs nothing. One run at a time: a
/// caller that finds the pool busy (another thread evaluating concurrently) runs its chunks
/// itself, which gives the same output.
///
/// `@unchecked Sendable`: `work` is written only by the thread that holds `busy`, before the
/// workers are signalled and after each has signalled back; the semaphores order those accesses.
final class WorkerPool: @unchecked Sendable {
    /// The pool every bank shares, started on first use.
    static let shared = WorkerPool(workers: BankParallel.coreCount - 1)

    private let busy = Locked(false)
    private let nextChunk = Atomic<Int>(0)
    /// Counts the runs; a worker that has just finished one watches it for a while before it
    /// parks, so that back-to-back frames do not wait for a parked thread to be woken.
    private let generation = Atomic<Int>(0)
    /// Workers still claiming chunks in the current run: the caller watches it before it parks.
    private let working = Atomic<Int>(0)
    private var chunkCount = 0
    private var work: ((Int) -> Void)?
    private let wake: [DispatchSemaphore]
    private let finished = DispatchSemaphore(value: 0)

    private init(workers: Int) {
        wake = (0..<Swift.max(workers, 0)).map { _ in DispatchSemaphore(value: 0) }
        for index in wake.indices {
            let thread = Thread { [unowned(unsafe) self] in self.serve(index) }
            thread.name = "Cadence bank worker \(index + 1)"
            thread.qualityOfService = .userInteractive
            thread.start()
        }
    }

    /// Calls `body` once for every chunk in `0 ..< chunks`, on this thread and the workers, and
    /// returns when every call has returned.
    func run(chunks: Int, _ body: (Int) -> Void) {
        let claimed = busy.withLock { isBusy in
            if isBusy { return false }
            isBusy = true
            return true
        }
        guard claimed, !wake.isEmpty else {
            for chunk in 0..<chunks { body(chunk) }
            return
        }
        withoutActuallyEscaping(body) { body in
            work = body
            chunkCount = chunks
            nextChunk.store(0, ordering: .relaxed)
            working.store(wake.count, ordering: .relaxed)
            generation.wrappingAdd(1, ordering: .releasing)
            for semaphore in wake { semaphore.signal() }
            claimChunks(body)
            // The workers finish their last chunks about now: watch before parking.
            let deadline = DispatchTime.now().uptimeNanoseconds &+ Self.watchNanoseconds
            var spins = 0
            while working.load(ordering: .acquiring) > 0 {
                spins &+= 1
                if spins & 255 == 0, DispatchTime.now().uptimeNanoseconds >= deadline { break }
            }
            // One signal per worker and run (immediate for those that were watched finishing).
            for _ in wake { finished.wait() }
            // Nothing may keep the closure past this call.
            work = nil
        }
        busy.withLock { $0 = false }
    }

    private func claimChunks(_ body: (Int) -> Void) {
        while true {
            let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
            guard chunk < chunkCount else { return }
            body(chunk)
        }
    }

    private func serve(_ index: Int) {
        var seen = 0
        while true {
            waitBriefly(whileGenerationIs: seen)
            // One signal per run: immediate when the run began while watching.
            wake[index].wait()
            seen = generation.load(ordering: .acquiring)
            drain()
            working.wrappingSubtract(1, ordering: .releasing)
            finished.signal()
        }
    }

    /// How long a worker watches for the next run before it parks, and the caller for the workers
    /// to finish.
    static let watchNanoseconds: UInt64 = 200_000

    private func waitBriefly(whileGenerationIs seen: Int) {
        let deadline = DispatchTime.now().uptimeNanoseconds &+ Self.watchNanoseconds
        var spins = 0
        while generation.load(ordering: .relaxed) == seen {
            spins &+= 1
            if spins & 255 == 0, DispatchTime.now().uptimeNanoseconds >= deadline { return }
        }
    }

    /// A worker's share of the current run; its reference to the work ends when it returns, before
    /// the worker reports back.
    @inline(never)
    private func drain() {
        if let work { claimChunks(work) }
    }
}
