import Testing
import Timeline

@Suite("scan")
struct ScanTests {
    @Test("scan passes on running results", arguments: [
        ([1, 2, 3, 4], [1, 3, 6, 10]),
        ([5, -5, 5], [5, 0, 5]),
        ([Int](), [Int]()),
    ])
    func runningSum(input: [Int], expected: [Int]) {
        let emitter = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(emitter.scan(0, +))
        for value in input { emitter.send(value) }
        emitter.finish()
        #expect(recorder.values == expected)
        #expect(recorder.completions == [.finished])
        withExtendedLifetime(observation) {}
    }

    @Test("scan into another type; each observation starts from the initial result")
    func perObservationState() {
        let emitter = Emitter<Character, TestError>()
        let words = emitter.scan("") { word, letter in word + String(letter) }
        let a = Recorder<String, TestError>()
        let aObservation = a.observe(words)
        emitter.send("a")
        emitter.send("b")
        let b = Recorder<String, TestError>()
        let bObservation = b.observe(words)
        emitter.send("c")
        emitter.fail(.boom)
        #expect(a.events == [.value("a"), .value("ab"), .value("abc"), .completion(.failed(.boom))])
        #expect(b.events == [.value("c"), .completion(.failed(.boom))])
        withExtendedLifetime((aObservation, bObservation)) {}
    }
}
