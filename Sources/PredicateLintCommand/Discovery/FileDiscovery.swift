import Foundation

/// Turns the paths on the command line into the Swift files to lint.
public enum FileDiscovery {
    /// Folders that hold build products or other people's code, in the order `--help` lists them.
    public static let skippedDirectories = [".build", ".git", ".swiftpm", "DerivedData", "Pods", "Carthage"]
    private static let skipped = Set(skippedDirectories)
    /// Xcode bundles whose contents Xcode treats as data, never as sources to compile: asset
    /// catalogs, Core Data models, projects, workspaces and binary frameworks. Real apps have
    /// thousands of folders in them (a fifth of the folders of the 26-app corpus were inside
    /// asset catalogs), each otherwise listed on every run.
    public static let skippedBundleExtensions = ["xcassets", "xcdatamodeld", "xcodeproj", "xcworkspace", "xcframework"]

    /// Whether discovery leaves the folder named `name` unsearched.
    static func skipsFolder(named name: String) -> Bool {
        if skipped.contains(name) { return true }
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = name[name.utf8.index(after: dot)...]
        return skippedBundleExtensions.contains { $0 == suffix }
    }

    public struct Result {
        public var files: [String] = []
        /// Paths that could not be used, each with what to do about it.
        public var problems: [InputProblem] = []
        /// Every folder listed, and whether it held a configuration file and a project marker:
        /// what the workspace would otherwise ask the file system again, folder by folder. In
        /// the order they were walked; a folder under two of the paths given appears twice.
        public var listedFolders: [(folder: String, listing: FolderListing)] = []
        /// The folders given that were walked, and the files given by name.
        public var walkedFolders: [String] = []
        public var namedFiles: [String] = []
        /// Folders listed afresh whose stamp had settled: what a folder index should learn.
        public var freshFolders: [FileIdentity: KnownFolder] = [:]
    }

    /// A folder's entries as discovery needs them, by name: the index of earlier runs keeps
    /// them, so that a folder whose stamp is unchanged is not listed again.
    public struct FolderEntries: Sendable, Equatable {
        public var listing = FolderListing()
        public var swiftFiles: [String] = []
        /// Subfolders, skipped ones left out.
        public var folders: [String] = []
        /// Entries whose kind the listing did not give (symbolic links, some file systems):
        /// asked about on every run, since what a link points to can change without its folder.
        public var unknown: [String] = []

        public init(listing: FolderListing = FolderListing(), swiftFiles: [String] = [], folders: [String] = [], unknown: [String] = []) {
            (self.listing, self.swiftFiles, self.folders, self.unknown) = (listing, swiftFiles, folders, unknown)
        }
    }

    /// A folder as an earlier run listed it: its stamp then (a folder's times change whenever
    /// an entry is added, removed or renamed) and its entries.
    public struct KnownFolder: Sendable, Equatable {
        public let stamp: FileStamp
        public let entries: FolderEntries

        public init(stamp: FileStamp, entries: FolderEntries) {
            (self.stamp, self.entries) = (stamp, entries)
        }
    }

    public struct FolderListing: Sendable, Equatable {
        public var hasConfiguration = false
        public var hasProjectMarker = false

        public init(hasConfiguration: Bool = false, hasProjectMarker: Bool = false) {
            (self.hasConfiguration, self.hasProjectMarker) = (hasConfiguration, hasProjectMarker)
        }
    }

