import Foundation
import PredicateLintCore

/// Results kept between runs so that unchanged files are not parsed again. Each entry is one
/// file named by the SHA-256 digest of everything its content depends on, so a stale entry
/// cannot be found: a file's declarations by its content; its findings by its path and the
/// exact bytes linted, the tool's version, the effective configuration and the models of the
/// whole project. Entries are written atomically and carry their own digest; one that cannot
/// be read or does not match is ignored. `prune` keeps the folder bounded.
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

    /// Changed whenever what an entry holds means something else: v4, declarations no longer
    /// include types declared inside function bodies and closures.
    static let format = "v4"

    /// An entry's file name: the SHA-256 digest of everything the entry depends on.
    static func name(_ parts: [String]) -> String {
        SHA256.digest([format, ToolVersion.current] + parts).description + ".json"
    }

    // MARK: Entries

    public func declarations(digest: ContentDigest) -> FileDeclarations? {
        read(FileDeclarations.self, Self.name(["declarations", digest.description]))
    }

    public func store(_ declarations: FileDeclarations, digest: ContentDigest) {
        write(declarations, Self.name(["declarations", digest.description]))
    }

    /// What linting a file gave: its findings, and the retired rules its comments name.
    public struct LintEntry: Codable, Sendable {
        public let findings: [Finding]
        public let retiredRules: [String]
    }

    /// `digest`: of the exact bytes that were linted.
    public func lintEntry(path: String, digest: ContentDigest, context: String) -> LintEntry? {
        read(LintEntry.self, Self.name(["findings", path, digest.description, context]))
    }

    public func store(_ entry: LintEntry, path: String, digest: ContentDigest, context: String) {
        write(entry, Self.name(["findings", path, digest.description, context]))
    }

    /// An entry is its payload's digest, a newline, and the payload: one whose payload does not
    /// match (a damaged disk, a hand edit) is ignored, as is one that does not decode. A hit
    /// marks the entry as used, so that pruning keeps it.
    private func read<Value: Decodable>(_ type: Value.Type, _ name: String) -> Value? {
        let path = "\(directory)/\(name)"
        guard let data = FileManager.default.contents(atPath: path),
              let newline = data.firstIndex(of: 0x0A),
              let stated = ContentDigest(hex: String(decoding: data[..<newline], as: UTF8.self)) else { return nil }
        let payload = data[(newline + 1)...]
        guard SHA256.digest(Data(payload)) == stated, let value = try? JSONDecoder().decode(type, from: payload) else { return nil }
        utimes(path, nil)
        return value
    }

    /// Written beside its final name and renamed into place: a reader sees a whole entry or none.
    private func write<Value: Encodable>(_ value: Value, _ name: String) {
        guard let payload = try? JSONEncoder().encode(value) else { return }
        writeData(Data((SHA256.digest(payload).description + "\n").utf8) + payload, name)
    }

    private func writeData(_ data: Data, _ name: String) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let temporary = "\(directory)/.\(name).\(UUID().uuidString).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, "\(directory)/\(name)") != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    // MARK: Pruning

    /// How many entries a run over `files` files keeps: room for about two each (declarations
    /// and findings), so that a large app's own entries are never pruned by its own run, and
    /// 20,000 at least (some 80 MB).
    public static func limit(forRunOver files: Int) -> Int { max(20_000, files * 2 + 1_000) }

    /// Keeps the cache bounded: when it holds more than `limit` entries, the least recently
    /// used go (writes and hits both count as use), down to three quarters of the limit.
    /// Scan indexes of older formats, and temporary files more than an hour old (a run killed
    /// while writing), go too.
    public func prune(limit: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = Date().timeIntervalSince1970
        var entries: [(name: String, used: TimeInterval)] = []
        for name in names {
            var info = stat()
            guard stat("\(directory)/\(name)", &info) == 0 else { continue }
            #if canImport(Darwin)
            let used = TimeInterval(info.st_mtimespec.tv_sec)
            #else
            let used = TimeInterval(info.st_mtim.tv_sec)
            #endif
            if name.hasPrefix(".") && name.hasSuffix(".tmp") {
                if now - used > 3_600 { unlink("\(directory)/\(name)") }
            } else if name.hasPrefix("scan-index-") && name != Self.scanIndexName {
                unlink("\(directory)/\(name)")
            } else if name.hasSuffix(".json") {
                entries.append((name, used))
            }
        }
        guard entries.count > limit else { return }
        for entry in entries.sorted(by: { $0.used < $1.used }).prefix(entries.count - limit * 3 / 4) {
            unlink("\(directory)/\(entry.name)")
        }
    }

    // MARK: Scan index

    static let scanIndexName = "scan-index-v3.tsv"

    /// What the prefilter said about each content seen before, by its digest: a warm run then
    /// reads and digests each file but does not scan it again.
    public func scanIndex() -> [ContentDigest: Prefilter] {
        guard let data = FileManager.default.contents(atPath: "\(directory)/\(Self.scanIndexName)") else { return [:] }
        var index: [ContentDigest: Prefilter] = [:]
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                // digest, flags (p m s r), extended, declared, root and assigned names; a damaged line is skipped.
                if let (digest, prefilter) = Self.scanIndexEntry(UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                    index[digest] = prefilter
                }
                start = end + 1
            }
        }
        return index
    }

    private static func scanIndexEntry(_ line: UnsafeBufferPointer<UInt8>) -> (ContentDigest, Prefilter)? {
        let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
        guard fields.count == 6, fields[1].count == 4,
              let digest = ContentDigest(hex: String(decoding: fields[0], as: UTF8.self)) else { return nil }
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
        return (digest, prefilter)
    }

    /// Replaces the index with these entries (those of the files seen in this run).
    public func storeScanIndex(_ index: [ContentDigest: Prefilter]) {
        var text = ""
        for (digest, prefilter) in index {
            let flags = (prefilter.hasPredicate ? "p" : "-") + (prefilter.hasModel ? "m" : "-") + (prefilter.hasSuppression ? "s" : "-")
                + (prefilter.mayDeclareRegex ? "r" : "-")
            let names = [prefilter.extendedNames, prefilter.declaredNames, prefilter.rootNames, prefilter.assignedTypeNames]
                .map { $0.sorted().joined(separator: ",") }
            text += "\(digest)\t\(flags)\t" + names.joined(separator: "\t") + "\n"
        }
        writeData(Data(text.utf8), Self.scanIndexName)
    }
}
