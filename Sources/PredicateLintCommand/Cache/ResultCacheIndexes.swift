import Foundation
import PredicateLintCore

/// The cache's indexes: the scan index (what each content scanned to), the file indexes (each
/// source's and project file's stamp and digest) and the folder index (each folder's stamp and
/// listing), each one tab-separated file read and written whole.
extension ResultCache {
    static let scanIndexName = "scan-index-v4.tsv"

    /// What the prefilter said about each content seen before, by its digest: a warm run then
    /// reads and digests each file but does not scan it again.
    public func scanIndex() -> [ContentDigest: Prefilter] {
        var index: [ContentDigest: Prefilter] = [:]
        // digest, flags (p m s r), extended, declared and root names; a damaged line is skipped.
        Self.forEachRecord(inFile: "\(directory)/\(Self.scanIndexName)", fields: 5) { fields in
            guard fields[1].count == 4, let digest = ContentDigest(hexBytes: fields[0]) else { return }
            var prefilter = Prefilter()
            let flags = fields[1]
            prefilter.hasQuery = flags[0] == UInt8(ascii: "p")
            prefilter.hasModel = flags[1] == UInt8(ascii: "m")
            prefilter.hasSuppression = flags[2] == UInt8(ascii: "s")
            prefilter.mayDeclareRegex = flags[3] == UInt8(ascii: "r")
            func names(_ field: UnsafeRawBufferPointer) -> Set<String> {
                field.isEmpty ? [] : Set(field.split(separator: 0x2C).map { String(decoding: $0, as: UTF8.self) })
            }
            prefilter.extendedNames = names(fields[2])
            prefilter.declaredNames = names(fields[3])
            prefilter.rootNames = names(fields[4])
            index[digest] = prefilter
        }
        return index
    }

