import Foundation
import PredicateLintCore

/// Results kept between runs so that unchanged files are not parsed again. Each entry is one
/// file named by the hash of everything its content depends on, so a stale entry cannot be
/// found: a file's declarations by its content; its findings by its path and content, the
/// tool's version, the effective configuration and the models of the whole project. Entries
/// are written atomically; one that cannot be read is ignored.
public final class ResultCache: Sendable {
    public let directory: String

    /// The cache for this user (`$XDG_CACHE_HOME`, or `~/.cache`, or `~/Library/Caches` on
    /// macOS); nil when there is no home to put it in.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return "\(xdg)/predicate-lint" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        #if os(macOS)
        return "\(home)/Library/Caches/predicate-lint"
        #else
        return "\(home)/.cache/predicate-lint"
        #endif
    }

    public init(directory: String) {
        self.directory = directory
    }

    // MARK: Keys

    static func name(_ parts: [String]) -> String {
        StableHash.hex(["v2", ToolVersion.current] + parts) + ".json"
    }

    // MARK: Entries

    public func declarations(contentHash: UInt64) -> FileDeclarations? {
        read(FileDeclarations.self, Self.name(["declarations", String(contentHash)]))
    }

    public func store(_ declarations: FileDeclarations, contentHash: UInt64) {
        write(declarations, Self.name(["declarations", String(contentHash)]))
    }

    /// What linting a file gave: its findings, and the retired rules its comments name.
    public struct LintEntry: Codable, Sendable {
        public let findings: [Finding]
        public let retiredRules: [String]
    }

    public func lintEntry(path: String, contentHash: UInt64, context: String) -> LintEntry? {
        read(LintEntry.self, Self.name(["findings", path, String(contentHash), context]))
    }

    public func store(_ entry: LintEntry, path: String, contentHash: UInt64, context: String) {
        write(entry, Self.name(["findings", path, String(contentHash), context]))
    }

    private func read<Value: Decodable>(_ type: Value.Type, _ name: String) -> Value? {
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(name)") else { return nil }
        return try? JSONDecoder().decode(type, from: data)
    }

    /// Written beside its final name and renamed into place: a reader sees a whole entry or none.
    private func write<Value: Encodable>(_ value: Value, _ name: String) {
        guard let data = try? JSONEncoder().encode(value) else { return }
        writeData(data, name)
    }

    private func writeData(_ data: Data, _ name: String) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = "\(directory)/.\(name).\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, "\(directory)/\(name)") != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    // MARK: Scan index

    static let scanIndexName = "scan-index-v2.tsv"

    /// What the prefilter said about each content seen before, by content hash: a warm run then
    /// reads and hashes each file but does not scan it again.
    public func scanIndex() -> [UInt64: Prefilter] {
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(Self.scanIndexName)") else { return [:] }
        var index: [UInt64: Prefilter] = [:]
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                // hash, flags (p m s r), extended, declared, root and assigned names; a damaged line is skipped.
                if let (hash, prefilter) = Self.scanIndexEntry(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                    index[hash] = prefilter
                }
                start = end + 1
            }
        }
        return index
    }

    private static func scanIndexEntry(_ line: UnsafeBufferPointer<UInt8>) -> (UInt64, Prefilter)? {
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
        guard fields.count == 6, fields[1].count == 4, !fields[0].isEmpty, fields[0].count <= 16 else { return nil }
        var hash: UInt64 = 0
        for digit in fields[0] {
            switch digit {
            case 0x30...0x39: hash = hash << 4 | UInt64(digit - 0x30)
            case 0x61...0x66: hash = hash << 4 | UInt64(digit - 0x61 + 10)
            default: return nil
            }
        }
        var prefilter = Prefilter()
        let flags = Array(fields[1])
        prefilter.hasPredicate = flags[0] == UInt8(ascii: "p")
        prefilter.hasModel = flags[1] == UInt8(ascii: "m")
        prefilter.hasSuppression = flags[2] == UInt8(ascii: "s")
        prefilter.mayDeclareRegex = flags[3] == UInt8(ascii: "r")
        func names(_ field: Slice<UnsafeBufferPointer<UInt8>>) -> Set<String> {
            field.isEmpty ? [] : Set(field.split(separator: 0x2C).map { String(decoding: $0, as: UTF8.self) })
        }
        prefilter.extendedNames = names(fields[2])
        prefilter.declaredNames = names(fields[3])
        prefilter.rootNames = names(fields[4])
        prefilter.assignedTypeNames = names(fields[5])
        return (hash, prefilter)
    }

    /// Replaces the index with these entries (those of the files seen in this run).
    public func storeScanIndex(_ index: [UInt64: Prefilter]) {
        var text = ""
        for (hash, prefilter) in index {
            let flags = (prefilter.hasPredicate ? "p" : "-") + (prefilter.hasModel ? "m" : "-") + (prefilter.hasSuppression ? "s" : "-")
                + (prefilter.mayDeclareRegex ? "r" : "-")
            let names = [prefilter.extendedNames, prefilter.declaredNames, prefilter.rootNames, prefilter.assignedTypeNames]
                .map { $0.sorted().joined(separator: ",") }
            text += "\(String(hash, radix: 16))\t\(flags)\t" + names.joined(separator: "\t") + "\n"
        }
        writeData(Data(text.utf8), Self.scanIndexName)
    }
}
