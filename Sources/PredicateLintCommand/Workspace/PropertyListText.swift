import Foundation
import PredicateLintCore

/// The assignments of an old-style property list (`project.pbxproj`): `key = value;` and
/// `key = ( a, b, );`, read in one pass over the bytes. Every step moves forward, so the time is
/// linear in the size whatever the file holds: the regular expressions this replaces
/// backtracked, and a 44 KB project with one malformed setting took 32 s.
enum PropertyListText {
    enum Value: Equatable {
        case scalar(Substring)
        case list([Substring])
    }

    struct Assignment {
        let key: Substring
        /// How many `{` enclose it within the text read (0: the object's own keys).
        let depth: Int
        let value: Value
    }

    /// Every assignment in `text`, in order, at any depth. Comments are skipped; a quoted
    /// key or value is taken without its quotes; what cannot be read as an assignment is passed
    /// over, never searched again.
    static func assignments(in text: Substring) -> [Assignment] {
        let utf8 = text.utf8
        let read = { (bytes: UnsafeBufferPointer<UInt8>) -> [Assignment] in
            var reader = Reader(bytes: bytes)
            return reader.run().map { raw in
                let slice = { (range: Range<Int>) -> Substring in
                    text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
                }
                return Assignment(key: slice(raw.key), depth: raw.depth,
                                  value: raw.list.map { .list($0.map(slice)) } ?? .scalar(slice(raw.scalar ?? 0..<0)))
            }
        }
        return utf8.withContiguousStorageIfAvailable(read) ?? Array(utf8).withUnsafeBufferPointer(read)
    }

    /// The first scalar assigned to `key` (at `depth`, if given).
    static func scalar(_ key: String, in assignments: [Assignment], depth: Int? = nil) -> Substring? {
        for assignment in assignments where assignment.key == key && (depth == nil || assignment.depth == depth) {
            if case .scalar(let value) = assignment.value { return value }
        }
        return nil
    }

    /// The first list assigned to `key`.
    static func list(_ key: String, in assignments: [Assignment]) -> [Substring]? {
        for assignment in assignments where assignment.key == key {
            if case .list(let members) = assignment.value { return members }
        }
        return nil
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }

    /// The tokens (words, quoted strings, punctuation) turned into assignments as they come.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        struct Raw {
            let key: Range<Int>
            let depth: Int
            var scalar: Range<Int>?
            var list: [Range<Int>]?
        }

        enum Token {
            case text(Range<Int>)
            case punctuation(UInt8)
        }

        mutating func run() -> [Raw] {
            var found: [Raw] = []
            var depth = 0
            var key: Range<Int>?
            var keyDepth = 0
            var afterEquals = false
            var value: Range<Int>?
            var list: [Range<Int>]?
            func reset() { (key, afterEquals, value, list) = (nil, false, nil, nil) }
            while let token = next() {
                switch token {
                case .text(let range):
                    if list != nil {
                        list!.append(range)
                    } else if afterEquals && value == nil {
                        value = range
                    } else {
                        reset()
                        (key, keyDepth) = (range, depth)
                    }
                case .punctuation(let byte):
                    switch byte {
                    case UInt8(ascii: "="):
                        if key != nil && !afterEquals { afterEquals = true } else { reset() }
                    case UInt8(ascii: ";"):
                        if let key, afterEquals {
                            if let list { found.append(Raw(key: key, depth: keyDepth, list: list)) }
                            else if let value { found.append(Raw(key: key, depth: keyDepth, scalar: value)) }
                        }
                        reset()
                    case UInt8(ascii: "("):
                        if key != nil, afterEquals, value == nil, list == nil { list = [] } else { reset() }
                    case UInt8(ascii: ")"):
                        // The list is complete; its `;` comes next.
                        if list == nil { reset() }
                    case UInt8(ascii: ","):
                        if list == nil { reset() }
                    case UInt8(ascii: "{"):
                        depth += 1
                        reset()
                    case UInt8(ascii: "}"):
                        depth = max(0, depth - 1)
                        reset()
                    default:
                        reset()
                    }
                }
            }
            return found
        }

        /// The next token, past spaces and comments; nil at the end.
        mutating func next() -> Token? {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index = ByteSearch.firstOffset(of: "*/", in: bytes, from: index + 2).map { $0 + 2 } ?? bytes.count
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if byte == UInt8(ascii: "\"") {
                    let start = index + 1
                    index = start
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                        index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    let end = min(index, bytes.count)
                    index = min(index + 1, bytes.count)
                    return .text(start..<end)
                } else if Self.punctuation.contains(byte) {
                    index += 1
                    return .punctuation(byte)
                } else {
                    let start = index
                    while index < bytes.count, !endsWord(at: index) { index += 1 }
                    return .text(start..<index)
                }
            }
            return nil
        }

        static let punctuation: Set<UInt8> = Set("={}();,".utf8)

        /// Whether the word being read ends before the byte at `offset`: a space, a quote,
        /// punctuation, or a comment's start (a `/` that opens none is part of a path).
        func endsWord(at offset: Int) -> Bool {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "/") {
                return offset + 1 < bytes.count && (bytes[offset + 1] == UInt8(ascii: "*") || bytes[offset + 1] == UInt8(ascii: "/"))
            }
            return byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "\"") || Self.punctuation.contains(byte)
        }
    }
}