    /// Calls `body` with the tab-separated fields of each line of an index file that has
    /// exactly `fields` of them; other lines (damaged ones) are skipped. Read as bytes: an
    /// index has a line per file of a large app.
    private static func forEachRecord(inFile path: String, fields count: Int, _ body: ([UnsafeRawBufferPointer]) -> Void) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var fields: [UnsafeRawBufferPointer] = []
            fields.reserveCapacity(count)
            var start = 0
            while start < bytes.count {
                // Lines and fields found with the C library's `memchr`, which reads a word at a
                // time: the indexes have a line per file of a large app.
                let end = memchr(base + start, 0x0A, bytes.count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? bytes.count
                fields.removeAll(keepingCapacity: true)
                var fieldStart = start
                while fields.count <= count {
                    let tab = memchr(base + fieldStart, 0x09, end - fieldStart).map { base.distance(to: UnsafeRawPointer($0)) } ?? end
                    fields.append(UnsafeRawBufferPointer(start: base + fieldStart, count: tab - fieldStart))
                    if tab == end { break }
                    fieldStart = tab + 1
                }
                if fields.count == count { body(fields) }
                start = end + 1
            }
        }
    }

    /// The five fields of a stamp as the file and folder indexes write them: device, inode,
    /// size, modified, changed.
    private static func stampFields(_ stamp: FileStamp) -> String {
        "\(Int64(bitPattern: stamp.device))\t\(Int64(bitPattern: stamp.inode))\t\(stamp.size)\t\(stamp.modified)\t\(stamp.changed)"
    }

    /// The stamp in the first five of `fields`, or nil when one is not an integer.
    private static func stamp(_ fields: [UnsafeRawBufferPointer]) -> FileStamp? {
        guard let device = integer(fields[0]), let inode = integer(fields[1]), let size = integer(fields[2]),
              let modified = integer(fields[3]), let changed = integer(fields[4]) else { return nil }
        return FileStamp(device: UInt64(bitPattern: device), inode: UInt64(bitPattern: inode), size: size,
                         modified: modified, changed: changed)
    }

    /// A decimal integer field (a leading `-` allowed), or nil.
    private static func integer(_ field: UnsafeRawBufferPointer) -> Int64? {
        let negative = field.first == UInt8(ascii: "-")
        let digits = negative ? UnsafeRawBufferPointer(rebasing: field.dropFirst()) : field
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowToo) = tens.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowToo else { return nil }
            value = sum
        }
        return negative ? -value : value
    }

    /// Replaces the index with these entries.
    public func storeScanIndex(_ index: [ContentDigest: Prefilter]) {
        var text = ""
        for (digest, prefilter) in index {
            let flags = (prefilter.hasQuery ? "p" : "-") + (prefilter.hasModel ? "m" : "-") + (prefilter.hasSuppression ? "s" : "-")
                + (prefilter.mayDeclareRegex ? "r" : "-")
            let names = [prefilter.extendedNames, prefilter.declaredNames, prefilter.rootNames]
                .map { $0.sorted().joined(separator: ",") }
            text += "\(digest)\t\(flags)\t" + names.joined(separator: "\t") + "\n"
        }
        writeData(Data(text.utf8), Self.scanIndexName)
    }

    // MARK: File indexes

    /// The files earlier runs read, in two indexes: the Swift sources a run scans (a line each,
    /// tens of thousands) and the few project files that state deployment targets (kept apart,
    /// so that learning one does not write the large index again).
    public enum FileIndex: String, Sendable {
        case sources = "file-index-v2.tsv"
        case projectFiles = "project-file-index-v2.tsv"
    }

    /// A file as an earlier run found it: its stamp when it was read, and the digest of what
    /// was read.
    public struct KnownFile: Equatable, Sendable {
        public let stamp: FileStamp
        public let digest: ContentDigest
        public let byteOrderMark: Bool

        public init(stamp: FileStamp, digest: ContentDigest, byteOrderMark: Bool) {
            (self.stamp, self.digest, self.byteOrderMark) = (stamp, digest, byteOrderMark)
        }
    }

    /// The files earlier runs read, by device and inode: a warm run takes the digest of a file
    /// whose stamp is unchanged from here instead of reading the file. Not by path: a file
    /// reached by another path (relative, through a link, from another folder) is the same
    /// file, and a number is quicker to read and to look up than a path.
    public func fileIndex(_ kind: FileIndex = .sources) -> [FileIdentity: KnownFile] {
        var index: [FileIdentity: KnownFile] = [:]
        // device, inode, size, modified, changed, digest, byte-order mark; a damaged line is skipped.
        Self.forEachRecord(inFile: "\(directory)/\(kind.rawValue)", fields: 7) { fields in
            guard let stamp = Self.stamp(fields), let digest = ContentDigest(hexBytes: fields[5]), fields[6].count == 1 else { return }
            index[stamp.identity] = KnownFile(stamp: stamp, digest: digest, byteOrderMark: fields[6][0] == UInt8(ascii: "b"))
        }
        return index
    }

    /// Replaces the index with these files.
    public func storeFileIndex(_ index: [FileIdentity: KnownFile], _ kind: FileIndex = .sources) {
        var text = ""
        for file in index.values {
            text += Self.stampFields(file.stamp) + "\t\(file.digest)\t\(file.byteOrderMark ? "b" : "-")\n"
        }
        writeData(Data(text.utf8), kind.rawValue)
    }

    // MARK: Folder index

    static let folderIndexName = "folder-index-v1.tsv"

    /// The folders earlier runs listed, by device and inode: a warm run takes the entries of a
    /// folder whose stamp is unchanged from here instead of listing it.
    public func folderIndex() -> [FileIdentity: FileDiscovery.KnownFolder] {
        var index: [FileIdentity: FileDiscovery.KnownFolder] = [:]
        // device, inode, size, modified, changed, flags (c: configuration, m: project marker),
        // then the names of Swift files, of folders and of entries of unknown kind, each list
        // joined by `/` (which no name holds); a damaged line is skipped.
        Self.forEachRecord(inFile: "\(directory)/\(Self.folderIndexName)", fields: 9) { fields in
            guard let stamp = Self.stamp(fields), fields[5].count == 2 else { return }
            func names(_ field: UnsafeRawBufferPointer) -> [String] {
                field.isEmpty ? [] : field.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                    .map { String(decoding: $0, as: UTF8.self) }
            }
            let listing = FileDiscovery.FolderListing(hasConfiguration: fields[5][0] == UInt8(ascii: "c"),
                                                      hasProjectMarker: fields[5][1] == UInt8(ascii: "m"))
            index[stamp.identity] = FileDiscovery.KnownFolder(stamp: stamp, entries: FileDiscovery.FolderEntries(
                listing: listing, swiftFiles: names(fields[6]), folders: names(fields[7]), unknown: names(fields[8])))
        }
        return index
    }

    /// Replaces the index with these folders. A folder with a name that holds a tab or a line
    /// break, or that is empty, is left out: it is listed again each run.
    public func storeFolderIndex(_ index: [FileIdentity: FileDiscovery.KnownFolder]) {
        var text = ""
        for folder in index.values {
            let entries = folder.entries
            let lists = [entries.swiftFiles, entries.folders, entries.unknown]
            guard !lists.joined().contains(where: { $0.isEmpty || $0.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) }) else { continue }
            let flags = (entries.listing.hasConfiguration ? "c" : "-") + (entries.listing.hasProjectMarker ? "m" : "-")
            text += Self.stampFields(folder.stamp) + "\t" + flags + "\t" + lists.map { $0.joined(separator: "/") }.joined(separator: "\t") + "\n"
        }
        writeData(Data(text.utf8), Self.folderIndexName)
    }

    /// What an index of the cache holds after a run: what earlier runs saw as well (a run over
    /// one app, or one file, does not make the next run over the whole tree read everything
    /// again), up to `limit` entries; past it, only this run's.
    static func index<Key, Value>(_ earlier: [Key: Value], learning now: [Key: Value], limit: Int) -> [Key: Value] {
        earlier.count + now.count <= limit ? earlier.merging(now) { _, new in new } : now
    }
}
