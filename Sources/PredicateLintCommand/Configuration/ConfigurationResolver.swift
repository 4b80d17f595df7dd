import Foundation
import PredicateLintCore

/// Finds the configuration that governs each file: `--config` if given, else the nearest
/// `.predicate-lint.json` in the file's folder or above (no higher than a confining folder,
/// for a server that reads only its workspace). Each file is read once, until
/// `reloadIfChanged` sees that one it read (or looked for) changed on disk.
public final class ConfigurationResolver: @unchecked Sendable {
    private let explicitPath: String?
    /// The folders above which no configuration is looked for; nil for none.
    private let confinement: Set<String>?
    private var explicit: Result<Configuration, Configuration.Failure>?
    private var byFolder: [String: Result<Configuration, Configuration.Failure>] = [:]
    /// Every configuration path looked at, with what was there (nil: nothing).
    private var stamps: [String: FileStamp?] = [:]
    /// Configuration paths a folder listing just showed absent: not asked about again.
    private var listedAbsent: Set<String> = []
    private let lock = NSLock()

    /// Throws when an explicit configuration (`--config`) is broken: nothing can be linted.
    public init(explicitPath: String?, confinement: [String]? = nil) throws(Configuration.Failure) {
        self.explicitPath = explicitPath
        self.confinement = confinement.map { Set($0.map(Paths.absolute)) }
        if let explicitPath {
            stamps[explicitPath] = .some(FileStamp(path: explicitPath))
            let configuration = try Self.read(explicitPath)
            explicit = .success(configuration)
        }
    }

    public func configuration(for file: String) -> Result<Configuration, Configuration.Failure> {
        if let explicit = lock.withLock({ explicit }) { return explicit }
        return configuration(inFolder: Paths.folder(of: file))
    }

    private func configuration(inFolder folder: String) -> Result<Configuration, Configuration.Failure> {
        if let known = lock.withLock({ byFolder[folder] }) { return known }
        let candidate = Self.candidate(inFolder: folder)
        let stamp = lock.withLock({ listedAbsent.contains(candidate) }) ? nil : FileStamp(path: candidate)
        lock.withLock { stamps[candidate] = .some(stamp) }
        let result: Result<Configuration, Configuration.Failure>
        if stamp != nil {
            result = Result { () throws(Configuration.Failure) in try Self.read(candidate) }
        } else if folder == "/" || !folder.hasPrefix("/") || confinement?.contains(folder) == true {
            // A folder that is not absolute (the working directory is gone) has no top to
            // stop at: its parents would be `..`, `../..`, … for ever.
            result = .success(Configuration())
        } else {
            result = configuration(inFolder: Paths.folder(of: folder))
        }
        lock.withLock { byFolder[folder] = result }
        return result
    }

    private static func candidate(inFolder folder: String) -> String {
        folder == "/" ? "/\(Configuration.fileName)" : "\(folder)/\(Configuration.fileName)"
    }

    /// Folders whose listing (by discovery) showed no configuration file: the file system is
    /// not asked again, and a later `reloadIfChanged` still sees one created since.
    func noteListed(folders: [String]) {
        let candidates = folders.map(Self.candidate(inFolder:))
        lock.withLock {
            // Each of these folders is likely asked about next: room for all at once, rather
            // than the tables growing (and rehashing) step by step.
            listedAbsent.reserveCapacity(listedAbsent.count + candidates.count)
            byFolder.reserveCapacity(byFolder.count + candidates.count)
            stamps.reserveCapacity(stamps.count + candidates.count)
            listedAbsent.formUnion(candidates)
        }
    }

    /// Whether a configuration file looked at before was created, changed or deleted since;
    /// if so, everything is read again on the next question. For long-lived servers: a few
    /// `stat` calls, cheap enough to ask before every lint.
    @discardableResult
    public func reloadIfChanged() -> Bool {
        let known = lock.withLock { stamps }
        guard known.contains(where: { FileStamp(path: $0.key) != $0.value }) else { return false }
        let explicitPath = self.explicitPath
        let reread = explicitPath.map { path in Result { () throws(Configuration.Failure) in try Self.read(path) } }
        lock.withLock {
            byFolder = [:]
            listedAbsent = []
            stamps = explicitPath.map { [$0: FileStamp(path: $0)] } ?? [:]
            explicit = reread
        }
        return true
    }

    static func read(_ path: String) throws(Configuration.Failure) -> Configuration {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Configuration.Failure(path: path, line: nil, message: "cannot be read; check the path and its permissions")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Configuration.Failure(path: path, line: nil, message: "is not UTF-8 text")
        }
        return try Configuration.parse(text, path: path)
    }
}
