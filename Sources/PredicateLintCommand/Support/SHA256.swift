#if canImport(CryptoKit)
import CryptoKit
#endif
import Foundation

/// A SHA-256 digest: what the cache keys file contents and entries by. A 64-bit hash can be
/// made to collide on purpose (a broken file then reads as a clean one's cached result), so
/// anything a cached result is looked up by is this digest of the exact bytes.
public struct ContentDigest: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 32 bytes, big-endian, as four words held inline: a warm run makes and looks up
    /// tens of thousands of digests, and an array would be an allocation each.
    public let word0: UInt64, word1: UInt64, word2: UInt64, word3: UInt64

    /// 64 lowercase hex digits.
    public var description: String {
        String(unsafeUninitializedCapacity: 64) { buffer in
            func write(_ word: UInt64, at start: Int) {
                for nibble in 0..<16 {
                    let value = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * nibble)) & 0xF
                    buffer[start + nibble] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
                }
            }
            write(word0, at: 0)
            write(word1, at: 16)
            write(word2, at: 32)
            write(word3, at: 48)
            return 64
        }
    }

    /// Parses `description`; nil for anything else.
    public init?(hex: some StringProtocol) {
        var text = String(hex)
        guard let digest = text.withUTF8({ ContentDigest(hexBytes: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = digest
    }

    /// Parses the 64 hex digits of `description` from bytes (the cache's indexes hold
    /// thousands); nil for anything else.
    init?(hexBytes bytes: UnsafeRawBufferPointer) {
        guard bytes.count == 64, let base = bytes.baseAddress else { return nil }
        func word(_ start: Int) -> UInt64? {
            var value: UInt64 = 0
            var invalid: UInt8 = 0
            for offset in start..<(start + 16) {
                let byte = base.load(fromByteOffset: offset, as: UInt8.self)
                let digit = Self.hexDigit(byte)
                invalid |= digit
                value = value << 4 | UInt64(digit & 0xF)
            }
            return invalid & 0xF0 == 0 ? value : nil
        }
        guard let word0 = word(0), let word1 = word(16), let word2 = word(32), let word3 = word(48) else { return nil }
        (self.word0, self.word1, self.word2, self.word3) = (word0, word1, word2, word3)
    }

    /// A hex digit's value, or 0xFF for any other byte; without branches on the digit's kind
    /// (the cache's indexes parse tens of thousands of digests).
    @inline(__always) private static func hexDigit(_ byte: UInt8) -> UInt8 {
        let decimal = byte &- UInt8(ascii: "0")
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        if decimal < 10 { return decimal }
        if letter < 6 { return letter &+ 10 }
        return 0xFF
    }

    init(words: (UInt64, UInt64, UInt64, UInt64)) {
        (word0, word1, word2, word3) = words
    }

    /// From the 32 bytes of a digest, most significant first.
    init(bigEndian bytes: UnsafeRawBufferPointer) {
        func word(_ start: Int) -> UInt64 { UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self)) }
        (word0, word1, word2, word3) = (word(0), word(8), word(16), word(24))
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let digest = ContentDigest(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a digest"))
        }
        self = digest
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// SHA-256 (FIPS 180-4): CryptoKit's where the system has it, else our own Swift, since Linux's
/// Foundation has none and the package takes no dependencies. `SHA256Tests` checks both
/// against the standard's test vectors.
///
/// There is no faster path of our own: the x86-64 SHA instructions, which a C target once used,
/// are about six times as fast as this Swift (230 to 300 MB/s on this project's CI machine),
/// but a cold run digests each file once, and over the benchmark's 42.5 MB app-like corpus they
/// saved about 0.12 s of the run's 4.3 s of processor time: not worth a C target and a second
/// implementation (docs/Performance.md). `predicate-lint-bench` prints the digest's processor
/// time for each corpus, so a change in that balance shows.
public enum SHA256 {
    public static func digest(_ bytes: UnsafeRawBufferPointer) -> ContentDigest {
        // CryptoKit's SHA256 is in every macOS this package builds for (10.15 and later).
        #if canImport(CryptoKit)
        return CryptoKit.SHA256.hash(data: bytes).withUnsafeBytes { ContentDigest(bigEndian: $0) }
        #else
        return swiftDigest(bytes)
        #endif
    }

    public static func digest(_ data: Data) -> ContentDigest {
        data.withUnsafeBytes { digest($0) }
    }

    public static func digest(_ text: String) -> ContentDigest {
        var text = text
        return text.withUTF8 { digest(UnsafeRawBufferPointer($0)) }
    }

    /// The digest of several strings, kept apart so that `["ab", "c"]` and `["a", "bc"]` differ.
    public static func digest(_ parts: [String]) -> ContentDigest {
        digest(parts.map { "\($0.utf8.count):\($0)" }.joined())
    }

    /// The eight working words, kept in a struct passed `inout`: an earlier form that mutated
    /// them through a buffer pointer captured by nested closures came out of the optimizer
    /// unchanged (every digest was the initial value in release builds only).
    struct State {
        var h0: UInt32 = 0x6A09_E667, h1: UInt32 = 0xBB67_AE85, h2: UInt32 = 0x3C6E_F372, h3: UInt32 = 0xA54F_F53A
        var h4: UInt32 = 0x510E_527F, h5: UInt32 = 0x9B05_688C, h6: UInt32 = 0x1F83_D9AB, h7: UInt32 = 0x5BE0_CD19
    }

    /// Our own SHA-256, what runs where CryptoKit does not.
    static func swiftDigest(_ bytes: UnsafeRawBufferPointer) -> ContentDigest {
        var state = State()
        var schedule = [UInt32](repeating: 0, count: 64)
        let blocks = bytes.count / 64
        for block in 0..<blocks {
            compress(UnsafeRawBufferPointer(rebasing: bytes[(block * 64)..<(block * 64 + 64)]), &state, &schedule)
        }
        // The tail, a 1 bit, zeros, and the length in bits: one block or two.
        var tail = [UInt8](bytes[(blocks * 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitCount = UInt64(bytes.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
        tail.withUnsafeBytes { tail in
            for block in 0..<(tail.count / 64) {
                compress(UnsafeRawBufferPointer(rebasing: tail[(block * 64)..<(block * 64 + 64)]), &state, &schedule)
            }
        }
        return ContentDigest(words: (
            UInt64(state.h0) << 32 | UInt64(state.h1), UInt64(state.h2) << 32 | UInt64(state.h3),
            UInt64(state.h4) << 32 | UInt64(state.h5), UInt64(state.h6) << 32 | UInt64(state.h7)
        ))
    }

    private static func compress(_ block: UnsafeRawBufferPointer, _ state: inout State, _ w: inout [UInt32]) {
        for index in 0..<16 {
            w[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
        }
        for index in 16..<64 {
            let s0 = rotate(w[index - 15], 7) ^ rotate(w[index - 15], 18) ^ (w[index - 15] >> 3)
            let s1 = rotate(w[index - 2], 17) ^ rotate(w[index - 2], 19) ^ (w[index - 2] >> 10)
            w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = (state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7)
        for index in 0..<64 {
            let sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ sum1 &+ choice &+ roundConstants[index] &+ w[index]
            let sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = sum0 &+ majority
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ temp1, c, b, a, temp1 &+ temp2)
        }
        state.h0 &+= a; state.h1 &+= b; state.h2 &+= c; state.h3 &+= d
        state.h4 &+= e; state.h5 &+= f; state.h6 &+= g; state.h7 &+= h
    }

    @inline(__always) private static func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
        (value >> count) | (value << (32 - count))
    }

    /// FIPS 180-4, 4.2.2: the first 32 bits of the fractional parts of the cube roots of the
    /// first 64 primes (the test vectors would catch a wrong one).
    private static let roundConstants: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]
}
