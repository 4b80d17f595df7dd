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

extension CommandBoundaryTests {
    /// "It reads and writes files only through the workspace": no file API in `LintRun`'s files.
    @Test func lintRunCallsNoFileAPI() throws {
        let fileAPI = try Regex(#"FileManager|FileHandle|Paths\.real\(|\.load\(\)|\.loadText\(|Baseline\.read\(|OutputFile\.|FileWriter\.|FixReach\(|contentsOf|\b(open|fopen|stat|lstat|unlink|rename)\("#)
        let runFiles = try Self.commandSources().filter { $0.path.hasPrefix("LintRun") }
        #expect(runFiles.count >= 5)
        for (path, text) in runFiles {
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            #expect(!code.contains(fileAPI), "\(path) touches the file system itself")
        }
    }

    /// "The state queue never waits on indexing": no closure the language server runs on its
    /// `state` queue scans, discovers, indexes or reads a folder's configuration and project
    /// files; that happens on a worker, and a new snapshot is swapped in.
    @Test func theLanguageServersStateQueueIndexesNothing() throws {
        let source = try Self.commandSources().filter { $0.path.hasPrefix("Servers/LanguageServer") }.map(\.text).joined(separator: "\n")
        let indexing = ["indexingModels(", "planModels(", "indexModels(", "declarationsPass", ".scan(", "discoverFiles(", "CacheIndexes.read(",
                        "resolving(forFiles"]
        // Each `state.sync {`, `state.async {` or `state.asyncAfter(…) {` closure, by brace depth.
        var closures: [String] = []
        var index = source.startIndex
        while let opening = source[index...].range(of: #"state\.(sync|async|asyncAfter)[^{\n]*\{"#, options: .regularExpression) {
            var depth = 1
            var cursor = opening.upperBound
            while depth > 0, cursor < source.endIndex {
                if source[cursor] == "{" { depth += 1 } else if source[cursor] == "}" { depth -= 1 }
                cursor = source.index(after: cursor)
            }
            closures.append(String(source[opening.upperBound..<cursor]))
            index = opening.upperBound
        }
        #expect(closures.count >= 8, "the scan finds the state closures")
        for closure in closures {
            for call in indexing { #expect(!closure.contains(call), "a state closure calls \(call)") }
        }
        // And the indexing it does is on a worker.
        #expect(source.contains("indexingModels("))
    }

    /// "Nothing is indexed during the lint": the lint stage's map looks up, lints and takes
    /// trees, and never plans or indexes models.
    @Test func theLintStageIndexesNothing() throws {
        let source = try #require(Self.commandSources().first { $0.path == "LintRun.swift" }).text
        let start = try #require(source.range(of: "    func lint(_ selected:"))
        let end = try #require(source[start.upperBound...].range(of: "\n    }\n"))
        let body = source[start.lowerBound..<end.upperBound]
        #expect(body.contains("workspace.lint("), "the scan finds the lint stage")
        for call in ["indexModels(", "indexingModels(", "planModels(", "declarationsPass", ".scan("] {
            #expect(!body.contains(call), "the lint stage calls \(call)")
        }
    }
}
