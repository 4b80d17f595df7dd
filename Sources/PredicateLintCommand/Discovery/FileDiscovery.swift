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
        /// what the workspace would otherwise ask the file system again, folder by folder.
        public var listedFolders: [String: FolderListing] = [:]
    }

    public struct FolderListing: Sendable {
        public var hasConfiguration = false
        public var hasProjectMarker = false
    }

    public static func swiftFiles(in paths: [String], fileManager: FileManager = .default) -> Result {
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
                continue
            }
            var problems: [InputProblem] = []
            let found = swiftFiles(inDirectory: path, fileManager: fileManager, problems: &problems, listed: &result.listedFolders)
            result.problems += problems
            found.forEach(add)
        }
        return result
    }

    /// A name ending in `.swift`, by its bytes (as compilers tell a source by its extension).
    static func isSwiftFile(named name: String) -> Bool {
        name.utf8.count >= 6 && name.utf8.reversed().starts(with: "tfiws.".utf8)
    }

    /// What discovery needs of one folder, worked out on the thread that listed it.
    private struct FolderContents: Sendable {
        var identity: FileIdentity?
        var listing = FolderListing()
        var swiftFiles: [String] = []
        var folders: [String] = []
        /// Entries whose kind the listing did not give (symbolic links, some file systems).
        var unknown: [(name: String, path: String)] = []
        /// Temporary files of a `--fix` that was killed.
        var leftovers: [String] = []
    }

    private static func contents(of folder: String, base: String) -> FolderContents? {
        guard let (identity, entries) = directoryListing(folder) else { return nil }
        var contents = FolderContents(identity: identity)
        for (name, kind) in entries {
            if name == Configuration.fileName { contents.listing.hasConfiguration = true }
            if Project.isMarker(name) { contents.listing.hasProjectMarker = true }
            let isSwift = isSwiftFile(named: name)
            guard kind == .directory || kind == .unknown || isSwift || name.utf8.first == UInt8(ascii: ".") else { continue }
            let path = folder == "." && base == "." ? name : "\(folder)/\(name)"
            switch kind {
            case .directory: if !skipsFolder(named: name) { contents.folders.append(path) }
            case .file:
                if InFlightFiles.isLeftover(name) { contents.leftovers.append(path) } else if isSwift { contents.swiftFiles.append(path) }
            case .unknown:
                if InFlightFiles.isLeftover(name) { contents.leftovers.append(path) } else { contents.unknown.append((name, path)) }
            }
        }
        return contents
    }

    private static func swiftFiles(inDirectory directory: String, fileManager: FileManager,
                                   problems: inout [InputProblem], listed: inout [String: FolderListing]) -> [String] {
        let base = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        var files: [String] = []
        var pending: [String] = []
        var level = [base]
        var visited: Set<FileIdentity> = []
        // Level by level, each level's folders listed (and their entries sorted out) on all
        // cores: listing is system calls, which the kernel runs in parallel. What the
        // listings say is taken in order.
        while !level.isEmpty {
            let read: @Sendable (String) -> FolderContents? = { contents(of: $0, base: base) }
            let listings = level.count < 16 ? level.map(read) : ThreadPool.parallelMap(level, read)
            for (current, contents) in zip(level, listings) {
                guard let contents else {
                    problems.append(InputProblem(path: current, message: "cannot list this directory; check its permissions"))
                    continue
                }
                // A symbolic link loop would otherwise be walked forever. A folder is known by its
                // device and inode, asked of the open folder (resolving the links of its path took
                // a lookup per component).
                if let identity = contents.identity {
                    guard visited.insert(identity).inserted else { continue }
                }
                listed[current] = contents.listing
                files += contents.swiftFiles
                pending += contents.folders
                // A temporary file of a `--fix` that was killed: never a user's file.
                for leftover in contents.leftovers { try? fileManager.removeItem(atPath: leftover) }
                for (name, path) in contents.unknown {
                    // A symbolic link, or a file system that does not say: ask.
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
        return files.sorted()
    }

    enum EntryKind { case file, directory, unknown }

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19

    /// The entries of a folder with their kinds, from one `readdir` pass: no `stat` per file.
    static func directoryEntries(_ path: String) -> [(String, EntryKind)]? {
        directoryListing(path)?.entries
    }

    /// The folder's identity (nil if the system does not say) and its entries.
    static func directoryListing(_ path: String) -> (identity: FileIdentity?, entries: [(String, EntryKind)])? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var info = stat()
        let identity = fstat(dirfd(stream), &info) == 0 ? FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : nil
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
        return (identity, entries)
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
