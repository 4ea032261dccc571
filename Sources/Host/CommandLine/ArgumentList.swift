package import Timeline
import TimelinePlugins

/// Why a command line was rejected (exit status 2).
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The command it is about, for the "see --help" hint.
    public var command: String

    /// Creates a usage error.
    public init(_ message: String, command: String) {
        self.message = message
        self.command = command
    }

    /// The message with a hint to the command's help.
    public var description: String {
        "\(message) (see 'cadence \(command.isEmpty ? "" : command + " ")--help')"
    }
}

/// A command's arguments: options (`--name value`, `--name=value`), flags and positionals.
package struct ArgumentList {
    package let command: String
    package private(set) var positionals: [String] = []
    private var options: [String: String] = [:]
    private var flags: Set<String> = []
    private var seen: [String] = []

    /// Parses `arguments` for a command with the given options (taking a value) and flags.
    package init(
        _ arguments: [String], command: String, options allowedOptions: [String], flags allowedFlags: [String]
    ) throws(UsageError) {
        self.command = command
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("--") || argument == "-" {
                if argument.hasPrefix("-"), argument != "-", !onlyPositionals, Double(argument) == nil {
                    throw UsageError("unknown option '\(Self.excerpt(argument))'", command: command)
                }
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if allowedFlags.contains(name) {
                guard value == nil else { throw UsageError("'--\(name)' takes no value", command: command) }
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                if value == nil {
                    guard index < arguments.count else {
                        throw UsageError("'--\(name)' needs a value", command: command)
                    }
                    value = arguments[index]
                    index += 1
                }
                guard options[name] == nil else {
                    throw UsageError("'--\(name)' is given more than once", command: command)
                }
                options[name] = value
            } else {
                let known = (allowedOptions + allowedFlags).sorted().map { "--\($0)" }.joined(separator: ", ")
                throw UsageError("unknown option '--\(Self.excerpt(name))'; options: \(known)", command: command)
            }
        }
    }

    package func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The same arguments with option `name` set to `value` (`nil`: removed).
    package func setting(_ name: String, to value: String?) -> ArgumentList {
        var copy = self
        copy.options[name] = value
        return copy
    }

    /// The same arguments with `flag` given or not.
    package func setting(flag: String, _ given: Bool) -> ArgumentList {
        var copy = self
        if given { copy.flags.insert(flag) } else { copy.flags.remove(flag) }
        return copy
    }

    /// Every option as `name=value` and every flag as `--name`, sorted, except `excluded`.
    package func settings(excluding excluded: Set<String>) -> [String] {
        (options.filter { !excluded.contains($0.key) }.map { "\($0.key)=\($0.value)" }
            + flags.filter { !excluded.contains($0) }.map { "--" + $0 }).sorted()
    }

    package func string(_ name: String) -> String? { options[name] }

    package func double(_ name: String) throws(UsageError) -> Double? {
        guard let text = options[name] else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw UsageError("'--\(name)' needs a finite number, got '\(Self.excerpt(text))'", command: command)
        }
        return value
    }

    package func positiveInt(_ name: String, maximum: Int = Int.max) throws(UsageError) -> Int? {
        guard let text = options[name] else { return nil }
        guard let value = Int(text), value > 0, value <= maximum else {
            if let value = Int(text), value > maximum {
                throw UsageError("'--\(name)' is at most \(maximum), got \(value)", command: command)
            }
            throw UsageError("'--\(name)' needs a whole number greater than 0, got '\(Self.excerpt(text))'", command: command)
        }
        return value
    }

    package func frameRate() throws(UsageError) -> FrameRate? {
        guard let value = try double("fps") else { return nil }
        guard let rate = FrameRate(framesPerSecond: value) else {
            throw UsageError("'--fps' needs a number greater than 0 and at most 100000, got '\(Self.excerpt(string("fps")!))'", command: command)
        }
        return rate
    }

    /// `--frames A..B` (or `A...B`, or a single frame `A`), with `0 <= A <= B <= 2^31 - 1`.
    package func frameRange() throws(UsageError) -> ClosedRange<Int>? {
        guard let text = options["frames"] else { return nil }
        let bounds: [Substring]
        if let range = text.firstRange(of: "...") ?? text.firstRange(of: "..") {
            bounds = [text[..<range.lowerBound], text[range.upperBound...]]
        } else {
            bounds = [Substring(text)]
        }
        let numbers = bounds.compactMap { Int($0) }
        guard numbers.count == bounds.count, numbers.allSatisfy({ $0 >= 0 && $0 <= FrameRate.maximumFrameCount }),
            numbers.first! <= numbers.last!
        else {
            throw UsageError(
                "'--frames' needs A..B with 0 <= A <= B <= \(FrameRate.maximumFrameCount), got '\(Self.excerpt(text))'",
                command: command)
        }
        return numbers.first!...numbers.last!
    }

    /// `text`, shortened by ``InputExcerpt`` so that an error never repeats a huge argument.
    static package func excerpt(_ text: String) -> String {
        InputExcerpt.excerpt(text)
    }

    /// `--size WxH`.
    package func size(_ name: String = "size") throws(UsageError) -> Size? {
        guard let text = options[name] else { return nil }
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width.isFinite, height.isFinite, width > 0, height > 0
        else {
            throw UsageError("'--\(name)' needs WxH with positive numbers, like 390x844, got '\(Self.excerpt(text))'", command: command)
        }
        return Size(width: width, height: height)
    }

    package func requireNoPositionals() throws(UsageError) {
        if let extra = positionals.first {
            throw UsageError("unexpected argument '\(Self.excerpt(extra))'", command: command)
        }
    }
}
