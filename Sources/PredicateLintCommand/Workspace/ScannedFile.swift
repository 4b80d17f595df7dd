import Foundation
import PredicateLintCore

/// What one read of a file's bytes learned about it: whether it can matter (its `Prefilter`),
/// the SHA-256 digest of its content, and whether it starts with a byte-order mark. Files are
/// scanned once per run; only those that matter are read again and parsed.
///
/// A class, though it never changes: a run passes tens of thousands of these between its
/// stages, and a struct copy retained each of its strings and sets one by one.
public final class ScannedFile: Sendable {
    public let path: String
    public let prefilter: Prefilter
    public let contentDigest: ContentDigest
    public let byteOrderMark: Bool
    /// How many bytes it has (for parsing the largest files one at a time: `LargeFileTurns`).
    public let byteCount: Int
    /// Set for text that cannot be read again from disk: standard input, an editor's buffer,
    /// the code a coding assistant sends.
    public let text: String?

    init(path: String, prefilter: Prefilter, contentDigest: ContentDigest, byteOrderMark: Bool, byteCount: Int, text: String?) {
        (self.path, self.prefilter, self.contentDigest, self.byteOrderMark) = (path, prefilter, contentDigest, byteOrderMark)
        (self.byteCount, self.text) = (byteCount, text)
    }

    /// A file whose content an earlier run read, known again without reading it.
    static func known(path: String, _ known: KnownFile, prefilter: Prefilter) -> ScannedFile {
        ScannedFile(path: path, prefilter: prefilter, contentDigest: known.digest, byteOrderMark: known.byteOrderMark,
                    byteCount: Int(known.stamp.size), text: nil)
    }

    /// Reads and scans a file on disk; `known` holds what earlier runs learned about contents.
    public static func scan(path: String, known: [ContentDigest: Prefilter] = [:]) -> Result<ScannedFile, InputProblem> {
        scanStamped(path: path, known: known).result
    }

    /// Reads and scans a file, with the stamp of the very file read: it is opened once, and
    /// stamped through the open descriptor before it is read, so that a symbolic link pointed
    /// elsewhere between a `stat` and the read cannot pair one file's stamp with another's
    /// bytes (and a write during the read changes the stamp, so the next run reads it again).
    static func scanStamped(path: String, known: [ContentDigest: Prefilter] = [:])
        -> (result: Result<ScannedFile, InputProblem>, stamp: FileStamp?) {
        switch read(path) {
        case .success(let (data, stamp)): return (scan(data: data, path: path, keepText: false, known: known), stamp)
        case .failure(let problem): return (.failure(InputProblem(path: path, message: problem.message)), nil)
        }
    }

