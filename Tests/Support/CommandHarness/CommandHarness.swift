// What several test targets share: the in-process `cadence` runner, temporary files and random
// paths (as swift-nio's NIOTestUtils does for its tests).
import CadenceCommandLine
import Foundation
public import CadenceIO

/// Output collected in memory, shared with the tool under test.
public final class MemoryOutput: TextOutput {
    /// Everything written, in order.
    public var bytes: [UInt8] = []
    /// The bytes as UTF-8 text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// An empty output.
    public init() {}

    /// Appends text.
    public func write(_ text: String) throws { bytes += Array(text.utf8) }
    /// Appends bytes.
    public func write(bytes buffer: UnsafeRawBufferPointer) throws { bytes += buffer }
    /// Nothing to flush.
    public func flush() throws {}
}

/// Runs `cadence` in-process: (status, standard output, standard error).
public func cadence(_ arguments: String...) -> (status: Int32, out: String, err: String) {
    cadence(arguments)
}

/// Runs `cadence` in-process with arguments built as an array and, optionally, the scheduler
/// variables its environment would hold.
public func cadence(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, out: String, err: String) {
    let out = MemoryOutput(), err = MemoryOutput()
    var tool = CadenceTool(standardOutput: out, standardError: err)
    tool.environment = environment
    let status = tool.run(arguments)
    return (status, out.text, err.text)
}

/// Writes `contents` to a new temporary file whose name ends with `name`, and returns its path.
public func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let path = NSTemporaryDirectory() + "cadence-test-\(UUID().uuidString)-\(name)"
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

/// A new, empty temporary directory.
public func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "cadence-test-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
