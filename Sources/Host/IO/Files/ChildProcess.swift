import Timeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run with its standard input a pipe that Cadence writes into, its standard output
/// discarded and its standard error kept in a temporary file (read back when it fails): how
/// frames reach `ffmpeg`.
///
/// The program is found on `PATH`. Writing to a program that has exited throws
/// ``SinkError/writeFailed(destination:reason:)`` (SIGPIPE must be ignored, as the `cadence` tool
/// does); ``finish()`` closes the pipe, waits, and throws unless the program exits with 0.
package final class ChildProcess {
    /// The program's name, for messages.
    package let program: String
    private var pid: pid_t = 0
    private var input: Int32 = -1
    private let errorLog: String
    /// The log's slot among the files an interrupt removes.
    private var logSlot = -1
    /// The program's slot among the processes an interrupt stops.
    private var childSlot = -1
    private var finished = false

    /// Whether `program` is an executable file in a folder of `PATH`.
    package static func isInstalled(_ program: String) -> Bool {
        guard let path = getenv("PATH") else { return false }
        for folder in String(cString: path).split(separator: ":") {
            if access("\(folder)/\(program)", X_OK) == 0 { return true }
        }
        return false
    }

    /// Starts `program` with `arguments`.
    ///
    /// - Throws: ``ChildProcessError`` if the program cannot be started (not found, not
    ///   executable, its interpreter missing), ``SinkError/writeFailed(destination:reason:)`` if
    ///   its pipe or log cannot be made.
    package init(_ program: String, arguments: [String]) throws {
        self.program = program
        // The log goes where temporary files go (TMPDIR, else /tmp), and an interrupt removes it.
        let name = TemporaryFiles.folder + "cadence-\(program)-XXXXXX"
        guard let made = TemporaryFiles.make(template: name) else {
            throw SinkError.writeFailed(destination: String(name.dropLast(7)) + "…", reason: "cannot make \(program)'s error log: " + String(cString: strerror(errno)))
        }
        let logDescriptor = made.descriptor
        errorLog = made.path
        logSlot = made.slot
        defer { close(logDescriptor) }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            unlink(errorLog)
            throw SinkError.writeFailed(destination: program, reason: String(cString: strerror(errno)))
        }
        // Close-on-exec, so that a program started later (another segment's ffmpeg) does not hold
        // this one's input open: it would never see the end of it. The child's own copies (its
        // standard input and error, made by dup2) stay open.
        for descriptor in [pipeEnds[0], pipeEnds[1], logDescriptor] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, logDescriptor, 2)
        // The child starts with default signal handling and nothing blocked.
        var attributes = Self.defaultSpawnAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        let status = posix_spawnp(&child, program, &actions, &attributes, argv, environ)
        close(pipeEnds[0])
        guard status == 0, child > 0 else {
            // Nothing was started: there is no process to stop or wait for (`kill(0, …)` would
            // signal this process's whole group).
            close(pipeEnds[1])
            finished = true
            throw ChildProcessError(program: program, reason: String(cString: strerror(status == 0 ? ECHILD : status)))
        }
        pid = child
        childSlot = TemporaryFiles.register(child: child)
        input = pipeEnds[1]
        Self.enlargePipe(input)
    }

    /// Makes a pipe's buffer 1 MiB (Linux's default limit for unprivileged processes) where the
    /// system allows it: raw 1080p frames are 8 MB each, and through a 64 KiB pipe the two
    /// processes spend their time switching (45 frames a second into `ffmpeg -f null` instead of
    /// 120). Anything that is not a pipe, or a system without the call, is left as it is.
    package static func enlargePipe(_ descriptor: Int32) {
        #if os(Linux)
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO {
            _ = fcntl(descriptor, setPipeSize, 1 << 20)
        }
        #endif
    }

    deinit {
        stop()
        unlink(errorLog)
        TemporaryFiles.unregister(logSlot)
    }

    /// Stops a program still running (abandoned: an error elsewhere) and reaps it; does nothing
    /// once it has ended.
    package func stop() {
        if input >= 0 {
            close(input)
            input = -1
        }
        if !finished, pid > 0 {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        finished = true
        TemporaryFiles.unregister(child: childSlot)
        childSlot = -1
    }

    /// Writes all of `bytes` to the program's standard input.
    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(input, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                let reason = errno == EPIPE ? "it stopped reading its input" + endedHow() : String(cString: strerror(errno))
                throw SinkError.writeFailed(destination: program, reason: reason + lastError())
            }
            written += result
        }
    }

    /// Closes the program's input and waits for it.
    ///
    /// - Throws: ``SinkError/writeFailed(destination:reason:)`` when it exits with a status other
    ///   than 0 or is killed, with the last line of what it printed on standard error.
    package func finish() throws {
        guard !finished else { return }
        finished = true
        close(input)
        input = -1
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        TemporaryFiles.unregister(child: childSlot)
        childSlot = -1
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        if exited, code == 0 { return }
        let how = exited ? "exited with status \(code)" : "was killed by signal \(status & 0x7F)"
        throw SinkError.writeFailed(destination: program, reason: how + lastError())
    }

    /// How a program that stopped reading ended, as ` (it was killed by signal 9)` or
    /// ` (it exited with status 1)`, once it has (waiting up to a second); nothing if it has not.
    private func endedHow() -> String {
        var status: Int32 = 0
        for _ in 0..<100 {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                finished = true
                TemporaryFiles.unregister(child: childSlot)
                childSlot = -1
                let signal = status & 0x7F
                return signal == 0 ? " (it exited with status \((status >> 8) & 0xFF))" : " (it was killed by signal \(signal))"
            }
            if result < 0, errno != EINTR { return "" }
            usleep(10_000)
        }
        return ""
    }

    /// The last non-empty line the program wrote on standard error, as `: LINE`, or nothing.
    private func lastError() -> String {
        guard let bytes = try? FileInput.read(errorLog, maximumCount: 1 << 20) else { return "" }
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
        guard let last = lines.last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return "" }
        return ": " + InputExcerpt.bounded(String(last.prefix(300)))
    }
}

/// A program that could not be started: `cannot start ffmpeg: Exec format error`.
package struct ChildProcessError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The program's name.
    package var program: String
    /// Why, as the system says it.
    package var reason: String

    /// An error for `program`.
    package init(program: String, reason: String) {
        self.program = program
        self.reason = reason
    }

    package var description: String { "cannot start \(program): \(reason)" }
}
