/// A JSON value whose objects keep their keys in the order written, and remember the line of
/// each key so configuration errors can name it. Every JSON the tool reads or writes goes
/// through this one type: configuration, baselines, reports, both servers' messages and the
/// cache's entries (JSONEncoding.swift, JSONDecoding.swift).
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
