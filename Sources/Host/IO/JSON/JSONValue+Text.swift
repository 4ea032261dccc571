// The one JSON writer: every JSON value Cadence writes whole (scenes, preview pages, imported
// documents) is written here; files with a layout of their own (shard manifests, benchmark
// baselines) quote their strings and print their numbers with the same JSONText and NumberFormat.

extension JSONValue {
    /// The value as compact JSON text: keys in order, numbers that read back to the same `Double`,
    /// and `<` written as `\u003c` so that the text can sit inside an HTML `<script>` element.
    package var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += NumberFormat.string(value)
        case .string(let value): text += JSONText.quoted(value).htmlSafe
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += JSONText.quoted(member.key).htmlSafe + ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }
}

extension String {
    /// A JSON string literal with `<` escaped as `\u003c`, so that no `</script>` can end an HTML
    /// script element early (the same string to a JSON reader).
    fileprivate var htmlSafe: String {
        guard contains("<") else { return self }
        return split(separator: "<", omittingEmptySubsequences: false).joined(separator: "\\u003c")
    }
}
