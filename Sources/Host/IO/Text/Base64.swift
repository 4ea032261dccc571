/// Base64 (RFC 4648, section 4: `A–Z a–z 0–9 + /`, `=` padding), as data URIs carry bytes.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each byte's value in the alphabet, or 255.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    /// `bytes` in Base64, padded.
    package static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            let chunk = UInt32(bytes[index]) << 16 | (count > 1 ? UInt32(bytes[index + 1]) << 8 : 0) | (count > 2 ? UInt32(bytes[index + 2]) : 0)
            for place in 0..<4 {
                text.append(place <= count ? alphabet[Int(chunk >> (18 - 6 * UInt32(place)) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of Base64 `text` (white space ignored, padding optional), or `nil` when it holds
    /// another character or a length Base64 cannot have.
    package static func decode(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 4 * 3)
        var chunk: UInt32 = 0, count = 0, padding = 0
        for character in text.utf8 {
            if character == UInt8(ascii: " ") || character == UInt8(ascii: "\n") || character == UInt8(ascii: "\r") || character == UInt8(ascii: "\t") { continue }
            if character == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            let value = values[Int(character)]
            guard value != 255, padding == 0 else { return nil }
            chunk = chunk << 6 | UInt32(value)
            count += 1
            if count == 4 {
                bytes += [UInt8(chunk >> 16 & 0xFF), UInt8(chunk >> 8 & 0xFF), UInt8(chunk & 0xFF)]
                (chunk, count) = (0, 0)
            }
        }
        switch count {
        case 0: break
        case 2: bytes.append(UInt8(chunk >> 4 & 0xFF))
        case 3: bytes += [UInt8(chunk >> 10 & 0xFF), UInt8(chunk >> 2 & 0xFF)]
        default: return nil
        }
        guard padding <= 2 else { return nil }
        return bytes
    }
}
