enum HostLoopScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] { [] }
}
