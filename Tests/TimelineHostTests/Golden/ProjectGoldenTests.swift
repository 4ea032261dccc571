import CadenceTesting
import Foundation
import Testing
import Timeline
import TimelinePlugins
import TimelineHost

/// Cadence's own goldens (`Tests/Goldens/PLATFORM/`, outside every target's folder): every preset in each of its
/// operations and every example document under `Docs/examples`, values and pixels, at tolerance
/// zero. The same files are checked by another process in CI (`cadence golden check`,
/// `.ci/golden-check`). A folder per platform: the C library's maths may differ in the last place.
@Suite("Cadence's own goldens")
struct ProjectGoldenTests {
    /// The examples folder, found from this file.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../Docs/examples").standardized.path

    /// This platform's goldens.
    static let goldens = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path + "/Goldens/" + Golden.platform

    static let documents: [String] = (try? FileManager.default.contentsOfDirectory(atPath: examples))?
        .filter { $0.hasSuffix(".json") }.sorted() ?? []

    /// Every preset operation's golden name.
    static let presetGoldens: [(type: any TransitionPreset.Type, operation: TransitionOperation, name: String)] =
        PresetCatalog.all.flatMap { type in
            type.operations.map { (type, $0, "preset-\(type.name)-\($0.rawValue)") }
        }

    @Test("every preset, in each of its operations", arguments: presetGoldens.map(\.name))
    func preset(_ name: String) throws {
        let entry = try #require(Self.presetGoldens.first { $0.name == name })
        try check(entry.type, entry.operation, name: name)
    }

    private func check<Preset: TransitionPreset>(_ type: Preset.Type, _ operation: TransitionOperation, name: String) throws {
        let preset = try Preset(context: TransitionContext(operation: operation), parameters: [:])
        expectGolden(of: preset, named: name, goldens: Self.goldens)
    }

    @Test("every example document", arguments: documents)
    func document(_ file: String) throws {
        let path = Self.examples + "/" + file
        let document = try TimelineDocument(parsing: String(contentsOfFile: path, encoding: .utf8), file: path)
        expectGolden(of: document, named: "document-" + file.dropLast(5), goldens: Self.goldens)
    }

    @Test("the examples are found, and no golden is left over")
    func noneUnused() {
        #expect(Self.documents.count >= 3, "Docs/examples not found from \(Self.examples)")
        expectNoUnusedGoldens(
            named: Self.presetGoldens.map(\.name) + Self.documents.map { "document-" + $0.dropLast(5) }, goldens: Self.goldens)
    }
}
