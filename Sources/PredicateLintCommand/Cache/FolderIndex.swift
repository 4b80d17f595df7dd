import PredicateLintCore

/// What a folder's listing showed beside its sources.
public struct FolderListing: Sendable, Equatable {
    public var hasConfiguration = false
    public var hasProjectMarker = false

    public init(hasConfiguration: Bool = false, hasProjectMarker: Bool = false) {
        (self.hasConfiguration, self.hasProjectMarker) = (hasConfiguration, hasProjectMarker)
    }
}

/// A folder's entries as discovery needs them, by name: the folder index keeps them, so that a
/// folder whose stamp is unchanged is not listed again.
public struct FolderEntries: Sendable, Equatable {
    public var listing = FolderListing()
    public var swiftFiles: [String] = []
    /// Subfolders, skipped ones left out.
    public var folders: [String] = []
    /// Entries whose kind the listing did not give (symbolic links, some file systems): asked
    /// about on every run, since what a link points to can change without its folder.
    public var unknown: [String] = []
    /// Swift files and folders that cannot be checked under their names, each with why; a
    /// folder with any is not kept in the index, so that they are reported on every run.
    public var unusable: [UnusableName] = []

    public struct UnusableName: Sendable, Equatable {
        /// The name as messages show it.
        public let shown: String
        public let reason: String
    }

    public init(listing: FolderListing = FolderListing(), swiftFiles: [String] = [], folders: [String] = [], unknown: [String] = []) {
        (self.listing, self.swiftFiles, self.folders, self.unknown) = (listing, swiftFiles, folders, unknown)
    }
}

/// A folder as an earlier run listed it: its stamp then (a folder's times change whenever an
/// entry is added, removed or renamed) and its entries.
public struct KnownFolder: Sendable, Equatable {
    public let stamp: FileStamp
    public let entries: FolderEntries

    public init(stamp: FileStamp, entries: FolderEntries) {
        (self.stamp, self.entries) = (stamp, entries)
    }
}

/// The folders earlier runs listed, by device and inode: a warm run takes the entries of a
/// folder whose stamp is unchanged from here instead of listing it. A line: the stamp's five
/// fields, flags (c: configuration, m: project marker), then the names of Swift files, of
/// folders and of entries of unknown kind, each list joined by `/` (which no name holds).
enum FolderIndex: CacheIndex {
    /// v2: v1 was written by builds that repaired names that are not UTF-8 into `\u{FFFD}`.
    static let fileName = "folder-index-v2.tsv"
    static let fieldCount = 9

    static func record(_ fields: [UnsafeRawBufferPointer]) -> (FileIdentity, KnownFolder)? {
        guard let stamp = StampFields.stamp(fields), fields[5].count == 2 else { return nil }
        func names(_ field: UnsafeRawBufferPointer) -> [String] {
            field.isEmpty ? [] : field.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
        }
        let listing = FolderListing(hasConfiguration: fields[5][0] == UInt8(ascii: "c"), hasProjectMarker: fields[5][1] == UInt8(ascii: "m"))
        return (stamp.identity, KnownFolder(stamp: stamp, entries: FolderEntries(
            listing: listing, swiftFiles: names(fields[6]), folders: names(fields[7]), unknown: names(fields[8]))))
    }

    /// A folder with a name that holds a tab or a line break, or that is empty, is left out:
    /// it is listed again each run.
    static func line(_ identity: FileIdentity, _ folder: KnownFolder) -> String? {
        let entries = folder.entries
        guard entries.unusable.isEmpty else { return nil }
        let lists = [entries.swiftFiles, entries.folders, entries.unknown]
        guard !lists.joined().contains(where: { $0.isEmpty || $0.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) }) else { return nil }
        let flags = (entries.listing.hasConfiguration ? "c" : "-") + (entries.listing.hasProjectMarker ? "m" : "-")
        return StampFields.line(folder.stamp) + "\t" + flags + "\t" + lists.map { $0.joined(separator: "/") }.joined(separator: "\t")
    }
}
