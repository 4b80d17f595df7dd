import Foundation

// One folder as discovery sees it: listed with one `readdir` pass, or known from an earlier
// run's folder index (`FolderIndex`, whose types these are) when its stamp is unchanged.

extension FileDiscovery {
    /// One folder's entries and where they came from.
    struct Visit: Sendable {
        let stamp: FileStamp?
        let entries: FolderEntries
        /// Temporary files of a `--fix` that was killed (never a user's file).
        let leftovers: [String]
        /// Listed now rather than known from an earlier run.
        let isFresh: Bool
    }

    /// A folder's entries: as an earlier run listed them when its stamp is unchanged, else
    /// listed now. Nil when it cannot be listed.
    static func visit(_ folder: String, known: [FileIdentity: KnownFolder]) -> Visit? {
        if !known.isEmpty, let stamp = FileStamp(path: folder), let earlier = known[stamp.identity], earlier.stamp == stamp {
            return Visit(stamp: stamp, entries: earlier.entries, leftovers: [], isFresh: false)
        }
        guard let (stamp, listing, undecodable) = directoryListing(folder) else { return nil }
        var entries = FolderEntries()
        var leftovers: [String] = []
        for (shown, kind) in undecodable where kind != .file || isSwiftFile(named: shown) {
            entries.unusable.append(.init(shown: shown, reason: "has a name that is not UTF-8 (shown with its bytes escaped), so it cannot be told "
                + "apart from other names; rename it to check it"))
        }
        let alike = namesAlikeOnceNormalized(listing)
        for (name, kind) in listing {
            if !alike.isEmpty, let other = alike[Array(name.utf8)], kind != .file || isSwiftFile(named: name) {
                entries.unusable.append(.init(shown: name, reason: "is \(Paths.escapingNonASCII(name)), the same name as \(Paths.escapingNonASCII(other)) "
                    + "once Unicode normalizes them, and files are told apart by name; rename one to check both"))
                continue
            }
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

    /// Names in one folder that differ in their bytes but not as Swift compares strings (by
    /// canonical equivalence: `café` precomposed and decomposed, `K` and the Kelvin sign),
    /// which every table keyed by path would take for one file. Each but the first in byte
    /// order, with the first. Only a folder with a name outside ASCII can have any.
    static func namesAlikeOnceNormalized(_ listing: [(String, EntryKind)]) -> [[UInt8]: String] {
        guard listing.contains(where: { !$0.0.utf8.allSatisfy { $0 < 0x80 } }) else { return [:] }
        var first: [String: String] = [:]
        // Keyed by the later name's bytes: keyed by String, it would find the first name too.
        var alike: [[UInt8]: String] = [:]
        for name in listing.map(\.0).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            if let earlier = first[name] { alike[Array(name.utf8)] = earlier } else { first[name] = name }
        }
        return alike
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
    /// its entries; apart, the names that are not UTF-8, with every byte outside ASCII
    /// escaped (a String cannot hold them, and repairing them would merge names).
    static func directoryListing(_ path: String)
        -> (stamp: FileStamp?, entries: [(String, EntryKind)], undecodable: [(shown: String, kind: EntryKind)])? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var info = stat()
        let stamp = fstat(dirfd(stream), &info) == 0 ? FileStamp(info) : nil
        var entries: [(String, EntryKind)] = []
        var undecodable: [(shown: String, kind: EntryKind)] = []
        while let entry = readdir(stream) {
            let kind: EntryKind = switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): .directory
            case Int32(DT_REG): .file
            default: .unknown
            }
            // The name is read where it lies: copying `d_name` as a value copies its full
            // declared size, but the C library's records can be shorter (AddressSanitizer
            // caught the overread).
            let bytes = UnsafeRawPointer(entry).advanced(by: Self.nameOffset).assumingMemoryBound(to: CChar.self)
            guard let name = String(validatingCString: bytes) else {
                let raw = UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: strlen(bytes))
                undecodable.append((Paths.escapingBytes(raw), kind))
                continue
            }
            if name == "." || name == ".." { continue }
            entries.append((name, kind))
        }
        return (stamp, entries, undecodable)
    }
}
