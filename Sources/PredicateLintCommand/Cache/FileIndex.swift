import PredicateLintCore

/// A file as an earlier run found it: its stamp when it was read, and the digest of what was
/// read.
public struct KnownFile: Equatable, Sendable {
    public let stamp: FileStamp
    public let digest: ContentDigest
    public let byteOrderMark: Bool

    public init(stamp: FileStamp, digest: ContentDigest, byteOrderMark: Bool) {
        (self.stamp, self.digest, self.byteOrderMark) = (stamp, digest, byteOrderMark)
    }
}

/// The files earlier runs read, by device and inode: a warm run takes the digest of a file
/// whose stamp is unchanged from here instead of reading the file. Not by path: a file reached
/// by another path (relative, through a link, from another folder) is the same file, and a
/// number is quicker to read and to look up than a path. A line: the stamp's five fields, the
/// digest, `b` or `-` for a byte-order mark.
protocol FileIndex: CacheIndex where Key == FileIdentity, Value == KnownFile {}

extension FileIndex {
    static var fieldCount: Int { 7 }

    static func record(_ fields: [UnsafeRawBufferPointer]) -> (FileIdentity, KnownFile)? {
        guard let stamp = StampFields.stamp(fields), let digest = ContentDigest(hexBytes: fields[5]), fields[6].count == 1 else { return nil }
        return (stamp.identity, KnownFile(stamp: stamp, digest: digest, byteOrderMark: fields[6][0] == UInt8(ascii: "b")))
    }

    static func line(_ identity: FileIdentity, _ file: KnownFile) -> String? {
        StampFields.line(file.stamp) + "\t\(file.digest)\t\(file.byteOrderMark ? "b" : "-")"
    }
}

/// The Swift sources a run scans: a line each, tens of thousands.
enum SourceFileIndex: FileIndex {
    static let fileName = "file-index-v2.tsv"
}

/// The few project files that state deployment targets (manifests, Xcode projects), kept apart
/// so that learning one does not write the large index again.
enum ProjectFileIndex: FileIndex {
    static let fileName = "project-file-index-v2.tsv"
}
