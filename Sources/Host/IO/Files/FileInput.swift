import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an input file could not be read.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file (or `standard input`).
    public var file: String
    /// The system's reason.
    public var reason: String

    /// An error for a file and the system's reason.
    package init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// `cannot read FILE: reason`.
    public var description: String { "cannot read \(file): \(reason)" }
}

/// Reads whole files and standard input.
public enum FileInput {
    /// The bytes of a file, or of standard input when `path` is `-`.
    ///
    /// - Parameters:
    ///   - path: The file, or `-` for standard input.
    ///   - maximumCount: If given, the most bytes accepted: reading stops after one more, so a
    ///     huge file or an endless stream costs no more than the limit.
    /// - Throws: ``InputError`` when the file cannot be opened or read (a missing file, a folder),
    ///   or is longer than `maximumCount` bytes.
    public static func read(_ path: String, maximumCount: Int? = nil) throws(InputError) -> [UInt8] {
        let isStandardInput = path == "-"
        let name = isStandardInput ? "standard input" : path
        let descriptor = isStandardInput ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else { throw InputError(file: name, reason: String(cString: strerror(errno))) }
        defer { if !isStandardInput { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw InputError(file: name, reason: "it is a directory")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc_read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputError(file: name, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if let maximumCount, bytes.count > maximumCount {
                throw InputError(file: name, reason: "it is longer than \(maximumCount) bytes, the most accepted")
            }
        }
        return bytes
    }
}

@inline(__always)
private func Glibc_read(_ fd: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, pointer, count)
}
