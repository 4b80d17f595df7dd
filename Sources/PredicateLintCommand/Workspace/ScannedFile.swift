import Foundation
import PredicateLintCore

/// What one read of a file's bytes learned about it: whether it can matter (its `Prefilter`),
/// a hash of its content, and whether it starts with a byte-order mark. Files are scanned once
/// per run; only those that matter are read again and parsed.
public struct ScannedFile: Sendable {
    public let path: String
    public let prefilter: Prefilter
    public let contentHash: UInt64
    public let byteOrderMark: Bool
    /// Set for text that cannot be read again from disk: standard input, an editor's buffer,
    /// the code a coding assistant sends.
    public let text: String?

    /// Reads and scans a file on disk; `known` holds what earlier runs learned about contents.
    public static func scan(path: String, known: [UInt64: Prefilter] = [:]) -> Result<ScannedFile, InputProblem> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(InputProblem(path: path, message: "cannot be read; check that it exists and its permissions"))
        }
        return scan(data: data, path: path, keepText: false, known: known)
    }

    /// Scans text that is not on disk (or whose disk copy does not count) under `path`.
    public static func scan(text: String, path: String) -> ScannedFile {
        var text = text
        let (hash, _) = text.withUTF8 { StableHash.hashAndCheckASCII(UnsafeRawBufferPointer($0)) }
        return ScannedFile(path: path, prefilter: Prefilter(text: text), contentHash: hash, byteOrderMark: false, text: text)
    }

    public static func scan(data: Data, path: String, keepText: Bool, known: [UInt64: Prefilter] = [:])
        -> Result<ScannedFile, InputProblem> {
        let byteOrderMark = data.starts(with: [0xEF, 0xBB, 0xBF])
        let body = byteOrderMark ? data.dropFirst(3) : data[...]
        return body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let (hash, isASCII) = StableHash.hashAndCheckASCII(raw)
            guard isASCII || isValidUTF8(bytes) else {
                return .failure(InputProblem(path: path, message: "is not UTF-8 text; save it as UTF-8, or leave it out of the paths"))
            }
            return .success(ScannedFile(
                path: path, prefilter: known[hash] ?? Prefilter(bytes: bytes), contentHash: hash,
                byteOrderMark: byteOrderMark, text: keepText ? String(decoding: bytes, as: UTF8.self) : nil))
        }
    }

    /// Whether bytes are well-formed UTF-8, without building a string from them.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The file's text, read again (or kept), and parsed.
    public func load() -> SourceFile? {
        if let text { return SourceFile(path: path, text: text) }
        guard var data = FileManager.default.contents(atPath: path) else { return nil }
        if byteOrderMark { data.removeFirst(min(3, data.count)) }
        guard let decoded = String(data: data, encoding: .utf8) else { return nil }
        return SourceFile(path: path, text: decoded)
    }
}
