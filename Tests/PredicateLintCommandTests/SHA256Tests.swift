import Foundation
import Testing
@testable import PredicateLintCommand

/// The cache's keys are only as good as this digest: FIPS 180-4's examples, and lengths on
/// each side of the block and padding boundaries checked against `sha256sum`.
@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 55), "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (String(repeating: "a", count: 56), "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (String(repeating: "a", count: 64), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func knownDigests(_ text: String, _ expected: String) {
        #expect(SHA256.digest(text).description == expected)
        var bytes = text
        #expect(bytes.withUTF8 { SHA256.swiftDigest(UnsafeRawBufferPointer($0)) }.description == expected)
        #expect(ContentDigest(hex: expected) == SHA256.digest(text))
    }

    static let systemTool: (path: String, arguments: [String])? =
        [("/usr/bin/sha256sum", []), ("/usr/bin/shasum", ["-a", "256"])].first { FileManager.default.isExecutableFile(atPath: $0.0) }

    /// Our own Swift, which is what runs on Linux (CryptoKit's elsewhere), at every length
    /// around the block and tail boundaries and for a large input, against the system's
    /// `sha256sum` (macOS: `shasum -a 256`, which lists digests the same way) in one run over
    /// files holding each input.
    @Test(.enabled(if: systemTool != nil, "needs /usr/bin/sha256sum or /usr/bin/shasum"))
    func theSwiftAgreesWithTheSystemsTool() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sha256-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pattern = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        var inputs = (0...pattern.count).map { Array(pattern.prefix($0)) }
        inputs.append((0..<1_000_003).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 9) })
        var paths: [String] = []
        for (index, input) in inputs.enumerated() {
            let path = folder.appendingPathComponent("\(index)").path
            try Data(input).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let process = Process()
        let tool = try #require(Self.systemTool)
        process.executableURL = URL(fileURLWithPath: tool.path)
        process.arguments = tool.arguments + paths
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let listed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let expected = listed.split(separator: "\n").map { String($0.prefix(64)) }
        try #require(expected.count == inputs.count)
        for (index, input) in inputs.enumerated() {
            #expect(input.withUnsafeBytes { SHA256.swiftDigest($0) }.description == expected[index], "length \(input.count)")
            #expect(input.withUnsafeBytes { SHA256.digest($0) }.description == expected[index], "length \(input.count)")
        }
    }

    @Test func digestsParseOnlyFromTheirOwnForm() {
        #expect(ContentDigest(hex: "abc") == nil)
        #expect(ContentDigest(hex: String(repeating: "g", count: 64)) == nil)
        #expect(ContentDigest(hex: "+" + String(repeating: "0", count: 63)) == nil)
        // Every byte that is not a hex digit, at every place in a word.
        let digest = SHA256.digest("abc")
        #expect(ContentDigest(hex: digest.description.uppercased()) == digest)
        for byte in UInt8.min...UInt8.max where !"0123456789abcdefABCDEF".utf8.contains(byte) {
            for place in [0, 15, 16, 47, 63] {
                var bytes = Array(digest.description.utf8)
                bytes[place] = byte
                #expect(bytes.withUnsafeBytes { ContentDigest(hexBytes: $0) } == nil, "byte \(byte) at \(place)")
            }
        }
    }

    @Test func partsAreKeptApart() {
        #expect(SHA256.digest(["ab", "c"]) != SHA256.digest(["a", "bc"]))
    }
}
