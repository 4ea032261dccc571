import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files of outputs not yet committed (``FileOutput/init(replacing:)``) and the
/// temporary folders of shards not yet complete, removed when the process is interrupted,
/// terminated or crashes, so that `--out` never leaves a hidden `.FILE.cadence-XXXXXX` behind, nor
/// `--shard` a `NAME.shard-I-of-N.partial-XXXXXX` folder.
///
/// The names are kept as C strings in a fixed table that a signal handler can read without
/// allocating or locking (`unlink` is async-signal-safe). ``installSignalHandlers()`` is called by
/// the `cadence` tool; a library user who installs their own handlers can call
/// ``removeAll()`` from them.
public enum TemporaryFiles {
    /// How many uncommitted outputs can be registered at once; more are still removed on failure
    /// by their own `deinit`, just not by a signal.
    package static let capacity = 64

    /// Where temporary files go: `TMPDIR` (when set and not empty), else `/tmp`, ending in `/`.
    package static var folder: String {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return folder.hasSuffix("/") ? folder : folder + "/"
    }

    /// Slot `i` holds a name made by `strdup`, or `nil`. Written under `lock`, read by the handler.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    private static let lock = Locked(())

    /// Registers a temporary file; returns its slot, or -1 if the table is full.
    package static func register(_ path: String) -> Int {
        lock.withLock { _ in
            for index in 0..<capacity where slots[index] == nil {
                slots[index] = strdup(path)
                return index
            }
            return -1
        }
    }

    /// Forgets a registered file (committed, or already removed).
    package static func unregister(_ slot: Int) {
        guard slot >= 0 else { return }
        lock.withLock { _ in
            let name = slots[slot]
            slots[slot] = nil
            free(name)
        }
    }

