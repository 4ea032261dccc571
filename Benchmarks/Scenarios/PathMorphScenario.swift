enum PathMorphScenario {
    static func cases(_ configuration: SuiteConfiguration) -> [BenchmarkCase] { [] }
}
