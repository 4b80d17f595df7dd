import CSHA256
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

/// SHA-256 (FIPS 180-4), written out because Linux's Foundation has none and the package takes
/// no dependencies. Checked against the standard's test vectors in `SHA256Tests`.
public enum SHA256 {
    /// The eight working words, kept in a struct passed `inout`: an earlier form that mutated
    /// them through a buffer pointer captured by nested closures came out of the optimizer
    /// unchanged (every digest was the initial value in release builds only).
    struct State {
        var h0: UInt32 = 0x6A09_E667, h1: UInt32 = 0xBB67_AE85, h2: UInt32 = 0x3C6E_F372, h3: UInt32 = 0xA54F_F53A
        var h4: UInt32 = 0x510E_527F, h5: UInt32 = 0x9B05_688C, h6: UInt32 = 0x1F83_D9AB, h7: UInt32 = 0x5BE0_CD19
    }

    /// Whether the processor's SHA-256 instructions are used (`CSHA256`); the Swift below is
    /// the reference, and what runs elsewhere.
    static let usesHardware = predicate_lint_sha256_hardware_available() != 0

    public static func digest(_ bytes: UnsafeRawBufferPointer) -> ContentDigest {
        digest(bytes, hardware: usesHardware)
    }

    static func digest(_ bytes: UnsafeRawBufferPointer, hardware: Bool) -> ContentDigest {
        var state = State()
        // Room for the Swift's message schedule; the processor's instructions keep their own.
        var schedule = hardware ? [] : [UInt32](repeating: 0, count: 64)
        let blocks = bytes.count / 64
        if blocks > 0 { compress(bytes.baseAddress!, blocks: blocks, &state, &schedule, hardware: hardware) }
        // The tail, a 1 bit, zeros, and the length in bits: one block or two.
        var tail = [UInt8](bytes[(blocks * 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitCount = UInt64(bytes.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
        tail.withUnsafeBytes { tail in
            compress(tail.baseAddress!, blocks: tail.count / 64, &state, &schedule, hardware: hardware)
        }
        return ContentDigest(words: (
            UInt64(state.h0) << 32 | UInt64(state.h1), UInt64(state.h2) << 32 | UInt64(state.h3),
            UInt64(state.h4) << 32 | UInt64(state.h5), UInt64(state.h6) << 32 | UInt64(state.h7)
        ))
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

    /// `blocks` 64-byte blocks at `start` into `state`, with the processor's instructions or
    /// in Swift (`schedule`: room for the message schedule).
    private static func compress(_ start: UnsafeRawPointer, blocks: Int, _ state: inout State, _ schedule: inout [UInt32], hardware: Bool) {
        if hardware {
            var words = [state.h0, state.h1, state.h2, state.h3, state.h4, state.h5, state.h6, state.h7]
            predicate_lint_sha256_hardware_compress(&words, start.assumingMemoryBound(to: UInt8.self), blocks)
            (state.h0, state.h1, state.h2, state.h3) = (words[0], words[1], words[2], words[3])
            (state.h4, state.h5, state.h6, state.h7) = (words[4], words[5], words[6], words[7])
        } else {
            for block in 0..<blocks { compress(UnsafeRawBufferPointer(start: start + block * 64, count: 64), &state, &schedule) }
        }
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

    /// FIPS 180-4's constants, kept once, in `CSHA256` (the FIPS test vectors check them).
    private static let roundConstants = Array(UnsafeBufferPointer(start: predicate_lint_sha256_round_constants(), count: 64))
}
