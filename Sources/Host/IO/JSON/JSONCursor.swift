import Timeline

/// A JSON value and where it sits in the document: typed access that throws errors naming the path.
package struct JSONCursor {
    package let value: JSONValue
    package let path: String

    package init(_ value: JSONValue, path: String = "$") {
        self.value = value
        self.path = path
    }

    package func error(_ message: String) -> DocumentError {
        DocumentError(path: path, message: message)
    }

    package func child(_ key: String) -> JSONCursor? {
        value[key].map { JSONCursor($0, path: path == "$" ? key : "\(path).\(key)") }
    }

    /// The cursor of a member of this object, already found (no lookup by key).
    package func member(_ key: String, _ value: JSONValue) -> JSONCursor {
        JSONCursor(value, path: path == "$" ? key : "\(path).\(key)")
    }

    package func required(_ key: String) throws(DocumentError) -> JSONCursor {
        guard let child = child(key) else { throw error("missing required key \"\(key)\"") }
        return child
    }

    /// Throws for keys that are not in `allowed`, listing what is accepted.
    package func checkKeys(_ allowed: [String]) throws(DocumentError) {
        guard case .object(let members) = value else { return }
        for member in members where !allowed.contains(member.key) {
            let key = InputExcerpt.excerpt(member.key)
            throw DocumentError(
                path: path == "$" ? key : "\(path).\(key)",
                message: "unknown key \"\(key)\" (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }

    package func object() throws(DocumentError) -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = value else { throw error("expected an object, found \(value.typeName)") }
        return members
    }

    package func array() throws(DocumentError) -> [JSONCursor] {
        guard case .array(let elements) = value else { throw error("expected an array, found \(value.typeName)") }
        return elements.enumerated().map { JSONCursor($0.element, path: "\(path)[\($0.offset)]") }
    }

    package func number() throws(DocumentError) -> Double {
        guard case .number(let number) = value else { throw error("expected a number, found \(value.typeName)") }
        return number
    }

    package func string() throws(DocumentError) -> String {
        guard case .string(let string) = value else { throw error("expected a string, found \(value.typeName)") }
        return string
    }

    package func bool() throws(DocumentError) -> Bool {
        guard case .bool(let bool) = value else { throw error("expected true or false, found \(value.typeName)") }
        return bool
    }

    package func positiveNumber() throws(DocumentError) -> Double {
        let number = try number()
        guard number > 0 else { throw error("must be greater than 0, got \(NumberFormat.string(number))") }
        return number
    }

    package func nonNegativeNumber() throws(DocumentError) -> Double {
        let number = try number()
        guard number >= 0 else { throw error("must not be negative, got \(NumberFormat.string(number))") }
        return number
    }
}