    /// Makes a temporary file from a `mkstemp` template (`….cadence-XXXXXX`) and registers it, with
    /// the handled signals blocked in between, so that an interrupt never finds the file made but
    /// not yet registered.
    ///
    /// - Returns: The open descriptor, the file's path and its slot (-1 when the table is full);
    ///   `nil`, with `errno` set, when the file cannot be made.
    package static func make(template: String) -> (descriptor: Int32, path: String, slot: Int)? {
        withInterruptsBlocked {
            var name = Array(template.utf8CString)
            let descriptor = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return nil }
            let path = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            return (descriptor, path, register(path))
        }
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP blocked on this thread, so that a handler never
    /// finds something made but not yet registered.
    private static func withInterruptsBlocked<Result>(_ body: () -> Result) -> Result {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Makes the temporary file `.NAME.cadence-XXXXXX` beside `destination` (in its folder), with
    /// the mode a replaced file keeps (`mode`, else 0644, as `--out` makes files), registered as it
    /// is made (``make(template:)``).
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` naming `path` when it cannot be made.
    package static func make(beside destination: String, mode: UInt32?, for path: String) throws(SinkError) -> (descriptor: Int32, path: String, slot: Int) {
        let folder = destination.lastIndex(of: "/").map { String(destination[...$0]) } ?? ""
        let base = destination.lastIndex(of: "/").map { String(destination[destination.index(after: $0)...]) } ?? destination
        guard let made = make(template: folder + "." + base + ".cadence-XXXXXX") else {
            throw .writeFailed(destination: path, reason: String(cString: strerror(errno)))
        }
        _ = fchmod(made.descriptor, mode_t(mode ?? 0o644))
        return made
    }

    /// The child processes a signal stops (`kill(…, SIGKILL)` and reaped) before the files are
    /// removed: an encoder that kept running would write on, or make its output again.
    nonisolated(unsafe) private static let children: UnsafeMutablePointer<pid_t> = {
        let children = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        children.initialize(repeating: 0, count: capacity)
        return children
    }()

    /// Registers a running child process; returns its slot, or -1 if the table is full.
    package static func register(child: Int32) -> Int {
        lock.withLock { _ in
            for index in 0..<capacity where children[index] == 0 {
                children[index] = child
                return index
            }
            return -1
        }
    }

    /// Forgets a child (reaped, or about to be).
    package static func unregister(child slot: Int) {
        guard slot >= 0 else { return }
        lock.withLock { _ in children[slot] = 0 }
    }

    #if canImport(Darwin)
    private typealias Directory = UnsafeMutablePointer<DIR>
    #else
    private typealias Directory = OpaquePointer
    #endif

    /// How many temporary folders can be registered at once (a render makes one: a shard's).
    package static let folderCapacity = 16

    /// Slot `i` holds a folder's name (`strdup`) and its stream, opened when it was registered so
    /// that a signal handler lists it without allocating; or `nil`. Written under `lock`.
    nonisolated(unsafe) private static let folders: UnsafeMutablePointer<(name: UnsafeMutablePointer<CChar>, stream: Directory)?> = {
        let folders = UnsafeMutablePointer<(name: UnsafeMutablePointer<CChar>, stream: Directory)?>.allocate(capacity: folderCapacity)
        folders.initialize(repeating: nil, count: folderCapacity)
        return folders
    }()

    /// Makes a temporary folder from a `mkdtemp` template (`….partial-XXXXXX`) and registers it,
    /// with the handled signals blocked in between: a signal then removes the folder and the files
    /// in it (it must hold no folders). Unregister it (``unregister(folder:)``) before renaming it.
    ///
    /// - Returns: The folder's path and its slot (-1 when the table is full: the folder is made
    ///   but a signal leaves it); `nil`, with `errno` set, when the folder cannot be made.
    package static func makeFolder(template: String) -> (path: String, slot: Int)? {
        withInterruptsBlocked {
            var name = Array(template.utf8CString)
            guard name.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
            let path = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            guard let stream = opendir(path) else { return (path, -1) }
            let slot = lock.withLock { _ -> Int in
                for index in 0..<folderCapacity where folders[index] == nil {
                    folders[index] = (strdup(path), stream)
                    return index
                }
                return -1
            }
            if slot < 0 { closedir(stream) }
            return (path, slot)
        }
    }

    /// Forgets a registered folder (about to be renamed into place, or already removed).
    package static func unregister(folder slot: Int) {
        guard slot >= 0 else { return }
        let entry = lock.withLock { _ in
            let entry = folders[slot]
            folders[slot] = nil
            return entry
        }
        if let entry {
            closedir(entry.stream)
            free(entry.name)
        }
    }

    /// Stops the registered child processes, then removes every registered temporary file now, and
    /// every registered folder with the files in it.
    ///
    /// Async-signal-safe in effect: it only reads the tables and calls `kill`, `waitpid`,
    /// `unlink`, `unlinkat` and `rmdir`, and lists each folder with `rewinddir` and `readdir` on the
    /// stream opened (and allocated) when the folder was registered, which nothing else uses.
    public static func removeAll() {
        for index in 0..<capacity where children[index] > 0 {
            let child = children[index]
            kill(child, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(child, &status, 0)
        }
        for index in 0..<capacity {
            if let name = slots[index] { unlink(name) }
        }
        for index in 0..<folderCapacity {
            guard let folder = folders[index] else { continue }
            removeFiles(in: folder.stream)
            rmdir(folder.name)
        }
    }

    /// Removes the files of a folder through its open stream: listed again until a pass finds
    /// nothing to remove (a folder's listing need not show every name removed during it), at most
    /// 64 passes.
    private static func removeFiles(in stream: Directory) {
        let descriptor = dirfd(stream)
        let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
        for _ in 0..<64 {
            rewinddir(stream)
            var removed = false
            while let entry = readdir(stream) {
                let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self)
                // Skip "." and "..".
                if name[0] == 0x2E && (name[1] == 0 || (name[1] == 0x2E && name[2] == 0)) { continue }
                if unlinkat(descriptor, name, 0) == 0 { removed = true }
            }
            if !removed { return }
        }
    }

    /// Makes SIGINT, SIGTERM and SIGHUP, and the signals of a crash (SIGABRT, SIGILL, SIGTRAP,
    /// SIGSEGV, SIGBUS), remove the registered temporary files, then end the process as the
    /// signal would have (its default action, raised again: the exit status stays 128 + N).
    ///
    /// A signal the process was started with ignored stays ignored (`nohup`, a background job of a
    /// non-interactive shell), and the handled signals are unblocked, in case the parent left
    /// them blocked.
    public static func installSignalHandlers() {
        let handled = [SIGINT, SIGTERM, SIGHUP, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS]
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in handled {
            let previous = signal(number) { received in
                TemporaryFiles.removeAll()
                _ = signal(received, SIG_DFL)
                _ = raise(received)
            }
            if let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = signal(number, SIG_IGN)
            }
            sigaddset(&mask, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }
}