    /// A file's bytes and the stamp of the descriptor they were read from. Only a regular
    /// file is read: a pipe would block the run, and a device (`/dev/zero` behind a link)
    /// never end. One larger than the parser takes is refused from its size, unread (a sparse
    /// file can claim terabytes), and so is one that grows past it while being read.
    static func read(_ path: String) -> Result<(Data, FileStamp), InputProblem> {
        let unreadable = InputProblem(path: path, message: "cannot be read; check that it exists and its permissions")
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(unreadable) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(unreadable) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(InputProblem(path: path, message: "is not a regular file (a folder, pipe or device); leave it out of the paths"))
        }
        // A byte-order mark does not count towards the limit.
        let limit = ParseGuard.maximumBytes + 3
        let tooLarge = { (bytes: Int) in InputProblem(path: path, message: ParseGuard.Refusal.tooLarge(bytes: bytes).description) }
        guard info.st_size <= limit else { return .failure(tooLarge(Int(info.st_size))) }
        var data = Data(count: max(Int(info.st_size), 0) + 1)
        var count = 0
        while true {
            if count == data.count { // it grew since it was stamped
                guard count <= limit else { return .failure(tooLarge(count)) }
                data.count *= 2
            }
            let read = data.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { return .failure(unreadable) }
            if read == 0 { break }
            count += read
        }
        data.count = count
        return .success((data, FileStamp(info)))
    }

    /// Scans text that is not on disk (or whose disk copy does not count) under `path`.
    public static func scan(text: String, path: String) -> ScannedFile {
        ScannedFile(path: path, prefilter: Prefilter(text: text), contentDigest: SHA256.digest(text), byteOrderMark: false,
                    byteCount: text.utf8.count, text: text)
    }

    public static func scan(data: Data, path: String, keepText: Bool, known: [ContentDigest: Prefilter] = [:])
        -> Result<ScannedFile, InputProblem> {
        let byteOrderMark = data.starts(with: [0xEF, 0xBB, 0xBF])
        let body = byteOrderMark ? data.dropFirst(3) : data[...]
        return body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let problem = unreadableText(bytes) { return .failure(InputProblem(path: path, message: problem)) }
            let digest = SHA256.digest(raw)
            return .success(ScannedFile(
                path: path, prefilter: known[digest] ?? Prefilter(bytes: bytes), contentDigest: digest,
                byteOrderMark: byteOrderMark, byteCount: data.count, text: keepText ? String(decoding: bytes, as: UTF8.self) : nil))
        }
    }

    /// Why bytes are not Swift source we can read, or nil. UTF-16 (with or without its
    /// byte-order mark) is mostly valid UTF-8 with a zero byte in every other place, so zero
    /// bytes, which Swift source never holds, are refused as well as malformed UTF-8.
    static func unreadableText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.contains(0) {
            return "looks like UTF-16 or binary data, not UTF-8 text; save it as UTF-8, or leave it out of the paths"
        }
        if !isASCII(bytes) && !isValidUTF8(bytes) {
            return "is not UTF-8 text; save it as UTF-8, or leave it out of the paths"
        }
        return nil
    }

    /// Whether every byte is ASCII, eight at a time: most Swift files are, and need no further
    /// UTF-8 validation.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var highBits: UInt64 = 0
        let words = raw.count / 8
        for index in 0..<words { highBits |= raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self) }
        for index in (words * 8)..<raw.count { highBits |= UInt64(raw[index]) }
        return highBits & 0x8080_8080_8080_8080 == 0
    }

    /// Whether bytes are well-formed UTF-8, without building a string from them.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// A file's text as read for linting, and the digest of exactly those bytes (which differ
    /// from the scan's when the file changed in between: results are stored under these).
    public struct Loaded: Sendable {
        public let source: SourceFile
        public let digest: ContentDigest
    }

    /// The file's text, read again (or kept), and parsed; a file that can no longer be read, or
    /// is no longer UTF-8, is a problem to report, never an empty result.
    public func load() -> Result<Loaded, InputProblem> {
        loadText().map { Loaded(source: SourceFile(path: path, text: $0.text), digest: $0.digest) }
    }

    /// The file's text, read again (or kept), not parsed, with the digest of those bytes.
    public func loadText() -> Result<(text: String, digest: ContentDigest), InputProblem> {
        if let text { return .success((text, contentDigest)) }
        let data: Data
        switch Self.read(path) {
        case .success(let (read, _)): data = read
        case .failure(let problem) where problem.message.hasPrefix("is "):
            // Replaced since the scan by a folder, a device or a file past the size limit.
            return .failure(InputProblem(path: path, message: "changed during the run and now " + problem.message))
        case .failure:
            return .failure(InputProblem(path: path, message: "could not be read again (was it removed during the run?); it was not checked"))
        }
        let body = byteOrderMark && data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        return body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if let problem = Self.unreadableText(bytes) {
                return .failure(InputProblem(path: path, message: "changed during the run and now " + problem.replacing("is not", with: "is no longer")))
            }
            return .success((String(decoding: bytes, as: UTF8.self), SHA256.digest(raw)))
        }
    }
}

/// A file or folder as the file system knows it, whatever path (through links) reached it.
public struct FileIdentity: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        (self.device, self.inode) = (device, inode)
    }
}

/// What tells, without reading a file or listing a folder, that it is as it was before (for an
/// earlier run, or a server before its last lint): the file it is (device and inode), its size,
/// and when its content and its metadata last changed. Writing a file (or adding, removing or
/// renaming a folder's entry) changes its change time, which no program can set back, so an
/// edited file never passes for the one read before; one whose times are too recent to be told
/// apart from a write in the same instant is not trusted (see `isSettled`).
public struct FileStamp: Hashable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    /// Nanoseconds since 1970.
    public let modified: Int64
    public let changed: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
        (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
    }

    /// The stamp of the file at `path` (links followed, as reading follows them), or nil.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp `stat` or `fstat` gave.
    init(_ info: stat) {
        #if canImport(Darwin)
        let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
        let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        // `dev_t` is signed on Darwin (Int32): a device number with its top bit set is kept as
        // its bits, where converting its value would trap.
        self.init(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
                  modified: Int64(modified.tv_sec) * 1_000_000_000 + Int64(modified.tv_nsec),
                  changed: Int64(changed.tv_sec) * 1_000_000_000 + Int64(changed.tv_nsec))
    }

    public var identity: FileIdentity { FileIdentity(device: device, inode: inode) }

    /// The time now, in nanoseconds since 1970 (as stamps keep it).
    @Sendable public static func now() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1_000_000_000)
    }

    /// Whether the file last changed long enough before `time` (nanoseconds since 1970) that a
    /// later write shows in its times: file systems keep times in steps (a few milliseconds,
    /// up to two seconds on FAT), and a write within the same step as the read would leave
    /// the stamp as it was. Three seconds covers every step.
    public func isSettled(before time: Int64) -> Bool {
        max(modified, changed) < time - 3_000_000_000
    }
}
