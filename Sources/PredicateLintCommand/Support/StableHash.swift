/// A fast 64-bit hash that is the same across runs, machines and versions of Swift (unlike
/// `Hasher`): SARIF's partial fingerprints, which must stay put between runs but need not
/// resist crafted input. Everything a cached result is found by uses `SHA256` instead.
public enum StableHash {
    /// Eight bytes at a time, a multiply-and-rotate mix in the manner of FNV.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash = (hash << 31) | (hash >> 33)
        }
        for index in (words * 8)..<bytes.count {
            hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3
        }
        return hash ^ (hash >> 29)
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
