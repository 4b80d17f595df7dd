/// The one stable hash of the command side: file contents, cache entry names, configuration
/// and model digests, SARIF and baseline fingerprints. Stable across runs, machines and
/// versions of Swift (unlike `Hasher`), so what it names can be stored.
public enum StableHash {
    /// A 64-bit hash of bytes, eight at a time (a multiply-and-rotate mix in the manner of
    /// FNV, fast enough to run over every file on every warm run), and whether every byte is
    /// ASCII, in one pass: most Swift files are, and those need no further UTF-8 validation.
    public static func hashAndCheckASCII(_ bytes: UnsafeRawBufferPointer) -> (hash: UInt64, isASCII: Bool) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        var highBits: UInt64 = 0
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            highBits |= word
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash = (hash << 31) | (hash >> 33)
        }
        for index in (words * 8)..<bytes.count {
            highBits |= UInt64(bytes[index])
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        }
        return (hash ^ (hash >> 29), highBits & 0x8080_8080_8080_8080 == 0)
    }

    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        hashAndCheckASCII(bytes).hash
    }

    /// The hash of several strings, kept apart so that `["ab", "c"]` and `["a", "bc"]` differ.
    public static func hash(_ parts: [String]) -> UInt64 {
        var text = parts.joined(separator: "\u{1F}")
        return text.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    /// `hash(parts)` as 16 hex digits: for names and fingerprints.
    public static func hex(_ parts: [String]) -> String {
        hex(hash(parts))
    }

    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
