// `JSON` back to Codable values (see JSONEncoding.swift).

extension JSON {
    /// The value this JSON decodes to.
    public func decoded<Value: Decodable>(as type: Value.Type) throws -> Value {
        try decode(type, from: self, path: [])
    }
}

private func mismatch(_ type: Any.Type, _ value: JSON, _ path: [any CodingKey]) -> DecodingError {
    .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(value.serialized(.compact).prefix(80))"))
}

private func decode<Value: Decodable>(_ type: Value.Type, from value: JSON, path: [any CodingKey]) throws -> Value {
    // Strings are most of what the cache holds: no decoder for each.
    if Value.self == String.self {
        guard case .string(let text) = value else { throw mismatch(type, value, path) }
        return text as! Value
    }
    return try Value(from: ValueDecoder(value: value, codingPath: path))
}

private func bool(_ value: JSON, _ path: [any CodingKey]) throws -> Bool {
    guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, path) }
    return flag
}

private func string(_ value: JSON, _ path: [any CodingKey]) throws -> String {
    guard case .string(let text) = value else { throw mismatch(String.self, value, path) }
    return text
}

private func double(_ value: JSON, _ path: [any CodingKey]) throws -> Double {
    switch value {
    case .number(let number): return number
    case .integer(let number): return Double(number)
    default: throw mismatch(Double.self, value, path)
    }
}

private func integer<Number: FixedWidthInteger>(_ type: Number.Type, _ value: JSON, _ path: [any CodingKey]) throws -> Number {
    switch value {
    case .integer(let number): if let fitting = Number(exactly: number) { return fitting }
    case .number(let number): if let fitting = Number(exactly: number) { return fitting }
    default: break
    }
    throw mismatch(type, value, path)
}

private struct ValueDecoder: Decoder {
    let value: JSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSON].self, value, codingPath) }
        return KeyedDecodingContainer(KeyedDecoding(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch([JSON].self, value, codingPath) }
        return UnkeyedDecoding(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValueDecoding(value: value, codingPath: codingPath) }
}

private struct KeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// Looked up by a linear search: the objects the tool decodes have a handful of keys.
    let members: [JSON.Member]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }
    func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }
    func place(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func value(_ key: Key) throws -> JSON {
        guard let member = members.first(where: { $0.key == key.stringValue }) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no \(key.stringValue)"))
        }
        return member.value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try bool(value(key), place(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try string(value(key), place(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try double(value(key), place(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try double(value(key), place(key))) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, value(key), place(key)) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, value(key), place(key)) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, value(key), place(key)) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, value(key), place(key)) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, value(key), place(key)) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, value(key), place(key)) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, value(key), place(key)) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, value(key), place(key)) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, value(key), place(key)) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, value(key), place(key)) }
    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try PredicateLintCommand.decode(type, from: value(key), path: place(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: value(key), codingPath: place(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: value(key), codingPath: place(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { try superDecoder(forKey: Key(stringValue: "super")!) }
    func superDecoder(forKey key: Key) throws -> any Decoder { ValueDecoder(value: try value(key), codingPath: place(key)) }
}

private struct UnkeyedDecoding: UnkeyedDecodingContainer {
    let elements: [JSON]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSON], codingPath: [any CodingKey]) { (self.elements, self.codingPath) = (elements, codingPath) }

    /// The next element and its place, and on past it.
    mutating func next(_ type: Any.Type) throws -> (JSON, [any CodingKey]) {
        let place = codingPath + [IndexKey(currentIndex)]
        guard !isAtEnd else { throw DecodingError.valueNotFound(type, .init(codingPath: place, debugDescription: "the array has ended")) }
        currentIndex += 1
        return (elements[currentIndex - 1], place)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { let (value, place) = try next(type); return try bool(value, place) }
    mutating func decode(_ type: String.Type) throws -> String { let (value, place) = try next(type); return try string(value, place) }
    mutating func decode(_ type: Double.Type) throws -> Double { let (value, place) = try next(type); return try double(value, place) }
    mutating func decode(_ type: Float.Type) throws -> Float { let (value, place) = try next(type); return Float(try double(value, place)) }
    mutating func decode(_ type: Int.Type) throws -> Int { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { let (value, place) = try next(type); return try integer(type, value, place) }
    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let (value, place) = try next(type)
        return try PredicateLintCommand.decode(type, from: value, path: place)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, place) = try next([String: JSON].self)
        return try ValueDecoder(value: value, codingPath: place).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, place) = try next([JSON].self)
        return try ValueDecoder(value: value, codingPath: place).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, place) = try next(JSON.self)
        return ValueDecoder(value: value, codingPath: place)
    }
}

private struct SingleValueDecoding: SingleValueDecodingContainer {
    let value: JSON
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try bool(value, codingPath) }
    func decode(_ type: String.Type) throws -> String { try string(value, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try double(value, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { Float(try double(value, codingPath)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type, value, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type, value, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type, value, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type, value, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type, value, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type, value, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type, value, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type, value, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type, value, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type, value, codingPath) }
    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value { try PredicateLintCommand.decode(type, from: value, path: codingPath) }
}
