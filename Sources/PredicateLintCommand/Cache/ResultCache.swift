import Foundation
import PredicateLintCore
#if canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#else
import Glibc
private let systemWrite = Glibc.write
#endif

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

    /// The digest of the models a project's snapshot (`DeclarationsPass.snapshot`) indexed to: a
    /// run over unchanged files then needs no declarations unless a file's findings are not
    /// cached.
    public func modelsDigest(snapshot: String) -> String? {
        read(String.self, Self.name(["models", snapshot]))
    }

    public func store(modelsDigest: String, snapshot: String) {
        write(modelsDigest, Self.name(["models", snapshot]))
    }

    /// The deployment target a project file (`kind`: `Package.swift` or `project.pbxproj`)
    /// with this content states: `.some(nil)` when it states none, nil when not known.
    public func statedTarget(kind: String, digest: ContentDigest) -> DeploymentTarget?? {
        guard let stored = read(StatedTarget.self, Self.name(["deployment-target", kind, digest.description])) else { return nil }
        guard let text = stored.target else { return .some(nil) }
        return DeploymentTarget(parsing: text).map { .some($0) }
    }

    public func store(statedTarget: DeploymentTarget?, kind: String, digest: ContentDigest) {
        write(StatedTarget(target: statedTarget?.description), Self.name(["deployment-target", kind, digest.description]))
    }

    private struct StatedTarget: Codable {
        let target: String?
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

    /// Plain POSIX calls, with no `fsync`: `FileManager.createFile` writes through a second
    /// temporary file and syncs it to disk, which made a cold run's cache writes cost a third
    /// of the run. An entry a crash leaves torn fails its digest check and is ignored.
    private func writeData(_ data: Data, _ name: String) {
        let temporary = "\(directory)/.\(name).\(UUID().uuidString).tmp"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return }
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        close(descriptor)
        if !written || rename(temporary, "\(directory)/\(name)") != 0 { unlink(temporary) }
    }

    // MARK: Pruning

    /// How many entries a run over `files` files keeps: room for about two each (declarations
    /// and findings), so that a large app's own entries are never pruned by its own run, and
    /// 20,000 at least (some 80 MB).
    public static func limit(forRunOver files: Int) -> Int { max(20_000, files * 2 + 1_000) }

    /// Keeps the cache bounded: when it holds more than `limit` entries, the least recently
    /// used go (writes and hits both count as use), down to three quarters of the limit.
    /// Scan and file indexes of older formats, and temporary files more than an hour old (a run killed
    /// while writing), go too.
    public func prune(limit: Int) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = Date().timeIntervalSince1970
        func lastUsed(_ name: String) -> TimeInterval? {
            var info = stat()
            guard stat("\(directory)/\(name)", &info) == 0 else { return nil }
            #if canImport(Darwin)
            return TimeInterval(info.st_mtimespec.tv_sec)
            #else
            return TimeInterval(info.st_mtim.tv_sec)
            #endif
        }
        var entries: [String] = []
        for name in names {
            if name.hasPrefix(".") && name.hasSuffix(".tmp") {
                if let used = lastUsed(name), now - used > 3_600 { unlink("\(directory)/\(name)") }
            } else if Self.isEarlierIndex(name) {
                unlink("\(directory)/\(name)")
            } else if name.hasSuffix(".json") {
                entries.append(name)
            }
        }
        // Entries are stamped only when some must go: a run under the limit asks nothing more.
        guard entries.count > limit else { return }
        let used = entries.compactMap { name in lastUsed(name).map { (name: name, used: $0) } }
        for entry in used.sorted(by: { $0.used < $1.used }).prefix(used.count - limit * 3 / 4) {
            unlink("\(directory)/\(entry.name)")
        }
    }

    /// The indexes this version reads, each named `<kind>-v<format>.tsv`.
    static let indexNames = [scanIndexName, FileIndex.sources.rawValue, FileIndex.projectFiles.rawValue, folderIndexName]

    /// An index of a kind this version keeps, in an earlier format: never read again.
    static func isEarlierIndex(_ name: String) -> Bool {
        !indexNames.contains(name) && indexNames.contains { current in
            current.range(of: "-v", options: .backwards).map { name.hasPrefix(current[..<$0.upperBound]) } ?? false
        }
    }

    // MARK: Scan index

    static let scanIndexName = "scan-index-v4.tsv"

    /// What the prefilter said about each content seen before, by its digest: a warm run then
    /// reads and digests each file but does not scan it again.
    public func scanIndex() -> [ContentDigest: Prefilter] {
        var index: [ContentDigest: Prefilter] = [:]
        // digest, flags (p m s r), extended, declared and root names; a damaged line is skipped.
        Self.forEachRecord(inFile: "\(directory)/\(Self.scanIndexName)", fields: 5) { fields in
            guard fields[1].count == 4, let digest = ContentDigest(hexBytes: fields[0]) else { return }
            var prefilter = Prefilter()
            let flags = fields[1]
            prefilter.hasQuery = flags[0] == UInt8(ascii: "p")
            prefilter.hasModel = flags[1] == UInt8(ascii: "m")
            prefilter.hasSuppression = flags[2] == UInt8(ascii: "s")
            prefilter.mayDeclareRegex = flags[3] == UInt8(ascii: "r")
            func names(_ field: UnsafeRawBufferPointer) -> Set<String> {
                field.isEmpty ? [] : Set(field.split(separator: 0x2C).map { String(decoding: $0, as: UTF8.self) })
            }
            prefilter.extendedNames = names(fields[2])
            prefilter.declaredNames = names(fields[3])
            prefilter.rootNames = names(fields[4])
            index[digest] = prefilter
        }
        return index
    }

    /// Calls `body` with the tab-separated fields of each line of an index file that has
    /// exactly `fields` of them; other lines (damaged ones) are skipped. Read as bytes: an
    /// index has a line per file of a large app.
    private static func forEachRecord(inFile path: String, fields count: Int, _ body: ([UnsafeRawBufferPointer]) -> Void) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var fields: [UnsafeRawBufferPointer] = []
            fields.reserveCapacity(count)
            var start = 0
            while start < bytes.count {
                // Lines and fields found with the C library's `memchr`, which reads a word at a
                // time: the indexes have a line per file of a large app.
                let end = memchr(base + start, 0x0A, bytes.count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
                fields.removeAll(keepingCapacity: true)
                var fieldStart = start
                while fields.count <= count {
                    let tab = memchr(base + fieldStart, 0x09, end - fieldStart).map { base.distance(to: UnsafeRawPointer($0)) } ?? end
                    fields.append(UnsafeRawBufferPointer(start: base + fieldStart, count: tab - fieldStart))
                    if tab == end { break }
                    fieldStart = tab + 1
                }
                if fields.count == count { body(fields) }
                start = end + 1
            }
        }
    }

    /// The five fields of a stamp as the file and folder indexes write them: device, inode,
    /// size, modified, changed.
    private static func stampFields(_ stamp: FileStamp) -> String {
        "\(Int64(bitPattern: stamp.device))\t\(Int64(bitPattern: stamp.inode))\t\(stamp.size)\t\(stamp.modified)\t\(stamp.changed)"
    }

    /// The stamp in the first five of `fields`, or nil when one is not an integer.
    private static func stamp(_ fields: [UnsafeRawBufferPointer]) -> FileStamp? {
        guard let device = integer(fields[0]), let inode = integer(fields[1]), let size = integer(fields[2]),
              let modified = integer(fields[3]), let changed = integer(fields[4]) else { return nil }
        return FileStamp(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), size: size,
                         modified: modified, changed: changed)
    }

    /// A decimal integer field (a leading `-` allowed), or nil.
    private static func integer(_ field: UnsafeRawBufferPointer) -> Int64? {
        let negative = field.first == UInt8(ascii: "-")
        let digits = negative ? UnsafeRawBufferPointer(rebasing: field.dropFirst()) : field
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowToo) = tens.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowToo else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// Replaces the index with these entries.
    public func storeScanIndex(_ index: [ContentDigest: Prefilter]) {
        var text = ""
        for (digest, prefilter) in index {
            let flags = (prefilter.hasQuery ? "p" : "-") + (prefilter.hasModel ? "m" : "-") + (prefilter.hasSuppression ? "s" : "-")
                + (prefilter.mayDeclareRegex ? "r" : "-")
            let names = [prefilter.extendedNames, prefilter.declaredNames, prefilter.rootNames]
                .map { $0.sorted().joined(separator: ",") }
            text += "\(digest)\t\(flags)\t" + names.joined(separator: "\t") + "\n"
        }
        writeData(Data(text.utf8), Self.scanIndexName)
    }

    // MARK: File indexes

    /// The files earlier runs read, in two indexes: the Swift sources a run scans (a line each,
    /// tens of thousands) and the few project files that state deployment targets (kept apart,
    /// so that learning one does not write the large index again).
    public enum FileIndex: String, Sendable {
        case sources = "file-index-v2.tsv"
        case projectFiles = "project-file-index-v2.tsv"
    }

    static let fileIndexName = FileIndex.sources.rawValue

    /// A file as an earlier run found it: its stamp when it was read, and the digest of what
    /// was read.
    public struct KnownFile: Equatable, Sendable {
        public let stamp: FileStamp
        public let digest: ContentDigest
        public let byteOrderMark: Bool

        public init(stamp: FileStamp, digest: ContentDigest, byteOrderMark: Bool) {
            (self.stamp, self.digest, self.byteOrderMark) = (stamp, digest, byteOrderMark)
        }
    }

    /// The files earlier runs read, by device and inode: a warm run takes the digest of a file
    /// whose stamp is unchanged from here instead of reading the file. Not by path: a file
    /// reached by another path (relative, through a link, from another folder) is the same
    /// file, and a number is quicker to read and to look up than a path.
    public func fileIndex(_ kind: FileIndex = .sources) -> [FileIdentity: KnownFile] {
        var index: [FileIdentity: KnownFile] = [:]
        // device, inode, size, modified, changed, digest, byte-order mark; a damaged line is skipped.
        Self.forEachRecord(inFile: "\(directory)/\(kind.rawValue)", fields: 7) { fields in
            guard let stamp = Self.stamp(fields), let digest = ContentDigest(hexBytes: fields[5]), fields[6].count == 1 else { return }
            index[stamp.identity] = KnownFile(stamp: stamp, digest: digest, byteOrderMark: fields[6][0] == UInt8(ascii: "b"))
        }
        return index
    }

    /// Replaces the index with these files.
    public func storeFileIndex(_ index: [FileIdentity: KnownFile], _ kind: FileIndex = .sources) {
        var text = ""
        for file in index.values {
            text += Self.stampFields(file.stamp) + "\t\(file.digest)\t\(file.byteOrderMark ? "b" : "-")\n"
        }
        writeData(Data(text.utf8), kind.rawValue)
    }

    // MARK: Folder index

    static let folderIndexName = "folder-index-v1.tsv"

    /// The folders earlier runs listed, by device and inode: a warm run takes the entries of a
    /// folder whose stamp is unchanged from here instead of listing it.
    public func folderIndex() -> [FileIdentity: FileDiscovery.KnownFolder] {
        var index: [FileIdentity: FileDiscovery.KnownFolder] = [:]
        // device, inode, size, modified, changed, flags (c: configuration, m: project marker),
        // then the names of Swift files, of folders and of entries of unknown kind, each list
        // joined by `/` (which no name holds); a damaged line is skipped.
        Self.forEachRecord(inFile: "\(directory)/\(Self.folderIndexName)", fields: 9) { fields in
            guard let stamp = Self.stamp(fields), fields[5].count == 2 else { return }
            func names(_ field: UnsafeRawBufferPointer) -> [String] {
                field.isEmpty ? [] : field.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                    .map { String(decoding: $0, as: UTF8.self) }
            }
            let listing = FileDiscovery.FolderListing(hasConfiguration: fields[5][0] == UInt8(ascii: "c"),
                                                      hasProjectMarker: fields[5][1] == UInt8(ascii: "m"))
            index[stamp.identity] = FileDiscovery.KnownFolder(stamp: stamp, entries: FileDiscovery.FolderEntries(
                listing: listing, swiftFiles: names(fields[6]), folders: names(fields[7]), unknown: names(fields[8])))
        }
        return index
    }

    /// Replaces the index with these folders. A folder with a name that holds a tab or a line
    /// break, or that is empty, is left out: it is listed again each run.
    public func storeFolderIndex(_ index: [FileIdentity: FileDiscovery.KnownFolder]) {
        var text = ""
        for folder in index.values {
            let entries = folder.entries
            let lists = [entries.swiftFiles, entries.folders, entries.unknown]
            guard !lists.joined().contains(where: { $0.isEmpty || $0.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) }) else { continue }
            let flags = (entries.listing.hasConfiguration ? "c" : "-") + (entries.listing.hasProjectMarker ? "m" : "-")
            text += Self.stampFields(folder.stamp) + "\t" + flags + "\t" + lists.map { $0.joined(separator: "/") }.joined(separator: "\t") + "\n"
        }
        writeData(Data(text.utf8), Self.folderIndexName)
    }
}

extension ResultCache {
    /// What an index of the cache holds after a run: what earlier runs saw as well (a run over
    /// one app, or one file, does not make the next run over the whole tree read everything
    /// again), up to `limit` entries; past it, only this run's.
    static func index<Key, Value>(_ earlier: [Key: Value], learning now: [Key: Value], limit: Int) -> [Key: Value] {
        earlier.count + now.count <= limit ? earlier.merging(now) { _, new in new } : now
    }
}
