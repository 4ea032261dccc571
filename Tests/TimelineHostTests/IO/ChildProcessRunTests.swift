import Testing

@testable import CadenceIO

/// `ChildProcess.run`: how `cadence bench` runs `cadence-bench`, its output and status passed through.
@Suite("a child process run to its end")
struct ChildProcessRunTests {
    @Test("its standard output and error reach ours, in full, and its exit status is returned")
    func outputAndStatus() throws {
        var output: any TextOutput = StringOutput()
        var error: any TextOutput = StringOutput()
        // 200,000 bytes on each stream: more than a pipe holds, so both must be read as they come.
        let script = "yes o | tr -d '\\n' | head -c 200000; yes e | tr -d '\\n' | head -c 200000 >&2; exit 3"
        let status = try ChildProcess.run("/bin/sh", arguments: ["-c", script], standardOutput: &output, standardError: &error)
        #expect(status == 3)
        let out = (output as! StringOutput).text, err = (error as! StringOutput).text
        #expect(out.utf8.count == 200_000 && out.allSatisfy { $0 == "o" })
        #expect(err.utf8.count == 200_000 && err.allSatisfy { $0 == "e" })
    }

    @Test("a program killed by a signal returns 128 plus the signal, as a shell says; one that cannot start throws")
    func signalAndMissingProgram() throws {
        var output: any TextOutput = StringOutput()
        var error: any TextOutput = StringOutput()
        let status = try ChildProcess.run("/bin/sh", arguments: ["-c", "kill -TERM $$"], standardOutput: &output, standardError: &error)
        #expect(status == 128 + 15)
        #expect(throws: ChildProcessError(program: "/nonexistent/cadence-bench", reason: "No such file or directory")) {
            try ChildProcess.run("/nonexistent/cadence-bench", arguments: [], standardOutput: &output, standardError: &error)
        }
    }

    @Test("the folder of this process's executable is where the test runner lies")
    func executableFolder() throws {
        let folder = try #require(ChildProcess.executableFolder())
        #expect(folder.hasPrefix("/") && !folder.hasSuffix("/"))
    }
}
