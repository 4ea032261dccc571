#if FUZZING
internal import CLibFuzzer
#endif
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// One fuzz input: libFuzzer's bytes.
public typealias FuzzInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Hands the process to libFuzzer, which calls `body` once per input, and exits with its status.
///
/// Built without `-D FUZZING` (a normal `swift build`), the target only says how to build it for
/// fuzzing and exits with status 2: `.ci/fuzz` builds it with `-sanitize=fuzzer,address`.
///
/// - Parameters:
///   - name: The fuzz target's name, for the message.
///   - body: The input handler; it returns 0 and crashes (a failed precondition) on a finding.
public func runFuzzer(_ name: String, _ body: FuzzInput) -> Never {
    #if FUZZING
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, body))
    #else
    let message = "\(name): built without libFuzzer; run it with .ci/fuzz \(name) (Tests/Fuzz/README.md)\n"
    var bytes = Array(message.utf8)
    _ = write(2, &bytes, bytes.count)
    exit(2)
    #endif
}

/// The input as text: invalid UTF-8 becomes U+FFFD, as when a file is read.
public func fuzzText(_ data: UnsafePointer<UInt8>?, _ count: Int) -> String {
    guard let data, count > 0 else { return "" }
    return String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
}
