import Foundation
import PredicateLintCore

/// One index of the cache: a tab-separated file read and written whole, a line per record (a
/// file or folder of a large app each), beside the entries. Each index is a small type that
/// says how a record is read from its fields and written as a line; `ResultCache.read` and
/// `store` do the rest.
protocol CacheIndex {
    associatedtype Key: Hashable
    associatedtype Value
    /// `<kind>-v<format>.tsv`: a new format gets a new name, and the old file is pruned.
    static var fileName: String { get }
    static var fieldCount: Int { get }
    /// A record from a line's fields; nil for a damaged line, which is skipped.
    static func record(_ fields: [UnsafeRawBufferPointer]) -> (Key, Value)?
    /// The line of a record, without its line break; nil for one that cannot be written (it
    /// is then found afresh on the next run).
    static func line(_ key: Key, _ value: Value) -> String?
}

extension ResultCache {
    /// The file of every index this version reads and writes.
    static let indexNames = [ScanIndex.fileName, SourceFileIndex.fileName, ProjectFileIndex.fileName, FolderIndex.fileName]

    /// The folder of this build's indexes: each build keeps its own, so that two builds used in
    /// turn (a release and a development build) do not each throw away the other's.
    var indexFolder: String { "\(directory)/\(Self.indexFolderPrefix)\(identity.prefix(16))" }

    static let indexFolderPrefix = "indexes-"

    /// The records of an index; empty when there is none.
    func read<Index: CacheIndex>(_ index: Index.Type) -> [Index.Key: Index.Value] {
        var records: [Index.Key: Index.Value] = [:]
        Self.forEachRecord(inFile: "\(indexFolder)/\(Index.fileName)", fields: Index.fieldCount, identity: identity) { fields in
            if let (key, value) = Index.record(fields) { records[key] = value }
        }
        return records
    }

    /// Replaces the index with these records, under the digest of their lines (as an entry is
    /// under its payload's): a hand-edited or damaged line would otherwise pair a file with
    /// another content's findings. The first line digested names the build that wrote it.
    func store<Index: CacheIndex>(_ records: [Index.Key: Index.Value], in index: Index.Type) {
        var text = "build \(identity)\n"
        for (key, value) in records {
            guard let line = Index.line(key, value) else { continue }
            text += line + "\n"
        }
        let lines = Data(text.utf8)
        writeData(Data((SHA256.digest(lines).description + "\n").utf8) + lines, Index.fileName, in: indexFolder)
    }

    /// What an index holds after a run: what earlier runs saw as well (a run over one app, or
    /// one file, does not make the next run over the whole tree read everything again), up to
    /// `limit` records; past it, only this run's.
    static func index<Key, Value>(_ earlier: [Key: Value], learning now: [Key: Value], limit: Int) -> [Key: Value] {
        earlier.count + now.count <= limit ? earlier.merging(now) { _, new in new } : now
    }

    /// An index of a kind this version keeps, in an earlier format (`<kind>-v<digits>.tsv`):
    /// never read again. Nothing else is taken for one.
    static func isEarlierIndex(_ name: String) -> Bool {
        !indexNames.contains(name) && indexNames.contains { current in
            guard let marker = current.range(of: "-v", options: .backwards), name.hasPrefix(current[..<marker.upperBound]),
                  name.hasSuffix(".tsv") else { return false }
            let version = name.dropFirst(current.distance(from: current.startIndex, to: marker.upperBound)).dropLast(4)
            return !version.isEmpty && version.allSatisfy(\.isASCII) && version.allSatisfy(\.isNumber)
        }
    }

    /// Calls `body` with the tab-separated fields of each line of an index file that has
    /// exactly `fields` of them, after its first line, the digest of the rest, and its second,
    /// the build that wrote it. An index whose lines do not match the digest, or that another
    /// build wrote, is not read at all (the run then finds everything afresh and writes it
    /// anew); a line without that many fields is skipped. Read as bytes: an index has a line
    /// per file of a large app.
    private static func forEachRecord(inFile path: String, fields count: Int, identity: String, _ body: ([UnsafeRawBufferPointer]) -> Void) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let builder = Array("build \(identity)\n".utf8)
        data.withUnsafeBytes { file in
            guard let newline = file.firstIndex(of: 0x0A), let stated = ContentDigest(hexBytes: UnsafeRawBufferPointer(rebasing: file[..<newline])),
                  SHA256.digest(UnsafeRawBufferPointer(rebasing: file[(newline + 1)...])) == stated,
                  file[(newline + 1)...].starts(with: builder) else { return }
            let bytes = UnsafeRawBufferPointer(rebasing: file[(newline + 1 + builder.count)...])
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
}

/// The five fields of a stamp as the file and folder indexes write them: device, inode, size,
/// modified, changed.
enum StampFields {
    static func line(_ stamp: FileStamp) -> String {
        "\(Int64(bitPattern: stamp.device))\t\(Int64(bitPattern: stamp.inode))\t\(stamp.size)\t\(stamp.modified)\t\(stamp.changed)"
    }

    /// The stamp in the first five of `fields`, or nil when one is not an integer.
    static func stamp(_ fields: [UnsafeRawBufferPointer]) -> FileStamp? {
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
}
