#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension ChildProcess {
    /// Runs `path` with `arguments` to its end, copying what it writes on its standard output and
    /// error to `standardOutput` and `standardError` as it comes (each read flushed), and returns
    /// its exit status: the status it exited with, or 128 plus the number of the signal that
    /// killed it, as a shell reports it.
    ///
    /// The program's standard input is `/dev/null`; it starts with default signal handling.
    ///
    /// - Throws: ``ChildProcessError`` if it cannot be started,
    ///   ``SinkError/writeFailed(destination:reason:)`` if its pipes cannot be made, or an error of
    ///   the outputs.
    package static func run(
        _ path: String, arguments: [String], standardOutput: inout any TextOutput, standardError: inout any TextOutput
    ) throws -> Int32 {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { throw SinkError.writeFailed(destination: path, reason: String(cString: strerror(errno))) }
        guard pipe(&errorPipe) == 0 else {
            let reason = String(cString: strerror(errno))
            close(outputPipe[0]); close(outputPipe[1])
            throw SinkError.writeFailed(destination: path, reason: reason)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        for descriptor in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var attributes = defaultSpawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, &attributes, argv, environ)
        close(outputPipe[1])
        close(errorPipe[1])
        defer { close(outputPipe[0]); close(errorPipe[0]) }
        guard status == 0 else { throw ChildProcessError(program: path, reason: String(cString: strerror(status))) }
        var copyError: (any Error)?
        do {
            try copy(outputPipe[0], to: &standardOutput, and: errorPipe[0], to: &standardError)
        } catch {
            // The outputs failed (closed): stop the program, then report the outputs' error.
            kill(child, SIGTERM)
            copyError = error
        }
        var waitStatus: Int32 = 0
        while waitpid(child, &waitStatus, 0) < 0, errno == EINTR {}
        if let copyError { throw copyError }
        let signal = waitStatus & 0x7F
        return signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal
    }

    /// Spawn attributes that give the child default signal handling and nothing blocked.
    static func defaultSpawnAttributes() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return attributes
    }

    /// Copies each descriptor to its output until both are at their end.
    private static func copy(
        _ first: Int32, to firstOutput: inout any TextOutput, and second: Int32, to secondOutput: inout any TextOutput
    ) throws {
        var open = [first, second].map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while open.contains(where: { $0.fd >= 0 }) {
            let ready = poll(&open, nfds_t(open.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                throw SinkError.writeFailed(destination: "a child process's output", reason: String(cString: strerror(errno)))
            }
            for index in open.indices where open[index].fd >= 0 && open[index].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(open[index].fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    open[index].fd = -1
                    continue
                }
                try buffer.withUnsafeBytes { bytes in
                    let chunk = UnsafeRawBufferPointer(rebasing: bytes[..<count])
                    if index == 0 {
                        try firstOutput.write(bytes: chunk)
                        try firstOutput.flush()
                    } else {
                        try secondOutput.write(bytes: chunk)
                        try secondOutput.flush()
                    }
                }
            }
        }
    }

    /// The folder of this process's executable, or `nil` where the system does not say.
    package static func executableFolder() -> String? {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        #if os(Linux)
        let count = readlink("/proc/self/exe", &path, path.count - 1)
        guard count > 0 else { return nil }
        path[count] = 0
        #elseif canImport(Darwin)
        var size = UInt32(path.count)
        guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
        #else
        return nil
        #endif
        let full = path.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        guard let slash = full.lastIndex(of: "/") else { return nil }
        return String(full[..<slash])
    }
}
