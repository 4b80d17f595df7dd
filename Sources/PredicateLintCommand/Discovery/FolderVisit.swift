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
