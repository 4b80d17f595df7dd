import Foundation
import PredicateLintCore

/// Results kept between runs so that unchanged files are not parsed again. Each entry is one
/// file named by the SHA-256 digest of everything its content depends on, so a stale entry
/// cannot be found: a file's declarations by its content; its findings by its path and the
/// exact bytes linted, the tool's version and build (`ToolVersion.buildStamp`), the effective configuration and the models of the
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

    /// The build that reads and writes the indexes: an index another build wrote (another
    /// version, or a development build of the same one, whose flags may mean something else)
    /// is not read. Entries carry the same in their names.
    let identity: String

    public init(directory: String, identity: String = ResultCache.buildIdentity) {
        self.directory = directory
        self.identity = identity
    }

    /// This build: the entries' format, the version and the executable's stamp.
    public static let buildIdentity = SHA256.digest([format, ToolVersion.current, ToolVersion.buildStamp]).description

    // MARK: Keys

    /// Changed whenever what an entry holds means something else: v4, declarations no longer
    /// include types declared inside function bodies and closures.
    static let format = "v4"

    /// An entry's file name: the SHA-256 digest of everything the entry depends on.
    static func name(_ parts: [String]) -> String {
        SHA256.digest([buildIdentity] + parts).description + ".json"
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
    public struct LintEntry: Codable, Sendable, Equatable {
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
        guard SHA256.digest(Data(payload)) == stated, let json = try? JSON.parse([UInt8](payload)),
              let value = try? json.decoded(as: type) else { return nil }
        utimes(path, nil)
        return value
    }

    /// Written beside its final name and renamed into place: a reader sees a whole entry or none.
    private func write<Value: Encodable>(_ value: Value, _ name: String) {
        guard let json = try? JSON(encoding: value) else { return }
        let payload = Data(json.serialized(.compact).utf8)
        writeData(Data((SHA256.digest(payload).description + "\n").utf8) + payload, name)
    }

    /// Plain POSIX calls, with no `fsync`: `FileManager.createFile` writes through a second
    /// temporary file and syncs it to disk, which made a cold run's cache writes cost a third
    /// of the run. An entry a crash leaves torn fails its digest check and is ignored.
    /// `folder`: the cache's own unless given (an index goes in its build's folder).
    func writeData(_ data: Data, _ name: String, in folder: String? = nil) {
        let folder = folder ?? directory
        let temporary = "\(folder)/.\(name).\(UUID().uuidString).tmp"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { return }
        let written = OutputFile.writeAll(data, to: descriptor) == nil
        close(descriptor)
        if !written || rename(temporary, "\(folder)/\(name)") != 0 { unlink(temporary) }
    }

    // MARK: Pruning

    /// An entry's name: 64 lowercase hex digits and `.json` (`name(_:)`).
    static func isEntry(_ name: some StringProtocol) -> Bool {
        let utf8 = name.utf8
        return utf8.count == 69 && name.hasSuffix(".json")
            && utf8.prefix(64).allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// An entry or index being written: `.`, its name, `.`, a UUID, `.tmp` (`writeData`).
    static func isTemporary(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp"), name.count > 1 + 37 + 4 else { return false }
        let inner = name.dropFirst().dropLast(4)
        let written = inner.dropLast(37)
        return inner.dropFirst(written.count).first == "." && UUID(uuidString: String(inner.suffix(36))) != nil
            && (isEntry(written) || indexNames.contains(String(written)))
    }

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
        // Only what the cache wrote is ever removed: the folder may be one the user named with
        // --cache-path that holds other files too, some named like the cache's. An entry or an
        // index is known by the digest of its content on its first line; a temporary file by
        // its name, which holds a UUID (a torn one has no digest to show).
        var entries: [String] = []
        var otherBuilds: [(folder: String, used: TimeInterval)] = []
        for name in names {
            if Self.isTemporary(name) {
                if let used = Self.lastUsed("\(directory)/\(name)"), now - used > 3_600 { unlink("\(directory)/\(name)") }
            } else if Self.isEarlierIndex(name) || Self.indexNames.contains(name) {
                // Indexes of earlier formats, and of the layout before each build had a folder.
                // Those of the first formats carried no digest: they stay, a few of them at most.
                if Self.carriesItsDigest("\(directory)/\(name)") { unlink("\(directory)/\(name)") }
            } else if Self.isEntry(name) {
                entries.append(name)
            } else if name.hasPrefix(Self.indexFolderPrefix), "\(directory)/\(name)" != indexFolder,
                      let used = Self.lastUsed("\(directory)/\(name)") {
                otherBuilds.append(("\(directory)/\(name)", used))
            }
        }
        pruneIndexFolder(indexFolder, whole: false, now: now)
        // Other builds' indexes: the three last written stay (a release and a development build
        // used in turn), unless a month old.
        for (rank, build) in otherBuilds.sorted(by: { $0.used > $1.used }).enumerated() where rank >= 3 || now - build.used > 30 * 86_400 {
            pruneIndexFolder(build.folder, whole: true, now: now)
        }
        // Entries are stamped only when some must go: a run under the limit asks nothing more.
        guard entries.count > limit else { return }
        // A file of the user's named like an entry neither counts nor goes; counting it let the
        // pruning keep one entry fewer whenever it sorted among the newest.
        let used = entries.filter { Self.carriesItsDigest("\(directory)/\($0)") }
            .compactMap { name in Self.lastUsed("\(directory)/\(name)").map { (name: name, used: $0) } }
        guard used.count > limit else { return }
        for entry in used.sorted(by: { ($0.used, $0.name) < ($1.used, $1.name) }).prefix(used.count - limit * 3 / 4) {
            unlink("\(directory)/\(entry.name)")
        }
    }

    /// A build's index folder: its temporary files over an hour old go, and its indexes of
    /// earlier formats; `whole`, its indexes too, and the folder when nothing else is left in it.
    private func pruneIndexFolder(_ folder: String, whole: Bool, now: TimeInterval) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let path = "\(folder)/\(name)"
            if Self.isTemporary(name) {
                if let used = Self.lastUsed(path), whole || now - used > 3_600 { unlink(path) }
            } else if Self.isEarlierIndex(name) || (whole && Self.indexNames.contains(name)) {
                if Self.carriesItsDigest(path) { unlink(path) }
            }
        }
        if whole { rmdir(folder) }
    }

    /// When the file or folder at `path` was last written (an entry's hits count: `read` touches it).
    static func lastUsed(_ path: String) -> TimeInterval? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return TimeInterval(info.st_mtimespec.tv_sec)
        #else
        return TimeInterval(info.st_mtim.tv_sec)
        #endif
    }

    /// Whether the file at `path` is as the cache writes every entry and index: the SHA-256
    /// digest of the rest on its first line. Files larger than any index are not read.
    static func carriesItsDigest(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size < 256 << 20,
              let data = FileManager.default.contents(atPath: path), let newline = data.firstIndex(of: 0x0A),
              let stated = ContentDigest(hex: String(decoding: data[..<newline], as: UTF8.self)) else { return false }
        return SHA256.digest(Data(data[(newline + 1)...])) == stated
    }
}
