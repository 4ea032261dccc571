import Foundation
import Testing

/// Runs Python 3 (its `zlib` module is the reference inflater and the level-6 baseline) on
/// files, so the tests check the encoder against an implementation that is not this one.
enum PythonReference {
    /// The interpreter, found on `PATH` (nil when there is none).
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Whether python3 can be run (tests that need it are skipped, with this reason, if not).
    static var isAvailable: Bool { executable != nil }

    /// The message a skipped test shows.
    static let missingReason: Comment = "python3 is not on PATH: the independent zlib/PNG reference checks cannot run"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `script` with `arguments`, returns its standard output (the script's result, small);
    /// throws with its standard error if it fails.
    static func run(_ script: String, arguments: [String]) throws -> String {
        guard let executable else { throw Failure(description: "python3 not found") }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", script] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 failed (\(process.terminationStatus)): "
                + (String(data: errorData, encoding: .utf8) ?? ""))
        }
        return String(data: outputData, encoding: .utf8) ?? ""
    }

    /// A fresh temporary file path; removed by `withTemporaryFiles`.
    static func withTemporaryFiles<R>(count: Int, _ body: ([URL]) throws -> R) throws -> R {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("PNGKitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = (0..<count).map { directory.appendingPathComponent("file\($0)") }
        return try body(files)
    }

    // MARK: - zlib

    /// The result of inflating a zlib stream with Python.
    struct Inflated {
        /// The inflated bytes.
        var bytes: [UInt8]
        /// The length of `zlib.compress(bytes, 6)`.
        var zlibLevel6Count: Int
    }

    private static let inflateScript = """
        import sys, zlib
        data = open(sys.argv[1], 'rb').read()
        d = zlib.decompressobj()
        out = d.decompress(data) + d.flush()
        if not d.eof: sys.exit('stream does not end')
        if d.unused_data: sys.exit('bytes after the stream: %d' % len(d.unused_data))
        open(sys.argv[2], 'wb').write(out)
        print(len(zlib.compress(out, 6)))
        """

    /// Inflates `stream` (a complete zlib stream, no trailing bytes) with Python's zlib.
    static func inflate(_ stream: [UInt8]) throws -> Inflated {
        try withTemporaryFiles(count: 2) { files in
            try Data(stream).write(to: files[0])
            let printed = try run(inflateScript, arguments: [files[0].path, files[1].path])
            let bytes = [UInt8](try Data(contentsOf: files[1]))
            guard let level6 = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw Failure(description: "unexpected output: \(printed)")
            }
            return Inflated(bytes: bytes, zlibLevel6Count: level6)
        }
    }
}
