import Foundation
import PredicateLintCore

/// The configuration that governs each folder, as a value: `--config` if given, else the
/// nearest `.predicate-lint.json` in the folder or above (no higher than a confining folder,
/// for a server that reads only its workspace). Built once for the folders a run knows
/// (`resolving`); a folder it does not know is looked up afresh on each question, and not kept.
public struct ConfigurationMap: Sendable {
    typealias Outcome = Result<Configuration, Configuration.Failure>

    private let explicitPath: String?
    /// The folders above which no configuration is looked for; nil for none.
    private let confinement: Set<String>?
    private var explicit: Outcome?
    private var byFolder: [String: Outcome] = [:]
    /// Every configuration path looked at, with what was there (nil: nothing): what
    /// `changedOnDisk` compares.
    private var stamps: [String: FileStamp?] = [:]

    /// Throws when an explicit configuration (`--config`) is broken: nothing can be linted.
    public init(explicitPath: String?, confinement: [String]? = nil) throws(Configuration.Failure) {
        self.explicitPath = explicitPath
        self.confinement = confinement.map { Set($0.map(Paths.absolute)) }
        if let explicitPath {
            stamps[explicitPath] = .some(FileStamp(path: explicitPath))
            explicit = .success(try Self.read(explicitPath))
        } else {
            explicit = nil
        }
    }

    public func configuration(for file: String) -> Result<Configuration, Configuration.Failure> {
        if let explicit { return explicit }
        let folder = Paths.folder(of: file)
        if let known = byFolder[folder] { return known }
        var found = Found()
        return resolve(folder, absent: [], found: &found)
    }

    /// What a resolution found beyond the map: each folder's configuration, and each
    /// configuration path looked at.
    private struct Found {
        var byFolder: [String: Outcome] = [:]
        var stamps: [String: FileStamp?] = [:]
    }

    /// This map with what `other` (built from an earlier snapshot of it) found for folders this
    /// one does not know; what this one knows stays.
    func fillingIn(from other: ConfigurationMap) -> ConfigurationMap {
        var filled = self
        filled.byFolder.merge(other.byFolder) { mine, _ in mine }
        filled.stamps.merge(other.stamps) { mine, _ in mine }
        return filled
    }

    /// Whether `folder`'s configuration was found when the map was built (or one governs all).
    func knows(folder: String) -> Bool {
        explicit != nil || byFolder[folder] != nil
    }

    /// This map with the configuration of each of `folders` found. `absent`: folders whose
    /// listing showed no configuration file, which the file system is not asked about.
    func resolving(_ folders: [String], absent: Set<String> = []) -> ConfigurationMap {
        guard explicit == nil else { return self }
        var found = Found()
        // Room for all at once, rather than the tables growing (and rehashing) step by step.
        found.byFolder.reserveCapacity(folders.count)
        found.stamps.reserveCapacity(folders.count)
        for folder in folders { _ = resolve(folder, absent: absent, found: &found) }
        var resolved = self
        resolved.byFolder.merge(found.byFolder) { _, new in new }
        resolved.stamps.merge(found.stamps) { _, new in new }
        return resolved
    }

    /// The configuration of `folder`, from its own file or its parent's answer; what is found
    /// is added to `found`.
    private func resolve(_ folder: String, absent: Set<String>, found: inout Found) -> Outcome {
        if let known = byFolder[folder] ?? found.byFolder[folder] { return known }
        let candidate = Self.candidate(inFolder: folder)
        let stamp = absent.contains(folder) ? nil : FileStamp(path: candidate)
        found.stamps[candidate] = .some(stamp)
        let result: Outcome
        if stamp != nil {
            result = Result { () throws(Configuration.Failure) in try Self.read(candidate) }
        } else if folder == "/" || !folder.hasPrefix("/") || confinement?.contains(folder) == true {
            // A folder that is not absolute (the working directory is gone) has no top to
            // stop at: its parents would be `..`, `../..`, … for ever.
            result = .success(Configuration())
        } else {
            result = resolve(Paths.folder(of: folder), absent: absent, found: &found)
        }
        found.byFolder[folder] = result
        return result
    }

    private static func candidate(inFolder folder: String) -> String {
        folder == "/" ? "/\(Configuration.fileName)" : "\(folder)/\(Configuration.fileName)"
    }

    /// Whether a configuration file looked at was created, changed or deleted since: a few
    /// `stat` calls, cheap enough for a server to ask before every lint.
    public func changedOnDisk() -> Bool {
        stamps.contains { FileStamp(path: $0.key) != $0.value }
    }

    /// The same folders resolved afresh from the disk (after `changedOnDisk`); an explicit
    /// configuration read again, broken or not.
    func reloaded() -> ConfigurationMap {
        var fresh = self
        fresh.byFolder = [:]
        fresh.stamps = [:]
        if let explicitPath {
            fresh.stamps[explicitPath] = .some(FileStamp(path: explicitPath))
            fresh.explicit = Result { () throws(Configuration.Failure) in try Self.read(explicitPath) }
            return fresh
        }
        return fresh.resolving(Array(byFolder.keys))
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
