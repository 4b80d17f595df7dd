/// A JSON value whose objects keep their keys in the order written, and remember the line of
/// each key so configuration errors can name it. Every JSON the tool reads or writes goes
/// through this one type: configuration, baselines, reports and both servers' messages.
/// Hand-written because Foundation's parser forgets positions and Foundation's writers do not
/// keep key order on Linux.
public indirect enum JSON: Sendable {
    case object([Member])
    case array([JSON])
    case string(String)
    /// A number written without a fraction or exponent that fits in `Int`.
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null

    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: JSON
        /// Where the key was written; 0 for values made in code.
        public let line: Int

        public init(key: String, value: JSON, line: Int = 0) {
            self.key = key
            self.value = value
            self.line = line
        }

        public static func == (lhs: Member, rhs: Member) -> Bool { lhs.key == rhs.key && lhs.value == rhs.value }
    }

    // MARK: Reading values

    /// The value of the first member named `key`, for an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    public var integer: Int? { if case .integer(let value) = self { value } else { nil } }
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    public var array: [JSON]? { if case .array(let value) = self { value } else { nil } }
    public var members: [Member]? { if case .object(let value) = self { value } else { nil } }
}

extension JSON: Equatable {
    /// Numbers are equal by value, whichever way they were written; object keys by order.
    public static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): Double(a) == b
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }
}

// Values written in code read like JSON: `["id": 1, "result": .null]` keeps its key order.
extension JSON: ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByStringLiteral,
                ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral {
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(elements.map { Member(key: $0.0, value: $0.1) }) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }

    /// An object from members built in code, in order; `nil` values are left out.
    public static func object(_ pairs: [(String, JSON?)]) -> JSON {
        .object(pairs.compactMap { key, value in value.map { Member(key: key, value: $0) } })
    }
}

// MARK: Parsing

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

        mutating func string() throws(ParseError) -> String {
            index += 1  // opening quote
            var scalars = String.UnicodeScalarView()
            var runStart = index
            func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars) }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    flush(index)
                    index += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(index)
                    guard index + 1 < bytes.count else { throw error("unfinished escape") }
                    let escaped = bytes[index + 1]
                    index += 2
                    switch escaped {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                        scalars.append(Unicode.Scalar(escaped))
                    default:
                        throw error("unknown escape")
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
