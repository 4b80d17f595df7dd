// Codable values to `JSON` (and, in JSONDecoding.swift, back), so that the cache's entries
// (declarations and findings, which the core declares `Codable`) go through the same parser
// and writer as everything else the tool reads and writes, not through Foundation's coders.

extension JSON {
    /// The JSON a value encodes to.
    public init(encoding value: some Encodable) throws {
        self = try ValueEncoder.node(value, path: []).json
    }
}

/// What an encoder builds: a finished value, or a container others may still add to (a class,
/// since a container handed out keeps adding to the same object or array).
private enum Node {
    final class Object { var members: [(key: String, node: Node)] = [] }
    final class Array { var elements: [Node] = [] }
    case value(JSON), object(Object), array(Array)

    var json: JSON {
        switch self {
        case .value(let value): value
        case .object(let object): .object(object.members.map { JSON.Member(key: $0.key, value: $0.node.json) })
        case .array(let array): .array(array.elements.map(\.json))
        }
    }
}

/// A number as JSON: every number the tool's values hold fits `Int`.
private func number(_ value: some BinaryInteger, _ path: [any CodingKey]) throws -> Node {
    guard let fitting = Int(exactly: value) else {
        throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "does not fit in Int"))
    }
    return .value(.integer(fitting))
}

private final class ValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var node: Node?

    init(path: [any CodingKey], node: Node? = nil) { (codingPath, self.node) = (path, node) }

    static func node(_ value: some Encodable, path: [any CodingKey]) throws -> Node {
        switch value {
        case let text as String: return .value(.string(text))
        case let number as Int: return .value(.integer(number))
        case let flag as Bool: return .value(.bool(flag))
        case let number as Double: return .value(.number(number))
        default:
            let encoder = ValueEncoder(path: path)
            try value.encode(to: encoder)
            return encoder.node ?? .value([:])
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let object)? = node { return KeyedEncodingContainer(KeyedEncoding(object: object, codingPath: codingPath)) }
        let object = Node.Object()
        node = .object(object)
        return KeyedEncodingContainer(KeyedEncoding(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let array)? = node { return UnkeyedEncoding(array: array, codingPath: codingPath) }
        let array = Node.Array()
        node = .array(array)
        return UnkeyedEncoding(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueEncoding(encoder: self) }
}

private struct KeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: Node.Object
    let codingPath: [any CodingKey]

    func set(_ key: Key, _ node: Node) { object.members.append((key.stringValue, node)) }
    func place(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    mutating func encodeNil(forKey key: Key) throws { set(key, .value(.null)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(key, .value(.bool(value))) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(key, .value(.string(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(key, .value(.number(value))) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(key, .value(.number(Double(value)))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(key, .value(.integer(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(key, try number(value, place(key))) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws { set(key, try ValueEncoder.node(value, path: place(key))) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = Node.Object()
        set(key, .object(nested))
        return KeyedEncodingContainer(KeyedEncoding<NestedKey>(object: nested, codingPath: place(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = Node.Array()
        set(key, .array(nested))
        return UnkeyedEncoding(array: nested, codingPath: place(key))
    }

    mutating func superEncoder() -> any Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let nested = Node.Object()
        set(key, .object(nested))
        return ValueEncoder(path: place(key), node: .object(nested))
    }
}

/// An array element's place in a coding path.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// What an unkeyed and a single-value container share: each primitive becomes one node, put
/// where the container puts values (appended, or the encoder's value).
private protocol PrimitiveEncoding {
    /// Where the next value goes, for errors.
    var place: [any CodingKey] { get }
    func put(_ node: Node)
}

extension PrimitiveEncoding {
    mutating func encodeNil() throws { put(.value(.null)) }
    mutating func encode(_ value: Bool) throws { put(.value(.bool(value))) }
    mutating func encode(_ value: String) throws { put(.value(.string(value))) }
    mutating func encode(_ value: Double) throws { put(.value(.number(value))) }
    mutating func encode(_ value: Float) throws { put(.value(.number(Double(value)))) }
    mutating func encode(_ value: Int) throws { put(.value(.integer(value))) }
    mutating func encode(_ value: Int8) throws { put(try number(value, place)) }
    mutating func encode(_ value: Int16) throws { put(try number(value, place)) }
    mutating func encode(_ value: Int32) throws { put(try number(value, place)) }
    mutating func encode(_ value: Int64) throws { put(try number(value, place)) }
    mutating func encode(_ value: UInt) throws { put(try number(value, place)) }
    mutating func encode(_ value: UInt8) throws { put(try number(value, place)) }
    mutating func encode(_ value: UInt16) throws { put(try number(value, place)) }
    mutating func encode(_ value: UInt32) throws { put(try number(value, place)) }
    mutating func encode(_ value: UInt64) throws { put(try number(value, place)) }
    mutating func encode(_ value: some Encodable) throws { put(try ValueEncoder.node(value, path: place)) }
}

private struct UnkeyedEncoding: UnkeyedEncodingContainer, PrimitiveEncoding {
    let array: Node.Array
    let codingPath: [any CodingKey]
    var count: Int { array.elements.count }
    var place: [any CodingKey] { codingPath + [IndexKey(count)] }

    func put(_ node: Node) { array.elements.append(node) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = Node.Object()
        let path = place
        put(.object(nested))
        return KeyedEncodingContainer(KeyedEncoding<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = Node.Array()
        let path = place
        put(.array(nested))
        return UnkeyedEncoding(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = Node.Object()
        let path = place
        put(.object(nested))
        return ValueEncoder(path: path, node: .object(nested))
    }
}

private struct SingleValueEncoding: SingleValueEncodingContainer, PrimitiveEncoding {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var place: [any CodingKey] { codingPath }

    func put(_ node: Node) { encoder.node = node }
}
