import Timeline
import CadenceHostCore
package import CadenceIO
import CadencePNG

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-system work of shards and joins: a shard's temporary folder, its replacement of an
/// earlier run's folder, listing and checksumming files, and reading a file in chunks.
package enum ShardFolder {
    /// Makes an empty folder `FOLDER.partial-XXXXXX` beside `folder` (its parents are made).
    static package func makeTemporary(beside folder: String) throws -> String {
        let made = try makeRemovedOnSignal(beside: folder)
        TemporaryFiles.unregister(folder: made.slot)
        return made.path
    }

    /// Makes an empty folder `FOLDER.partial-XXXXXX` beside `folder` (its parents are made), which
    /// an interrupt, a termination or a crash removes with the files in it
    /// (``TemporaryFiles/makeFolder(template:)``) until its slot is unregistered.
    static package func makeRemovedOnSignal(beside folder: String) throws -> (path: String, slot: Int) {
        if let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            try PictureSink.makeFolder(String(folder[..<slash]))
        }
        guard let (path, slot) = TemporaryFiles.makeFolder(template: folder + ".partial-XXXXXX") else {
            throw SinkError.writeFailed(destination: folder, reason: String(cString: strerror(errno)))
        }
        // mkdtemp makes it private (0700); a shard's folder is read by the join, maybe as another
        // user: the mode `mkdir` gives a folder.
        let mask = umask(0)
        umask(mask)
        chmod(path, 0o777 & ~mask)
        return (path, slot)
    }

    /// The names in `folder` (files and anything else but `.` and `..`), sorted.
    static package func names(in folder: String) throws -> [String] {
        guard let directory = opendir(folder) else {
            throw InputError(file: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Whether `path` is a folder.
    static package func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes a shard folder and the files in it (it holds no folders); errors are ignored.
    static package func remove(_ folder: String) {
        for name in (try? names(in: folder)) ?? [] { unlink(folder + "/" + name) }
        rmdir(folder)
    }

    /// Puts the complete shard folder `partial` under the name `folder`, replacing an earlier
    /// run's folder: the old one is first renamed away, so `folder` never holds a mix.
    static package func replace(_ folder: String, with partial: String) throws {
        var info = stat()
        if lstat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw SinkError.writeFailed(destination: folder, reason: "it exists and is not a shard's folder")
            }
            let old = try makeTemporary(beside: folder)
            rmdir(old)
            guard rename(folder, old) == 0 else {
                throw SinkError.writeFailed(destination: folder, reason: String(cString: strerror(errno)))
            }
            remove(old)
        }
        guard rename(partial, folder) == 0 else {
            throw SinkError.writeFailed(destination: folder, reason: String(cString: strerror(errno)))
        }
    }

    /// The name, length and CRC-32 of every file in a shard's folder but its manifest.
    static package func describeFiles(in folder: String) throws -> [ShardManifest.File] {
        try names(in: folder).filter { $0 != ShardManifest.fileName }.map { try describeFile(named: $0, in: folder) }
    }

    /// The name, length and CRC-32 of one file in a shard's folder.
    static package func describeFile(named name: String, in folder: String) throws -> ShardManifest.File {
        var crc = CRC32()
        let count = try read(folder + "/" + name) { crc.update($0) }
        return ShardManifest.File(name: name, bytes: count, crc32: crc.value)
    }

    /// Reads a regular file in chunks of 1 MiB and returns its length.
    ///
    /// A shard's files are only ever regular files inside its folder: a symbolic link (even to a
    /// regular file), a pipe, a device or a folder is refused without being followed or read.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - body: Called with each chunk, in order.
    /// - Throws: ``InputError`` when the file cannot be opened or read, or is not a regular file.
    @discardableResult
    static package func read(_ path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Int {
        // O_NOFOLLOW: a link is refused (ELOOP); O_NONBLOCK: opening a pipe does not wait for a
        // writer. Then only a regular file is read.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "it is a symbolic link, not a file the shard wrote" : String(cString: strerror(errno))
            throw InputError(file: path, reason: reason)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw InputError(file: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw InputError(file: path, reason: "it is not a regular file (a pipe, a device or a folder), not a file the shard wrote")
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw InputError(file: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return total }
            total += count
            try chunk.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
    }

    /// A regular file's bytes, at most `maximumCount` of them (see ``read(_:_:)``).
    ///
    /// - Throws: ``InputError`` as ``read(_:_:)`` does, or when the file is longer.
    static package func readRegularFile(_ path: String, maximumCount: Int) throws(InputError) -> [UInt8] {
        var bytes: [UInt8] = []
        do {
            try read(path) { chunk in
                guard bytes.count + chunk.count <= maximumCount else {
                    throw InputError(file: path, reason: "it is longer than \(maximumCount) bytes")
                }
                bytes += chunk
            }
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: path, reason: "\(error)")
        }
        return bytes
    }
}

@inline(__always)
private func readBytes(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, pointer, count)
}
