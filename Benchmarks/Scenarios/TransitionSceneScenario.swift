enum TransitionSceneScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] { [] }
}
