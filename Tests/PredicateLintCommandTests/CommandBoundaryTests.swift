import Foundation
import Testing

/// What `docs/Architecture.md` says the command side's pieces may and may not do, checked on
/// their source, so that the map and the code cannot drift apart silently.
@Suite struct CommandBoundaryTests {
    /// Each Swift file under the command folder, by its path inside it, with its text.
    static func commandSources() throws -> [(path: String, text: String)] {
        try ArchitectureMapTests.sourceFiles().filter { $0.hasPrefix("PredicateLintCommand/") }.map { path in
            (String(path.dropFirst("PredicateLintCommand/".count)),
             try String(contentsOf: ArchitectureMapTests.sources.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// "Read side by side when a run starts … and written once when the run ends": only
    /// `CacheIndexes` reads or stores an index (`CacheIndex.swift` defines how).
    @Test func onlyCacheIndexesReadsOrWritesAnIndex() throws {
        let access = try Regex(#"\.(read|store)\([^\n]*\b(ScanIndex|SourceFileIndex|ProjectFileIndex|FolderIndex)\.self"#)
        let allowed: Set<String> = ["Cache/CacheIndexes.swift", "Cache/CacheIndex.swift"]
        let sources = try Self.commandSources()
        #expect(sources.contains { $0.path == "Cache/CacheIndexes.swift" && $0.text.contains(access) })
        for (path, text) in sources where !allowed.contains(path) {
            #expect(!text.contains(access), "\(path) reads or writes a cache index itself")
        }
    }
}
