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

    /// `known`: folders earlier runs listed (a cache's folder index); one whose stamp is as it
    /// was then is not listed again. `now` (the workspace's clock, nanoseconds since 1970)
    /// tells which of the folders listed afresh have settled enough to be learned; without it
    /// none is (`freshFolders` stays empty). `confinedTo`: folders no symbolic link may lead
    /// out of (a server that reads only its workspace); nil to follow every link.
    public static func swiftFiles(in paths: [String], fileManager: FileManager = .default,
                                  known: [FileIdentity: KnownFolder] = [:], now: Int64? = nil,
                                  confinedTo confinement: [String]? = nil) -> Result {
        let confinement = confinement.map { $0.map { Paths.real($0) ?? Paths.absolute($0) } }
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
            var walk = Walk(base: path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path, known: known, now: now,
                            confinement: confinement)
            result.walkedFolders.append(walk.base)
            walk.run(fileManager: fileManager)
            result.problems += walk.problems
            result.listedFolders += walk.listed
            if result.freshFolders.isEmpty { result.freshFolders = walk.fresh } else { result.freshFolders.merge(walk.fresh) { first, _ in first } }
            walk.files.sorted().forEach(add)
        }
        return result
    }

    /// The walk below one folder given on the command line.
    private struct Walk {
        let base: String
        let known: [FileIdentity: KnownFolder]
        let now: Int64?
        /// Real paths no link may lead out of; nil for none.
        let confinement: [String]?
        var files: [String] = []
        var problems: [InputProblem] = []
        var listed: [(folder: String, listing: FolderListing)] = []
        var fresh: [FileIdentity: KnownFolder] = [:]

        init(base: String, known: [FileIdentity: KnownFolder], now: Int64?, confinement: [String]?) {
            (self.base, self.known, self.now, self.confinement) = (base, known, now, confinement)
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
                    for name in entries.unusable {
                        problems.append(InputProblem(path: path(of: name.shown, in: current), message: name.reason))
                    }
                    listed.append((current, entries.listing))
                    files += entries.swiftFiles.map { path(of: $0, in: current) }
                    pending += entries.folders.map { path(of: $0, in: current) }
                    for leftover in visit.leftovers { try? fileManager.removeItem(atPath: path(of: leftover, in: current)) }
                    if visit.isFresh, visit.leftovers.isEmpty, let stamp = visit.stamp, let now, stamp.isSettled(before: now) {
                        fresh[stamp.identity] = KnownFolder(stamp: stamp, entries: entries)
                    }
                    for name in entries.unknown {
                        // A symbolic link, or a file system that does not say: ask.
                        let path = path(of: name, in: current)
                        if let confinement, !confinement.contains(where: { Paths.isWithin(Paths.real(path) ?? "/", folder: $0) }) {
                            continue
                        }
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
}
