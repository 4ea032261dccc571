#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where text sinks write their bytes.
public protocol TextOutput {
    /// Appends UTF-8 text.
    mutating func write(_ text: String) throws
    /// Appends raw bytes.
    mutating func write(bytes: UnsafeRawBufferPointer) throws
    /// Pushes buffered bytes to the destination.
    mutating func flush() throws
}

/// Text collected in memory: for tests and for callers that post-process output.
public struct StringOutput: TextOutput, Sendable {
    /// Everything written so far, as UTF-8 bytes.
    public private(set) var bytes: [UInt8] = []

    /// An empty output.
    public init() {}

    /// Everything written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends UTF-8 text.
    public mutating func write(_ text: String) throws {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends raw bytes.
    public mutating func write(bytes buffer: UnsafeRawBufferPointer) throws {
        bytes.append(contentsOf: buffer)
    }

    /// Nothing to flush.
    public mutating func flush() throws {}
}

/// A file descriptor with a write buffer: standard output or a file.
///
/// A write to a closed pipe throws ``SinkError/closed`` (`SIGPIPE` must be ignored by the process,
/// as the `cadence` tool does), so `cadence ... | head` ends quietly.
public final class FileOutput: TextOutput {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let capacity = 1 << 16
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

    deinit {
        try? flush()
        if ownsDescriptor { close(descriptor) }
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
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Writes everything buffered.
    public func flush() throws {
        var written = 0
        defer { buffer.removeFirst(min(written, buffer.count)) }
        try buffer.withUnsafeBytes { raw in
            while written < raw.count {
                let result = Glibc_write(descriptor, raw.baseAddress! + written, raw.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    if errno == EPIPE { throw SinkError.closed }
                    throw SinkError.writeFailed(destination: name, reason: String(cString: strerror(errno)))
                }
                written += result
            }
        }
    }
}

@inline(__always)
private func Glibc_write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
