import Foundation
import PredicateLintCore

/// The cache's scan index (what each content scanned to) and file index (each file's stamp and
/// digest): read once however many times files are scanned, and brought up to date by a scan
/// that read files.
final class ScanIndexes: @unchecked Sendable {
    typealias Contents = [ContentDigest: Prefilter]
    typealias Files = [FileIdentity: KnownFile]

    /// One path as a scan left it: the file or why it could not be used, its stamp (with a
    /// cache), and whether its bytes were read.
    struct Scanned: Sendable {
        let result: Result<ScannedFile, InputProblem>
        let stamp: FileStamp?
        let read: Bool
    }

    private let cache: ResultCache?
    /// As last read or written.
    private var indexes: (contents: Contents, files: Files)?
    /// Held while the indexes are read, which `known()` waits on while another thread reads them.
    private let lock = NSLock()

    init(cache: ResultCache?) {
        self.cache = cache
    }

    /// Starts reading the indexes on a thread of their own.
    func startReading() {
        guard cache != nil else { return }
        ThreadPool.start { [self] in _ = known() }
    }

    /// The indexes, read on first use; empty without a cache.
    func known() -> (contents: Contents, files: Files) {
        guard let cache else { return ([:], [:]) }
        return lock.withLock {
            if let indexes { return indexes }
            // The two files are read and parsed side by side: each has a line per file.
            enum Index: Sendable { case contents(Contents), files(Files) }
            var read: (contents: Contents, files: Files) = ([:], [:])
            for index in ThreadPool.parallelMap([true, false], { $0 ? Index.contents(cache.read(ScanIndex.self)) : Index.files(cache.read(SourceFileIndex.self)) }) {
                switch index {
                case .contents(let contents): read.contents = contents
                case .files(let files): read.files = files
                }
            }
            indexes = read
            return read
        }
    }

    /// Adds what a scan read to the indexes, and stores those that changed. A file known from
    /// both indexes would be stored as it is there: only a scan that read a file can change
    /// them (a warm run over 10,000 files skips building both again). Only files settled
    /// `before` now are stamped.
    func learn(from results: [Scanned], now: Int64) {
        guard let cache, results.contains(where: \.read) else { return }
        let (known, knownFiles) = self.known()
        let limit = max(20_000, 2 * results.count)
        let files = results.compactMap { try? $0.result.get() }
        let seen = Dictionary(files.map { ($0.contentDigest, $0.prefilter) }, uniquingKeysWith: { first, _ in first })
        var contents = known
        if seen.keys.contains(where: { known[$0] == nil }) {
            contents = ResultCache.index(known, learning: seen, limit: limit)
            cache.store(contents, in: ScanIndex.self)
        }
        var read: Files = [:]
        for scanned in results {
            guard case .success(let file) = scanned.result, let stamp = scanned.stamp, stamp.isSettled(before: now) else { continue }
            read[stamp.identity] = KnownFile(stamp: stamp, digest: file.contentDigest, byteOrderMark: file.byteOrderMark)
        }
        var stamped = knownFiles
        if read.contains(where: { knownFiles[$0.key] != $0.value }) {
            stamped = ResultCache.index(knownFiles, learning: read, limit: limit)
            cache.store(stamped, in: SourceFileIndex.self)
        }
        lock.withLock { indexes = (contents, stamped) }
    }
}
