import Timeline
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
