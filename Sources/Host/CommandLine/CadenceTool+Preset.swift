import Timeline
import TimelinePlugins
import CadenceHostCore
import CadenceIO

extension CadenceTool {
    mutating func preset(_ arguments: [String]) throws {
        if arguments.first == "--list" {
            let list = try ArgumentList(arguments, command: "preset", options: [], flags: ["list"])
            try list.requireNoPositionals()
            for type in PresetCatalog.all {
                try standardOutput.write(type.name.padding(to: 17) + type.summary + "\n")
            }
            return
        }
        if arguments.first == "--describe" || arguments.first?.hasPrefix("--describe=") == true {
            let list = try ArgumentList(arguments, command: "preset", options: ["describe"], flags: [])
            try list.requireNoPositionals()
            let name = list.string("describe")!
            guard let type = PresetCatalog.preset(named: name) else { throw Self.unknownPreset(name) }
            try standardOutput.write(Self.describe(type))
            return
        }
        guard let name = arguments.first, !name.hasPrefix("-") else {
            throw UsageError("missing preset NAME; presets: \(PresetCatalog.names.joined(separator: ", "))", command: "preset")
        }
        guard let type = PresetCatalog.preset(named: name) else { throw Self.unknownPreset(name) }
        // `preset NAME --describe` reads as naturally as `preset --describe NAME`.
        if arguments.dropFirst().elementsEqual(["--describe"]) {
            try standardOutput.write(Self.describe(type))
            return
        }
        let options = Self.renderOptions + ["operation", "size", "fit"] + type.parameters.map(\.name)
        let list = try ArgumentList(Array(arguments.dropFirst()), command: "preset", options: options, flags: Self.renderFlags)
        try list.requireNoPositionals()
        var context = TransitionContext()
        if let size = try list.size() { context.containerSize = size }
        if let operation = list.string("operation") {
            guard let parsed = TransitionOperation(rawValue: operation) else {
                throw UsageError("'--operation' is push or pop, got '\(ArgumentList.excerpt(operation))'", command: "preset")
            }
            guard type.operations.contains(parsed) else {
                throw BadInput("\(name) supports --operation \(type.operations.map(\.rawValue).joined(separator: ", ")) only")
            }
            context.operation = parsed
        } else {
            context.operation = type.operations[0]
        }
        var values: [String: Double] = [:]
        for parameter in type.parameters {
            if let text = list.string(parameter.name), let choice = parameter.choices.first(where: { $0.name == text }) {
                values[parameter.name] = choice.value
            } else if !parameter.choices.isEmpty, let text = list.string(parameter.name), Double(text) == nil {
                let names = parameter.choices.map(\.name).joined(separator: ", ")
                throw UsageError(
                    "'--\(parameter.name)' is one of \(names), got '\(ArgumentList.excerpt(text))'", command: "preset")
            } else if let value = try list.double(parameter.name) {
                values[parameter.name] = value
            }
        }
        let frameRate = try list.frameRate() ?? .fps60
        try render(type, context: context, values: values, frameRate: frameRate, list: list)
    }

    private mutating func render<Preset: TransitionPreset>(
        _ type: Preset.Type, context: TransitionContext, values: [String: Double], frameRate: FrameRate, list: ArgumentList
    ) throws {
        let preset: Preset
        do { preset = try Preset(context: context, parameters: values) } catch { throw BadInput(error.message) }
        var source: PresetSource<Preset>
        do { source = try PresetSource(preset: preset, frameRate: frameRate) } catch { throw BadInput("\(Preset.name): \(error)") }
        try stream(&source, frameRate: frameRate, frames: try list.frameRange(), list: list, realTime: false, scene: .scene(preset.scene),
            title: "\(Preset.name) (\(context.operation.rawValue))",
            identity: RenderIdentity(source: "preset \(Preset.name)", bytes: Array(Preset.name.utf8), list: list))
    }

    static package func unknownPreset(_ name: String) -> UsageError {
        UsageError("unknown preset '\(ArgumentList.excerpt(name))'; presets: \(PresetCatalog.names.joined(separator: ", "))", command: "preset")
    }

    static func describe(_ type: any TransitionPreset.Type) -> String {
        var text = "\(type.name): \(type.summary)\n"
        text += "operations: \(type.operations.map(\.rawValue).joined(separator: ", "))\n"
        text += "parameters:\n"
        for parameter in type.parameters {
            if parameter.choices.isEmpty {
                // A NaN default means the preset works the value out itself; its summary says how.
                let initial = parameter.defaultValue.isNaN ? "" : " (default \(NumberFormat.string(parameter.defaultValue)))"
                text += "  --\(parameter.name.padding(to: 18))\(parameter.summary)\(initial)\n"
            } else {
                let names = parameter.choices.map(\.name).joined(separator: "|")
                let initial = parameter.choiceName(for: parameter.defaultValue) ?? NumberFormat.string(parameter.defaultValue)
                text += "  --\(parameter.name.padding(to: 18))\(parameter.summary): \(names) (default \(initial))\n"
            }
        }
        text += "  --\("size WxH".padding(to: 18))the container the transition is laid out in (default 390x844)\n"
        text += "  --\("fit WxH".padding(to: 18))pictures and video: W x H pixels, the scene fitted and centred (letterboxed)\n"
        return text
    }
}