    /// `known`: folders earlier runs listed (a cache's folder index); one whose stamp is as it
    /// was then is not listed again. `now` (nanoseconds since 1970) tells which of the folders
    /// listed afresh have settled enough to be learned.
    public static func swiftFiles(in paths: [String], fileManager: FileManager = .default,
                                  known: [FileIdentity: KnownFolder] = [:], now: Int64 = FileStamp.now()) -> Result {
        var result = Result()
        // Only several paths can name a file twice (hashing every path of one large folder
        // was a tenth of discovering it).
        var seen: Set<String>? = paths.count > 1 ? [] : nil
        func add(_ file: String) {
            if seen?.insert(file).inserted ?? true { result.files.append(file) }
        }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                result.problems.append(InputProblem(path: path, message: "no such file or directory; check the path"))
                continue
            }
            if !isDirectory.boolValue {
                // A file named explicitly is linted whatever its extension: the user asked for it.
                add(path)
                result.namedFiles.append(path)
                continue
            }
            var walk = Walk(base: path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, known: known, now: now)
            result.walkedFolders.append(walk.base)
            walk.run(fileManager: fileManager)
            result.problems += walk.problems
            result.listedFolders += walk.listed
            if result.freshFolders.isEmpty { result.freshFolders = walk.fresh } else { result.freshFolders.merge(walk.fresh) { first, _ in first } }
            walk.files.sorted().forEach(add)
        }
        return result
    }

    /// One folder's entries and where they came from.
    private struct Visit: Sendable {
        let stamp: FileStamp?
        let entries: FolderEntries
        /// Temporary files of a `--fix` that was killed (never a user's file).
        let leftovers: [String]
        /// Listed now rather than known from an earlier run.
        let isFresh: Bool
    }

    /// The walk below one folder given on the command line.
    private struct Walk {
        let base: String
        let known: [FileIdentity: KnownFolder]
        let now: Int64
        var files: [String] = []
        var problems: [InputProblem] = []
        var listed: [(folder: String, listing: FolderListing)] = []
        var fresh: [FileIdentity: KnownFolder] = [:]

        init(base: String, known: [FileIdentity: KnownFolder], now: Int64) {
            (self.base, self.known, self.now) = (base, known, now)
        }

        func path(of name: String, in folder: String) -> String {
            folder == "." && base == "." ? name : "\(folder)/\(name)"
        }

        mutating func run(fileManager: FileManager) {
            var pending: [String] = []
            var level = [base]
            var visited: Set<FileIdentity> = []
            // Level by level, each level's folders stamped, and listed where they changed, on
            // all cores: these are system calls, which the kernel runs in parallel. What the
            // listings say is taken in order.
            let known = self.known
            let visit: @Sendable (String) -> Visit? = { FileDiscovery.visit($0, known: known) }
            while !level.isEmpty {
                let visits = level.count < 16 ? level.map(visit) : ThreadPool.parallelMap(level, visit)
                for (current, visit) in zip(level, visits) {
                    guard let visit else {
                        problems.append(InputProblem(path: current, message: "cannot list this directory; check its permissions"))
                        continue
                    }
                    // A symbolic link loop would otherwise be walked forever. A folder is known by
                    // the device and inode of its stamp, whatever path (through links) reached it.
                    if let identity = visit.stamp?.identity {
                        guard visited.insert(identity).inserted else { continue }
                    }
                    let entries = visit.entries
                    listed.append((current, entries.listing))
                    files += entries.swiftFiles.map { path(of: $0, in: current) }
                    pending += entries.folders.map { path(of: $0, in: current) }
                    for leftover in visit.leftovers { try? fileManager.removeItem(atPath: path(of: leftover, in: current)) }
                    if visit.isFresh, visit.leftovers.isEmpty, let stamp = visit.stamp, stamp.isSettled(before: now) {
                        fresh[stamp.identity] = KnownFolder(stamp: stamp, entries: entries)
                    }
                    for name in entries.unknown {
                        // A symbolic link, or a file system that does not say: ask.
                        let path = path(of: name, in: current)
                        var isDirectory: ObjCBool = false
                        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                            if isSwiftFile(named: name) {
                                problems.append(InputProblem(path: path, message: "is a broken symbolic link; fix it or remove it"))
                            }
                            continue
                        }
                        if isDirectory.boolValue {
                            if !skipsFolder(named: name) { pending.append(path) }
                        } else if isSwiftFile(named: name) {
                            files.append(path)
                        }
                    }
                }
                level = pending
                pending = []
            }
        }
    }

    /// A folder's entries: as an earlier run listed them when its stamp is unchanged, else
    /// listed now. Nil when it cannot be listed.
    private static func visit(_ folder: String, known: [FileIdentity: KnownFolder]) -> Visit? {
        if !known.isEmpty, let stamp = FileStamp(path: folder), let earlier = known[stamp.identity], earlier.stamp == stamp {
            return Visit(stamp: stamp, entries: earlier.entries, leftovers: [], isFresh: false)
        }
        guard let (stamp, listing) = directoryListing(folder) else { return nil }
        var entries = FolderEntries()
        var leftovers: [String] = []
        for (name, kind) in listing {
            if name == Configuration.fileName { entries.listing.hasConfiguration = true }
            if Project.isMarker(name) { entries.listing.hasProjectMarker = true }
            switch kind {
            case .directory: if !skipsFolder(named: name) { entries.folders.append(name) }
            case .file:
                if InFlightFiles.isLeftover(name) { leftovers.append(name) } else if isSwiftFile(named: name) { entries.swiftFiles.append(name) }
            case .unknown:
                if InFlightFiles.isLeftover(name) { leftovers.append(name) } else { entries.unknown.append(name) }
            }
        }
        return Visit(stamp: stamp, entries: entries, leftovers: leftovers, isFresh: true)
    }

    /// A name ending in `.swift`, by its bytes (as compilers tell a source by its extension).
    static func isSwiftFile(named name: String) -> Bool {
        name.utf8.count >= 6 && name.utf8.reversed().starts(with: "tfiws.".utf8)
    }

    enum EntryKind { case file, directory, unknown }

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

    /// The entries of a folder with their kinds, from one `readdir` pass: no `stat` per file.
    static func directoryEntries(_ path: String) -> [(String, EntryKind)]? {
        directoryListing(path)?.entries
    }

    /// The folder's stamp (nil if the system does not say), taken from the open folder before
    /// its entries are read (a change while they are read then changes the stamp too), and
    /// its entries.
    static func directoryListing(_ path: String) -> (stamp: FileStamp?, entries: [(String, EntryKind)])? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var info = stat()
        let stamp = fstat(dirfd(stream), &info) == 0 ? FileStamp(info) : nil
        var entries: [(String, EntryKind)] = []
        while let entry = readdir(stream) {
            // The name is read where it lies: copying `d_name` as a value copies its full
            // declared size, but the C library's records can be shorter (AddressSanitizer
            // caught the overread).
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self))
            if name == "." || name == ".." { continue }
            let kind: EntryKind = switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): .directory
            case Int32(DT_REG): .file
            default: .unknown
            }
            entries.append((name, kind))
        }
        return (stamp, entries)
    }
}

/// An input the tool could not use; reported on stderr, and the run exits with 2.
public struct InputProblem: Error, Equatable, Sendable {
    public let path: String
    public var line: Int? = nil
    public let message: String

    public init(path: String, line: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "error: \(Paths.onOneLine(path))\(line.map { ":\($0)" } ?? ""): \(message)" }
}
