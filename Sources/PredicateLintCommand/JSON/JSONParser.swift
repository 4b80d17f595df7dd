// Reading JSON, remembering where each key was written.

extension JSON {
    public struct ParseError: Error, Equatable {
        public let line: Int
        public let column: Int
        public let message: String
    }

    /// Containers nested deeper than this are refused rather than risk the stack: no JSON the
    /// tool reads needs more than a handful of levels.
    public static let maximumDepth = 256

    public static func parse(_ text: String) throws(ParseError) -> JSON {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lineStart = 0

        func error(_ message: String) -> ParseError {
            ParseError(line: line, column: index - lineStart + 1, message: message)
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard index < bytes.count else { throw error("the text ends where a value should be") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < JSON.maximumDepth else { throw error("nested more than \(JSON.maximumDepth) levels deep") }
                return bytes[index] == UInt8(ascii: "{") ? try object(depth: depth + 1) : try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("expected a value (a string, number, list, object, true, false or null)")
            }
        }

        mutating func literal(_ word: String) throws(ParseError) {
            let expected = Array(word.utf8)
            guard bytes.count - index >= expected.count, bytes[index..<index + expected.count].elementsEqual(expected) else {
                throw error("expected `\(word)`")
            }
            index += expected.count
        }

        mutating func number() throws(ParseError) -> JSON {
            let start = index
            var isInteger = true
            while index < bytes.count, "-+.eE0123456789".utf8.contains(bytes[index]) {
                if ".eE".utf8.contains(bytes[index]) { isInteger = false }
                index += 1
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            if isInteger, let value = Int(text) { return .integer(value) }
            guard let value = Double(text), value.isFinite else {
                index = start
                throw error("malformed or out-of-range number")
            }
            return .number(value)
        }

        /// Collected as UTF-8 bytes and decoded once at the end: appending to a String's
        /// scalars one escape at a time took quadratic time (a 1 MB string of `\u00e9`s: 45 s).
        mutating func string() throws(ParseError) -> String {
            index += 1  // opening quote
            var utf8: [UInt8] = []
            var runStart = index
            func flush(_ end: Int) { utf8.append(contentsOf: bytes[runStart..<end]) }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    flush(index)
                    index += 1
                    return String(decoding: utf8, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    flush(index)
                    guard index + 1 < bytes.count else { throw error("unfinished escape") }
                    let escaped = bytes[index + 1]
                    index += 2
                    switch escaped {
                    case UInt8(ascii: "n"): utf8.append(0x0A)
                    case UInt8(ascii: "t"): utf8.append(0x09)
                    case UInt8(ascii: "r"): utf8.append(0x0D)
                    case UInt8(ascii: "b"): utf8.append(0x08)
                    case UInt8(ascii: "f"): utf8.append(0x0C)
                    case UInt8(ascii: "u"): utf8.append(contentsOf: String(Character(try unicodeEscape())).utf8)
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
                    default: throw error("unknown escape")
                    }
                    runStart = index
                case 0x0A:
                    throw error("a string cannot span lines")
                default:
                    index += 1
                }
            }
            throw error("unterminated string")
        }

        /// `\uXXXX`, with a surrogate pair joined; a lone surrogate becomes U+FFFD.
        mutating func unicodeEscape() throws(ParseError) -> Unicode.Scalar {
            let high = try hexQuad()
            if (0xD800..<0xDC00).contains(high), bytes.count - index >= 6,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let saved = index
                index += 2
                let low = try hexQuad()
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
                }
                index = saved
            }
            return Unicode.Scalar(high) ?? "\u{FFFD}"
        }

        mutating func hexQuad() throws(ParseError) -> UInt32 {
            guard index + 4 <= bytes.count,
                  let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
                throw error("malformed \\u escape")
            }
            index += 4
            return code
        }

        mutating func array(depth: Int) throws(ParseError) -> JSON {
            index += 1
            var elements: [JSON] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated list: expected `]`") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                throw error("expected `,` or `]`")
            }
        }

        mutating func object(depth: Int) throws(ParseError) -> JSON {
            index += 1
            var members: [Member] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let keyLine = line
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected `:` after \"\(key)\"") }
                index += 1
                skipWhitespace()
                members.append(Member(key: key, value: try value(depth: depth), line: keyLine))
                skipWhitespace()
                guard index < bytes.count else { throw error("unterminated object: expected `}`") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected `,` or `}`")
            }
        }
    }
}
