// CadenceTesting: golden tests for Swift Testing, so that an app's test target can check its
// transitions at tolerance zero (Docs/GoldenTests.md).
public import Testing
public import Timeline
public import CadenceGolden
public import CadenceHostCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks a render against the golden `NAME.golden` and records an issue naming the first
/// differing frame, the changed channels (and by how much) and the differing pixels.
///
/// ```swift
/// @Test func cardExpands() throws {
///     let preset = try CardExpandPreset(context: TransitionContext(), parameters: [:])
///     expectGolden(of: preset, named: "card-expand")
/// }
/// ```
///
/// The golden lives in a `Goldens` folder beside the test file (give `goldens:` for another);
/// exclude that folder from the test target in `Package.swift` (`exclude: ["Goldens"]`). Whether a
/// missing or differing golden is written instead is the record mode of `CADENCE_RECORD`
/// (``GoldenRecordMode/current()``: `never` under `CI=true`, `missing` elsewhere). The images of
/// the first differing picture go to `CADENCE_GOLDEN_ARTIFACTS`, or a temporary folder.
///
/// - Parameters:
///   - source: What to render, from its first frame.
///   - name: The golden's name (its file is `NAME.golden`).
///   - frameRate: The frame rate.
///   - scene: The scene pictures are drawn from, or `nil` for values only.
///   - sampling: Which frames are kept, and whether they are drawn.
///   - goldens: The folder of goldens, or `nil` for `Goldens` beside the test file.
///   - filePath: The test file (leave the default).
///   - sourceLocation: Where the issue is reported (leave the default).
public func expectGolden<Source: FrameSource>(
    of source: Source, named name: String, frameRate: FrameRate = .fps60, scene: SceneDescription? = nil,
    sampling: GoldenSampling = .standard, goldens: String? = nil,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    var source = source
    do {
        let file = GoldenFiles.path(of: name, goldens: goldens, filePath: filePath)
        let outcome = try Golden.check(
            &source, subject: name, frameRate: frameRate, scene: scene, sampling: sampling, file: file,
            mode: try GoldenRecordMode.current(), artifacts: GoldenFiles.artifacts)
        switch outcome {
        case .matched: break
        case .recorded: print("cadence: recorded the golden \(file): commit it")
        case .rerecorded: print("cadence: recorded the golden \(file) again: review the difference and commit it")
        }
    } catch let mismatch as GoldenMismatch {
        Issue.record(Comment(rawValue: mismatch.description), sourceLocation: sourceLocation)
    } catch {
        Issue.record(Comment(rawValue: "golden '\(name)': \(error)"), sourceLocation: sourceLocation)
    }
}

/// Checks a preset's transition against its golden, drawing the preset's scene.
///
/// - Parameters:
///   - preset: The preset, with its context and parameters.
///   - name: The golden's name.
///   - frameRate: The frame rate.
///   - sampling: Which frames are kept, and whether they are drawn.
///   - goldens: The folder of goldens, or `nil` for `Goldens` beside the test file.
///   - filePath: The test file (leave the default).
///   - sourceLocation: Where the issue is reported (leave the default).
public func expectGolden<Preset: TransitionPreset>(
    of preset: Preset, named name: String, frameRate: FrameRate = .fps60, sampling: GoldenSampling = .standard,
    goldens: String? = nil, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let source = try PresetSource(preset: preset, frameRate: frameRate)
        expectGolden(
            of: source, named: name, frameRate: frameRate, scene: .scene(preset.scene), sampling: sampling, goldens: goldens,
            filePath: filePath, sourceLocation: sourceLocation)
    } catch {
        Issue.record(Comment(rawValue: "golden '\(name)': \(Preset.name) cannot be compiled: \(error)"), sourceLocation: sourceLocation)
    }
}

/// Checks a timeline document against its golden, at the document's frame rate, drawing its
/// scene if it has one.
///
/// - Parameters:
///   - document: The document.
///   - name: The golden's name.
///   - sampling: Which frames are kept, and whether they are drawn.
///   - goldens: The folder of goldens, or `nil` for `Goldens` beside the test file.
///   - filePath: The test file (leave the default).
///   - sourceLocation: Where the issue is reported (leave the default).
public func expectGolden(
    of document: TimelineDocument, named name: String, sampling: GoldenSampling = .standard, goldens: String? = nil,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    expectGolden(
        of: document.makeSource(), named: name, frameRate: document.frameRate, scene: document.scene.map { .json($0) },
        sampling: sampling, goldens: goldens, filePath: filePath, sourceLocation: sourceLocation)
}

/// Records an issue for each golden in the folder that is not in `names` when the record mode is
/// `never` (goldens no test uses any more), and prints them otherwise.
///
/// - Parameters:
///   - names: The names of every golden the tests check.
///   - goldens: The folder of goldens, or `nil` for `Goldens` beside the test file.
///   - filePath: The test file (leave the default).
///   - sourceLocation: Where the issue is reported (leave the default).
public func expectNoUnusedGoldens(
    named names: some Sequence<String>, goldens: String? = nil,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let folder = goldens ?? GoldenFiles.folder(beside: filePath)
        let unused = try Golden.unused(in: folder, used: names.map { $0 + "." + GoldenManifest.fileExtension })
        guard !unused.isEmpty else { return }
        let text = "goldens no test uses any more (delete them, or check them again): " + unused.joined(separator: ", ")
        if try GoldenRecordMode.current() == .never {
            Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation)
        } else {
            print("cadence: " + text)
        }
    } catch {
        Issue.record(Comment(rawValue: "goldens: \(error)"), sourceLocation: sourceLocation)
    }
}

/// Where goldens and their failure images go.
enum GoldenFiles {
    /// `Goldens` beside the test file.
    static func folder(beside filePath: String) -> String {
        guard let slash = filePath.lastIndex(of: "/") else { return "Goldens" }
        return String(filePath[...slash]) + "Goldens"
    }

    /// The golden file of a name.
    static func path(of name: String, goldens: String?, filePath: String) -> String {
        let folder = goldens ?? folder(beside: filePath)
        return (folder.hasSuffix("/") ? folder : folder + "/") + name + "." + GoldenManifest.fileExtension
    }

    /// `CADENCE_GOLDEN_ARTIFACTS`, or `cadence-golden-artifacts` in the temporary folder.
    static var artifacts: String {
        if let value = getenv("CADENCE_GOLDEN_ARTIFACTS"), value.pointee != 0 { return String(cString: value) }
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        return (temporary.hasSuffix("/") ? temporary : temporary + "/") + "cadence-golden-artifacts"
    }
}
