import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file descriptor with a write buffer: standard output or a file.
///
/// A write to a closed pipe throws ``SinkError/closed`` (`SIGPIPE` must be ignored by the process,
/// as the `cadence` tool does), so `cadence ... | head` ends quietly. Any other failure (a full
/// disk: `ENOSPC`, a file too large) throws ``SinkError/writeFailed(destination:reason:)``.
///
/// ``init(replacing:)`` writes a file all or nothing: the bytes go to a temporary file beside it,
/// which ``commit()`` renames over the destination; an output released without a commit removes
/// its temporary file and leaves the destination as it was.
public final class FileOutput: TextOutput {
    private var descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16
    /// The temporary file and the destination it replaces on ``commit()``, until then.
    private var replacement: (temporary: String, destination: String)?
    /// The temporary file's slot among ``TemporaryFiles``, or -1.
    private var temporarySlot = -1
    /// What the output is called in error messages.
    public let name: String

    /// Standard output.
    public static func standardOutput() -> FileOutput {
        FileOutput(descriptor: 1, name: "standard output", ownsDescriptor: false)
    }

    /// Standard error.
    public static func standardError() -> FileOutput {
        FileOutput(descriptor: 2, name: "standard error", ownsDescriptor: false)
    }

    private init(descriptor: Int32, name: String, ownsDescriptor: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.ownsDescriptor = ownsDescriptor
        buffer.reserveCapacity(capacity)
    }

    /// Creates (or truncates) a file for writing.
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` if the file cannot be opened.
    public init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            throw SinkError.writeFailed(destination: path, reason: String(cString: strerror(errno)))
        }
        descriptor = fd
        name = path
        ownsDescriptor = true
        buffer.reserveCapacity(capacity)
    }

    /// Writes to a temporary file in the destination's folder that ``commit()`` renames to `path`.
    ///
    /// Until the commit, `path` is untouched: a run that fails (a sink error, a full disk) leaves
    /// the old file, or no file, and never a truncated one that looks complete. A new file gets
    /// mode `0644`, a replaced one keeps its mode. A destination that exists and is not a regular
    /// file (`/dev/null`, `/dev/full`, a named pipe) is written directly, as there is nothing to
    /// rename over; a symbolic link is followed, so the file it points to is replaced.
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` if the temporary file cannot be made.
    public init(replacing path: String) throws {
        name = path
        ownsDescriptor = true
        guard !path.isEmpty else {
            throw SinkError.writeFailed(destination: "''", reason: "the file name is empty")
        }
        // A symbolic link is followed, to the file it names even when that does not exist yet.
        let destination = Self.followingLinks(path)
        var info = stat()
        let exists = stat(destination, &info) == 0
        if exists, (info.st_mode & S_IFMT) != S_IFREG {
            let fd = open(destination, O_WRONLY)
            guard fd >= 0 else {
                throw SinkError.writeFailed(destination: path, reason: String(cString: strerror(errno)))
            }
            descriptor = fd
            buffer.reserveCapacity(capacity)
            return
        }
        // Registered as it is made, so that a signal (an interrupt, a crash) removes it too, when
        // the tool's handlers are installed.
        let made = try TemporaryFiles.make(beside: destination, mode: exists ? UInt32(info.st_mode & 0o7777) : nil, for: path)
        descriptor = made.descriptor
        replacement = (made.path, destination)
        temporarySlot = made.slot
        buffer.reserveCapacity(capacity)
    }

    /// `path` with its symbolic links followed, as `open` would follow them: the last one may
    /// name a file that does not exist yet. At most 40 links, as the kernel allows.
    package static func followingLinks(_ path: String) -> String {
        var current = path
        var info = stat()
        for _ in 0..<40 {
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &target, Int(PATH_MAX))
            guard count > 0 else { return current }
            let link = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = folder + link
            }
        }
        return current
    }

    deinit {
        if let replacement {
            // Never committed: the run failed, so the destination keeps what it had.
            close(descriptor)
            unlink(replacement.temporary)
            TemporaryFiles.unregister(temporarySlot)
            return
        }
        try? flush()
        if ownsDescriptor, descriptor >= 0 { close(descriptor) }
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(descriptor) == 1 }

    /// Appends UTF-8 text.
    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Appends raw bytes, flushing when the buffer is full.
    public func write(bytes: UnsafeRawBufferPointer) throws {
        // A block larger than the buffer (a raw video frame) goes straight to the descriptor,
        // after what is buffered: no copy.
        if bytes.count >= capacity {
            try flush()
            try writeAll(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes `bytes` to the descriptor, retrying interrupted and partial writes; `written` counts
    /// the bytes written, also when it throws.
    private func writeAll(_ bytes: UnsafeRawBufferPointer, written: inout Int) throws {
        while written < bytes.count {
            let result = Glibc_write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { throw SinkError.closed }
                throw SinkError.writeFailed(destination: name, reason: String(cString: strerror(errno)))
            }
            written += result
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        try writeAll(bytes, written: &written)
    }

    /// Writes everything buffered.
    public func flush() throws {
        var written = 0
        defer { buffer.removeFirst(min(written, buffer.count)) }
        try buffer.withUnsafeBytes { try writeAll($0, written: &written) }
    }

    /// Finishes a file made by ``init(replacing:)``: flushes, syncs it to the disk, and renames it
    /// over the destination. For any other output, flushes.
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` if a step fails; the temporary
    ///   file is then removed and the destination left as it was.
    public func commit() throws {
        try flush()
        guard let replacement else { return }
        let failure: String? =
            if fsync(descriptor) != 0 { String(cString: strerror(errno)) }
            else if rename(replacement.temporary, replacement.destination) != 0 { String(cString: strerror(errno)) }
            else { nil }
        if let failure {
            throw SinkError.writeFailed(destination: name, reason: failure)
        }
        self.replacement = nil
        TemporaryFiles.unregister(temporarySlot)
        temporarySlot = -1
        close(descriptor)
        descriptor = -1
    }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
