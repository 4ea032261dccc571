import Testing
import Timeline

@Suite("zip")
struct ZipTests {
    @Test("pairs values in order, waiting for partners")
    func pairsInOrder() {
        let a = Emitter<Int, Never>()
        let b = Emitter<String, Never>()
        let recorder = Recorder<String, Never>()
        let observation = recorder.observe(a.zip(with: b).map { "\($0)\($1)" })
        a.send(1)
        a.send(2)
        b.send("x")
        a.send(3)
        b.send("y")
        b.send("z")
        b.send("w")
        #expect(recorder.values == ["1x", "2y", "3z"])
        withExtendedLifetime(observation) {}
    }

    @Test("finishes when a finished side has no waiting value left")
    func completionRule() {
        let a = Emitter<Int, Never>()
        let b = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(a.zip(with: b).map { $0 * 10 + $1 })
        a.send(1)
        a.send(2)
        a.finish()
        // Two values of a still wait: not finished yet.
        #expect(recorder.completions.isEmpty)
        b.send(1)
        #expect(recorder.completions.isEmpty)
        b.send(2)
        #expect(recorder.events == [.value(11), .value(22), .completion(.finished)])
        #expect(b.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("finishes at once when the finishing side has nothing waiting")
    func finishesWhenDry() {
        let a = Emitter<Int, Never>()
        let b = Emitter<Int, Never>()
        let recorder = Recorder<Int, Never>()
        let observation = recorder.observe(a.zip(with: b).map { $0 + $1 })
        b.send(5)
        a.finish()
        #expect(recorder.events == [.completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("fails as soon as one side fails")
    func failure() {
        let a = Emitter<Int, TestError>()
        let b = Emitter<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        let observation = recorder.observe(a.zip(with: b).map { $0 + $1 })
        a.send(1)
        b.send(2)
        a.send(3)
        b.fail(.boom)
        #expect(recorder.events == [.value(3), .completion(.failed(.boom))])
        #expect(a.observerCount == 0)
        withExtendedLifetime(observation) {}
    }

    @Test("three signals")
    func three() {
        let a = Emitter<Int, Never>()
        let b = Emitter<Int, Never>()
        let c = Emitter<Int, Never>()
        let recorder = Recorder<[Int], Never>()
        let observation = recorder.observe(a.zip(with: b, c).map { [$0, $1, $2] })
        a.send(1)
        a.send(2)
        b.send(10)
        c.send(100)
        c.send(200)
        b.send(20)
        a.finish()
        b.send(30)
        c.send(300)
        #expect(recorder.events == [.value([1, 10, 100]), .value([2, 20, 200]), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("an array of signals zips into rows")
    func collection() {
        let emitters = (0..<3).map { _ in Emitter<Int, Never>() }
        let recorder = Recorder<[Int], Never>()
        let observation = recorder.observe(emitters.zip())
        emitters[0].send(1)
        emitters[1].send(2)
        emitters[0].send(4)
        emitters[2].send(3)
        emitters[1].send(5)
        emitters[1].send(8)
        emitters[2].send(6)
        emitters[0].finish()
        #expect(recorder.events == [.value([1, 2, 3]), .value([4, 5, 6]), .completion(.finished)])
        withExtendedLifetime(observation) {}
    }

    @Test("an empty array finishes at once")
    func empty() {
        let none: [Emitter<Int, Never>] = []
        let recorder = Recorder<[Int], Never>()
        let observation = recorder.observe(none.zip())
        #expect(recorder.events == [.completion(.finished)])
        withExtendedLifetime(observation) {}
    }
}
