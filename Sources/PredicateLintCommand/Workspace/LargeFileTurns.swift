import Foundation

/// Parsing and linting a file takes about 225 bytes of memory for each byte of source (a
/// 4 MB file of predicates: 0.9 GB, measured 2026-12-03 with the release build), and a run
/// parses on every core at once: two such files together took 1.8 GB. So files over 1 MB,
/// which written code seldom reaches, take turns: one of them at a time, whatever the cores,
/// while smaller files go on beside it. After each, the memory it freed is handed back to
/// the system: the C library keeps freed memory for the thread that freed it, so the next
/// large file, on another thread, would otherwise take as much again (two 2 MB files in turn
/// peaked at 880 MB, one alone at 470 MB).
enum LargeFileTurns {
    static let threshold = 1 << 20
    private static let turn = NSLock()

    /// Runs `body` at once for a file of `bytes` bytes up to the threshold, else in its turn.
    static func run<Value>(bytes: Int, _ body: () -> Value) -> Value {
        guard bytes > threshold else { return body() }
        return turn.withLock {
            let value = body()
            releaseFreedMemory()
            return value
        }
    }

    #if canImport(Darwin)
    private static func releaseFreedMemory() { _ = malloc_zone_pressure_relief(nil, 0) }
    #else
    // `malloc_trim` is in the C library but not in Swift's Glibc module; looked up once.
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim = CLibrary.function("malloc_trim", as: Trim.self)
    private static func releaseFreedMemory() { _ = trim?(0) }
    #endif
}
