import Foundation
import PredicateLintCore

/// The cache's four indexes as one value (SwiftLint's `LinterCache` is the model): read once
/// when a run starts (the scan's two while discovery lists folders, which needs only the
/// folder index), passed to the stages that look things up in them, and written once when the
/// run ends, each only if the run learned a record it did not hold. Nothing else reads or
/// writes an index during a run.
public struct CacheIndexes: Sendable {
    /// Folders by device and inode: their entries, as an earlier run listed them (`FolderIndex`).
    public var folders: [FileIdentity: KnownFolder] = [:]
    /// What each content scanned to (`ScanIndex`).
    public var contents: [ContentDigest: Prefilter] = [:]
    /// Swift sources by device and inode: their stamp and digest when read (`SourceFileIndex`).
    public var files: [FileIdentity: KnownFile] = [:]
    /// Package manifests and Xcode projects read for deployment targets (`ProjectFileIndex`).
    public var projectFiles: [FileIdentity: KnownFile] = [:]

    public static let empty = CacheIndexes()

    /// The indexes, each in a file of its own.
    public enum Kind: CaseIterable, Sendable {
        case folders, contents, files, projectFiles
    }

    /// The indexes of `kinds` (all four unless given), read side by side (the large ones have a
    /// line per file or folder of a large app); the others, and all without a cache, empty.
    public static func read(from cache: ResultCache?, _ kinds: [Kind] = Kind.allCases) -> CacheIndexes {
        guard let cache else { return .empty }
        let read = ThreadPool.parallelMap(kinds) { kind -> CacheIndexes in
            var index = CacheIndexes()
            switch kind {
            case .folders: index.folders = cache.read(FolderIndex.self)
            case .contents: index.contents = cache.read(ScanIndex.self)
            case .files: index.files = cache.read(SourceFileIndex.self)
            case .projectFiles: index.projectFiles = cache.read(ProjectFileIndex.self)
            }
            return index
        }
        return read.reduce(CacheIndexes()) { $0.with($1) }
    }

    /// These indexes with those `other` holds (read apart, for kinds this one did not read).
    public func with(_ other: CacheIndexes) -> CacheIndexes {
        var both = self
        if !other.folders.isEmpty { both.folders = other.folders }
        if !other.contents.isEmpty { both.contents = other.contents }
        if !other.files.isEmpty { both.files = other.files }
        if !other.projectFiles.isEmpty { both.projectFiles = other.projectFiles }
        return both
    }

    /// What the stages of a run found that the indexes may not hold yet.
    public struct Learned: Sendable {
        public var folders: [FileIdentity: KnownFolder] = [:]
        public var contents: [ContentDigest: Prefilter] = [:]
        public var files: [FileIdentity: KnownFile] = [:]
        public var projectFiles: [FileIdentity: KnownFile] = [:]
        /// How many folders were listed and files scanned: each index keeps room for twice as
        /// many records (and 20,000 at least), so that a run never evicts its own.
        public var foldersListed = 0
        public var filesScanned = 0

        public init() {}

        public mutating func add(_ other: Learned) {
            folders.merge(other.folders) { _, new in new }
            contents.merge(other.contents) { _, new in new }
            files.merge(other.files) { _, new in new }
            projectFiles.merge(other.projectFiles) { _, new in new }
            foldersListed += other.foldersListed
            filesScanned += other.filesScanned
        }
    }

    /// Writes to `cache` each index the run learned a record for: these indexes with what it
    /// learned (`ResultCache.index`: what earlier runs saw stays, up to the limit).
    public func write(_ learned: Learned, to cache: ResultCache?) {
        guard let cache else { return }
        func learn<Key, Value: Equatable>(_ known: [Key: Value], _ found: [Key: Value], limit: Int, store: ([Key: Value]) -> Void) {
            guard found.contains(where: { known[$0.key] != $0.value }) else { return }
            store(ResultCache.index(known, learning: found, limit: limit))
        }
        let folderLimit = max(20_000, 2 * learned.foldersListed)
        let fileLimit = max(20_000, 2 * learned.filesScanned)
        learn(folders, learned.folders, limit: folderLimit) { cache.store($0, in: FolderIndex.self) }
        learn(contents, learned.contents, limit: fileLimit) { cache.store($0, in: ScanIndex.self) }
        learn(files, learned.files, limit: fileLimit) { cache.store($0, in: SourceFileIndex.self) }
        learn(projectFiles, learned.projectFiles, limit: 20_000) { cache.store($0, in: ProjectFileIndex.self) }
    }
}
