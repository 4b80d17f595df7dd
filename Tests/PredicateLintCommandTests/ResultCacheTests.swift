import Foundation
import Synchronization
import Testing
@testable import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

@Suite struct ResultCacheTests {
    static let model = "@Model final class Song { var title = \"\"\n var loud = false }\n"
    static let view = "let p = #Predicate<Song> { $0.title.hasPrefix(\"a\") && $0.loud }\n"

    func run(_ tree: TemporaryTree, _ extra: [String] = []) -> CommandOutput {
        Command.run(["--reporter", "json", "--cache-path", tree.path("cache")] + extra + [tree.path("App")])
    }

    @Test func aWarmRunReportsWhatAColdRunDid() throws {
        let tree = try TemporaryTree(["App/Song.swift": Self.model, "App/View.swift": Self.view])
        let cold = run(tree)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: tree.path("cache")).isEmpty)
        let warm = run(tree)
        #expect(warm == cold)
        #expect(Command.run(["--reporter", "json", "--no-cache", tree.path("App")]).standardOutput == cold.standardOutput)
    }

    @Test func cachedFindingsAreUsedAndNeverStale() throws {
        let tree = try TemporaryTree(["App/Song.swift": Self.model, "App/View.swift": Self.view])
        _ = run(tree)
        // Plant a marker in every findings entry, with a matching digest: a warm run must show
        // it (the cache is used)…
        try Self.rewriteEntries(in: tree.path("cache")) { $0.replacingOccurrences(of: "is not supported", with: "CACHED") }
        #expect(run(tree).standardOutput.contains("CACHED"))
        // …and not once what it depends on changes: the file, the configuration, the models.
        try tree.write("App/View.swift", Data((Self.view + "\n").utf8))
        #expect(!run(tree).standardOutput.contains("CACHED"))
        _ = run(tree)
        try tree.write("App/.predicate-lint.json", Data(#"{ "severity": { "has-prefix": "warning" } }"#.utf8))
        #expect(run(tree).standardOutput.contains("\"severity\": \"warning\", \"rule\": \"has-prefix\""))
        try tree.write("App/Song.swift", Data(Self.model.replacingOccurrences(of: "var loud = false", with: "var loud: Bool { true }").utf8))
        #expect(run(tree).standardOutput.contains("computed-property"))
    }

    /// A run over unchanged files knows each project's models by their digest alone; when a
    /// file's findings are not cached (pruned, say), the models are indexed then, and its
    /// model-aware findings are as a cold run's.
    @Test func deferredModelsAreIndexedWhenAFileMustBeChecked() throws {
        let computed = Self.model.replacingOccurrences(of: "var loud = false", with: "var loud: Bool { true }")
        let tree = try TemporaryTree(["App/Song.swift": computed, "App/View.swift": Self.view])
        let cold = run(tree)
        #expect(cold.standardOutput.contains("computed-property"))
        var snapshots = 0
        for entry in try FileManager.default.contentsOfDirectory(atPath: tree.path("cache")) where entry.hasSuffix(".json") {
            let text = try String(contentsOfFile: tree.path("cache/\(entry)"), encoding: .utf8)
            let payload = text.drop { $0 != "\n" }.dropFirst()
            if payload.hasPrefix("\"") { snapshots += 1 }
            if payload.contains("\"findings\"") { try FileManager.default.removeItem(atPath: tree.path("cache/\(entry)")) }
        }
        #expect(snapshots == 1, "one project, one models digest")
        #expect(run(tree) == cold)
    }

    /// What needs indexing is decided before the lint, from the cache's answers: a warm run over
    /// unchanged files indexes no project; one file whose findings are gone brings its own
    /// project's models back, and no other project's.
    @Test func onlyProjectsWithAFileTheCacheMissesAreIndexed() throws {
        let tree = try TemporaryTree(["App/Song.swift": Self.model, "App/View.swift": Self.view, "App/Package.swift": "",
                                      "Other/Song.swift": Self.model, "Other/View.swift": Self.view, "Other/Package.swift": ""])
        let roots = [tree.path("App"), tree.path("Other")]
        _ = Command.run(["--reporter", "json", "--cache-path", tree.path("cache")] + roots)
        func indexed() throws -> [String] {
            let workspace = try Workspace(roots: roots, settings: .init(cache: ResultCache(directory: tree.path("cache"))))
            let run = LintRun(options: LintOptions(paths: roots), environment: .current)
            let files = workspace.scan(workspace.discoverFiles().files).files
            let (resolved, selected) = run.select(files, workspace)
            let plan = resolved.planModels(of: files, sharing: [])
            let (models, _) = run.indexModels(plan, for: selected, cached: run.cachedResults(of: selected, plan, resolved), resolved)
            #expect(Set(models.digests.keys) == Set(plan.byProject.keys), "every project's digest is known")
            return models.indexed.keys.map { URL(fileURLWithPath: $0.folder).lastPathComponent }.sorted()
        }
        #expect(try indexed() == [])
        let viewFindings = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache")).filter { entry in
            entry.hasSuffix(".json") && (try? String(contentsOfFile: tree.path("cache/\(entry)"), encoding: .utf8))?.contains("has-prefix") == true
        }
        #expect(viewFindings.count == 2)
        try FileManager.default.removeItem(atPath: tree.path("cache/\(viewFindings[0])"))
        #expect(try indexed().count == 1)
    }

    /// Rewrites the payload of every findings entry and states its new digest, as a genuine
    /// entry would.
    static func rewriteEntries(in folder: String, _ change: (String) -> String) throws {
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder) where entry.hasSuffix(".json") {
            let path = "\(folder)/\(entry)"
            let text = try String(contentsOfFile: path, encoding: .utf8)
            guard let newline = text.firstIndex(of: "\n"), text.contains("has-prefix") else { continue }
            let payload = change(String(text[text.index(after: newline)...]))
            try (SHA256.digest(payload).description + "\n" + payload).write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// A well-formed entry whose payload was changed without its digest is not believed.
    @Test func anEntryThatDoesNotMatchItsDigestIsIgnored() throws {
        let tree = try TemporaryTree(["App/Song.swift": Self.model, "App/View.swift": Self.view])
        let cold = run(tree)
        for entry in try FileManager.default.contentsOfDirectory(atPath: tree.path("cache")) where entry.hasSuffix(".json") {
            let path = tree.path("cache/\(entry)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try text.replacingOccurrences(of: #""findings":[{"#, with: #""findings":[],"gone":[{"#)
                .replacingOccurrences(of: "is not supported", with: "FORGED").write(toFile: path, atomically: true, encoding: .utf8)
        }
        let warm = run(tree)
        #expect(warm == cold)
        #expect(!warm.standardOutput.contains("FORGED"))
    }

    /// Findings are stored under the bytes that were linted, not those first scanned: a file
    /// edited between the two steps cannot leave its old content with the new one's result.
    @Test func findingsAreKeptUnderTheBytesThatWereLinted() throws {
        let broken = Self.view
        let clean = "let p = #Predicate<Song> { $0.title.starts(with: \"a\") && $0.loud }\n"
        #expect(clean.utf8.count != broken.utf8.count || clean != broken)
        let tree = try TemporaryTree(["App/Song.swift": Self.model, "App/View.swift": broken])
        var workspace = try Workspace(roots: [tree.path("App")], settings: .init(cache: ResultCache(directory: tree.path("cache"))))
        let files = workspace.scanAsARun([tree.path("App/Song.swift"), tree.path("App/View.swift")]).files
        workspace = workspace.indexingModels(of: files)
        let view = try #require(files.first { $0.path.hasSuffix("View.swift") })
        try tree.write("App/View.swift", Data(clean.utf8))
        let linter = try #require(workspace.linter(for: view.path))
        #expect(workspace.lint(view, with: linter, models: workspace.models(for: view.path), keepingSource: false).findings.isEmpty)
        try tree.write("App/View.swift", Data(broken.utf8))
        #expect(run(tree).standardOutput.contains("has-prefix"))
    }

    /// A warm run takes a file's digest from its stamp without reading it; a file written since
    /// (even to the same size) is read again, and one written too recently to tell is never
    /// taken on trust.
    @Test func unchangedFilesAreKnownByTheirStampAndChangedOnesAreRead() throws {
        let tree = try TemporaryTree(["App/Song.swift": Self.model, "App/View.swift": Self.view])
        let cache = ResultCache(directory: tree.path("cache"))
        let workspace = try Workspace(roots: [tree.path("App")], settings: .init(cache: cache))
        let paths = [tree.path("App/Song.swift"), tree.path("App/View.swift")]
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
        _ = workspace.scanAsARun(paths, now: now)
        #expect(cache.read(SourceFileIndex.self).isEmpty, "files written a moment ago are not settled")
        let later = now + 10_000_000_000
        let first = workspace.scanAsARun(paths, now: later).files
        let known = cache.read(SourceFileIndex.self)
        #expect(known.count == 2)
        let viewStamp = try #require(FileStamp(path: paths[1]))
        #expect(known[viewStamp.identity]?.digest == SHA256.digest(Self.view))
        #expect(known[viewStamp.identity]?.stamp == viewStamp)
        // Known again from the index: the same digests and prefilters.
        let again = workspace.scanAsARun(paths, now: later).files
        #expect(again.map(\.contentDigest) == first.map(\.contentDigest))
        #expect(again.map(\.prefilter.rootNames) == first.map(\.prefilter.rootNames))
        // Rewritten in place to the same size: its change time moves (past the clock's step).
        let edited = Self.view.replacingOccurrences(of: "has", with: "had")
        #expect(edited.utf8.count == Self.view.utf8.count && edited != Self.view)
        usleep(50_000)
        let handle = try #require(FileHandle(forWritingAtPath: paths[1]))
        handle.write(Data(edited.utf8))
        try handle.close()
        let changed = workspace.scanAsARun(paths, now: later + 1).files
        #expect(changed.first { $0.path == paths[1] }?.contentDigest == SHA256.digest(edited))
    }

    /// Files are known by device and inode: the same file reached by another path (relative,
    /// from another folder) is known from the index, not read.
    @Test func theFileIndexKnowsFilesWhateverPathReachesThem() throws {
        let tree = try TemporaryTree(["App/View.swift": Self.view])
        let cache = ResultCache(directory: tree.path("cache"))
        let absolute = tree.path("App/View.swift")
        let later = FileStamp.now() + 10_000_000_000
        _ = try Workspace(roots: [tree.path("App")], settings: .init(cache: cache)).scanAsARun([absolute], now: later)
        let stamp = try #require(FileStamp(path: absolute))
        let known = try #require(cache.read(SourceFileIndex.self)[stamp.identity])
        #expect(cache.read(SourceFileIndex.self).count == 1 && known.digest == SHA256.digest(Self.view))
        // The index says another content for it: a run that takes the file from the index
        // reports that content's digest, one that reads it reports the real one.
        let other = SHA256.digest("another content")
        cache.store([stamp.identity: KnownFile(stamp: stamp, digest: other, byteOrderMark: false)], in: SourceFileIndex.self)
        cache.store([other: Prefilter()], in: ScanIndex.self)
        // The same file, reached from the working directory (tests cannot change it).
        let up = FileManager.default.currentDirectoryPath.split(separator: "/").map { _ in ".." }
        let relative = (up + absolute.split(separator: "/").map(String.init)).joined(separator: "/")
        let again = try Workspace(roots: [tree.path("App")], settings: .init(cache: cache)).scanAsARun([relative], now: later)
        #expect(again.files.map(\.path) == [relative])
        #expect(again.files.map(\.contentDigest) == [other])
    }

    /// A folder whose stamp is as an earlier run saw it is not listed again: its entries come
    /// from the folder index. One whose entries changed since (a file added) is listed afresh,
    /// and one changed too recently to tell is never learned.
    @Test func unchangedFoldersAreKnownByTheirStampAndChangedOnesAreListed() throws {
        let tree = try TemporaryTree(["App/Sources/View.swift": Self.view, "App/App.xcodeproj/project.pbxproj": "", "cache/.keep": ""])
        let cache = ResultCache(directory: tree.path("cache"))
        let later = FileStamp.now() + 10_000_000_000
        func discover(now: Int64 = later) throws -> FileDiscovery.Result {
            let workspace = try Workspace(roots: [tree.path("App")], settings: .init(cache: cache, now: { now }))
            return workspace.discoverAsARun()
        }
        _ = try discover(now: FileStamp.now())
        #expect(cache.read(FolderIndex.self).isEmpty, "folders written a moment ago are not settled")
        #expect(try discover().files == [tree.path("App/Sources/View.swift")])
        let sources = try #require(FileStamp(path: tree.path("App/Sources")))
        let app = try #require(FileStamp(path: tree.path("App")))
        #expect(cache.read(FolderIndex.self)[sources.identity]?.entries.swiftFiles == ["View.swift"])
        #expect(cache.read(FolderIndex.self)[app.identity]?.entries.listing.hasProjectMarker == true)
        // What the index says of an unchanged folder is what a later run finds there.
        var index = cache.read(FolderIndex.self)
        index[sources.identity] = KnownFolder(stamp: sources, entries: FolderEntries(swiftFiles: ["View.swift", "Ghost.swift"]))
        cache.store(index, in: FolderIndex.self)
        #expect(try discover().files == [tree.path("App/Sources/Ghost.swift"), tree.path("App/Sources/View.swift")])
        // A file added changes the folder's stamp: listed again.
        usleep(50_000)
        try tree.write("App/Sources/Added.swift", Data(Self.view.utf8))
        #expect(try discover().files == [tree.path("App/Sources/Added.swift"), tree.path("App/Sources/View.swift")])
    }

    @Test func theFolderIndexReadsBackWhatItWrote() throws {
        let tree = try TemporaryTree(["cache/.keep": ""])
        let cache = ResultCache(directory: tree.path("cache"))
        let stamp = FileStamp(device: UInt64.max, inode: 7, size: 4_096, modified: 1_796_090_784_162_623_741, changed: Int64.max)
        let plain = FileStamp(device: 1, inode: 2, size: 0, modified: -1, changed: 0)
        let folders = [
            stamp.identity: KnownFolder(stamp: stamp, entries: FolderEntries(
                listing: .init(hasConfiguration: true, hasProjectMarker: false),
                swiftFiles: ["A.swift", "é b.swift"], folders: ["Views", ".hidden"], unknown: ["link.swift"])),
            plain.identity: KnownFolder(stamp: plain, entries: FolderEntries(listing: .init(hasProjectMarker: true))),
        ]
        let tabbed = FileStamp(device: 3, inode: 4, size: 0, modified: 0, changed: 0)
        cache.store(folders.merging([tabbed.identity: KnownFolder(
            stamp: tabbed, entries: FolderEntries(swiftFiles: ["tab\there.swift"]))]) { first, _ in first }, in: FolderIndex.self)
        #expect(cache.read(FolderIndex.self) == folders)
    }

    /// A project's snapshot keys its models in the cache: any change of a path or a content
    /// changes it; the order files come in does not.
    @Test func snapshotsTellEveryPathAndContentApart() {
        func snapshot(_ files: [(String, String)], shared: [(String, String)] = [], prefilter: Bool = true) -> String {
            DeclarationsPass.snapshot(of: files.map { ScannedFile.scan(text: $1, path: $0) },
                               sharing: shared.map { ScannedFile.scan(text: $1, path: $0) }, prefilter: prefilter)
        }
        let base = [("App/A.swift", "a"), ("App/Views/B.swift", "b"), ("C.swift", "c")]
        let variants: [String] = [
            snapshot(base),
            snapshot(base, prefilter: false),
            snapshot([("App/A.swift", "a"), ("App/Views/B.swift", "b2"), ("C.swift", "c")]),
            snapshot([("App/A.swift", "a"), ("App/B.swift", "b"), ("C.swift", "c")]),
            snapshot([("App/A.swift", "a"), ("App/Views/B.swift", "b"), ("./C.swift", "c")]),
            snapshot([("App/A.swift", "a"), ("App/Views/B.swift", "b"), ("/C.swift", "c")]),
            snapshot([("App/A.swift", "a"), ("App/Views/B.swift", "b")], shared: [("C.swift", "c")]),
            snapshot([("App/A.swift", "a"), ("App/Views/B.swift", "b"), ("C.swift", "c"), ("App/Views/D.swift", "d")]),
            snapshot([("App/A.swift", "b"), ("App/Views/B.swift", "a"), ("C.swift", "c")]),
        ]
        #expect(Set(variants).count == variants.count)
        #expect(snapshot(base.reversed()) == variants[0])
    }

    /// Stamps in nanoseconds need all of a 64-bit integer: the index must read back what it wrote.
    @Test func theFileIndexReadsBackWhatItWrote() throws {
        let tree = try TemporaryTree(["cache/.keep": ""])
        let cache = ResultCache(directory: tree.path("cache"))
        let stamps = [FileStamp(device: UInt64.max, inode: 5_393_481, size: 2_861, modified: 1_796_090_784_162_623_741, changed: Int64.max),
                      FileStamp(device: 1, inode: 2, size: 0, modified: -1, changed: 0)]
        let files = [
            stamps[0].identity: KnownFile(stamp: stamps[0], digest: SHA256.digest("b"), byteOrderMark: true),
            stamps[1].identity: KnownFile(stamp: stamps[1], digest: SHA256.digest("c"), byteOrderMark: false),
        ]
        cache.store(files, in: SourceFileIndex.self)
        #expect(cache.read(SourceFileIndex.self) == files)
        cache.store(files, in: ProjectFileIndex.self)
        #expect(cache.read(ProjectFileIndex.self) == files)
    }

    /// An index is read only when its lines match the digest above them. Before, one edited
    /// digest in the file index paired a file with an earlier, clean content's cached findings,
    /// and the finding of what the file now holds disappeared.
    @Test func anEditedIndexLineIsNotTrusted() throws {
        let clean = Self.view.replacingOccurrences(of: "hasPrefix", with: "starts(with:")
            .replacingOccurrences(of: "(with:(", with: "(with: ")
        let tree = try TemporaryTree(["App/Song.swift": Self.model, "App/View.swift": clean])
        #expect(run(tree).exitCode == 0)
        try tree.write("App/View.swift", Data(Self.view.utf8))
        let cache = ResultCache(directory: tree.path("cache"))
        let workspace = try Workspace(roots: [tree.path("App")], settings: .init(cache: cache))
        let paths = [tree.path("App/Song.swift"), tree.path("App/View.swift")]
        _ = workspace.scanAsARun(paths, now: Int64(Date().timeIntervalSince1970 * 1_000_000_000) + 10_000_000_000)
        let index = "\(cache.indexFolder)/\(SourceFileIndex.fileName)"
        let text = try String(contentsOfFile: index, encoding: .utf8)
        #expect(text.contains(SHA256.digest(Self.view).description))
        try text.replacingOccurrences(of: SHA256.digest(Self.view).description, with: SHA256.digest(clean).description)
            .write(toFile: index, atomically: true, encoding: .utf8)
        #expect(cache.read(SourceFileIndex.self).isEmpty)
        #expect(run(tree).standardOutput.contains("has-prefix"))
    }

    /// A symbolic link pointed back and forth between two files while runs scan it: whatever
    /// the file index learns pairs each file's stamp with that file's own digest. Before, the
    /// stamp came from one `stat` and the bytes from a later open, so it could learn one
    /// target's stamp with the other's digest and trust it for as long as that target stayed.
    @Test func aLinkPointedElsewhereMidScanNeverPairsOneFileWithAnothersDigest() throws {
        let texts = ["A.swift": Self.view, "B.swift": Self.view.replacingOccurrences(of: "loud", with: "soft")]
        let tree = try TemporaryTree(texts.mapValues { $0 })
        let link = tree.path("App/View.swift")
        try FileManager.default.createDirectory(atPath: tree.path("App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: tree.path("A.swift"))
        let digests = try Dictionary(uniqueKeysWithValues: texts.map { name, text in
            (try #require(FileStamp(path: tree.path(name))).identity, SHA256.digest(text))
        })
        final class Flag: Sendable { let raised = Atomic<Bool>(false) }
        let stop = Flag()
        let targets = [tree.path("B.swift"), tree.path("A.swift")]
        let flipper = Thread {
            var next = 0
            while !stop.raised.load(ordering: .relaxed) {
                symlink(targets[next], link + ".new")
                rename(link + ".new", link)
                next = 1 - next
            }
        }
        flipper.start()
        defer { stop.raised.store(true, ordering: .relaxed) }
        let later = Int64(Date().timeIntervalSince1970 * 1_000_000_000) + 10_000_000_000
        let deadline = Date().addingTimeInterval(1.5)
        var scans = 0
        while Date() < deadline {
            let cache = ResultCache(directory: tree.path("cache-\(scans)"))
            let workspace = try Workspace(roots: [tree.path("App")], settings: .init(cache: cache))
            _ = workspace.scanAsARun([link], now: later)
            for (identity, file) in cache.read(SourceFileIndex.self) {
                #expect(digests[identity] == file.digest, "scan \(scans)")
            }
            scans += 1
        }
        #expect(scans > 10)
    }

    /// The folder stays bounded: the least recently used entries go first.
    @Test func theCacheIsPruned() throws {
        let tree = try TemporaryTree(["cache/.keep": ""])
        let cache = ResultCache(directory: tree.path("cache"))
        let declarations = FileDeclarations(file: SourceFile(path: "A.swift", text: "struct A {}"))
        for index in 0..<40 { cache.store(declarations, digest: SHA256.digest("file \(index)")) }
        // The first ten were used a minute later than the others.
        for index in 0..<10 {
            let name = ResultCache.name(["declarations", SHA256.digest("file \(index)").description])
            var times = [timeval(tv_sec: Int(Date().timeIntervalSince1970) + 60, tv_usec: 0), timeval(tv_sec: Int(Date().timeIntervalSince1970) + 60, tv_usec: 0)]
            utimes(tree.path("cache/\(name)"), &times)
        }
        cache.prune(limit: 20)
        let left = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache")).filter { $0.hasSuffix(".json") }
        #expect(left.count == 15)
        for index in 0..<10 { #expect(cache.declarations(digest: SHA256.digest("file \(index)")) != nil) }
    }

    /// An index names the build that wrote it: another build (another version, or a development
    /// build of this one, whose flags may mean something else) reads nothing from it and finds
    /// everything afresh, rather than skipping files on another build's word.
    @Test func anIndexIsReadOnlyByTheBuildThatWroteIt() throws {
        let tree = try TemporaryTree()
        var prefilter = Prefilter()
        prefilter.hasQuery = true
        let digest = SHA256.digest("file")
        let (buildA, buildB) = (ResultCache(directory: tree.path("cache"), identity: "build-a"), ResultCache(directory: tree.path("cache"), identity: "build-b"))
        buildA.store([digest: prefilter], in: ScanIndex.self)
        #expect(buildA.read(ScanIndex.self)[digest]?.hasQuery == true)
        #expect(buildB.read(ScanIndex.self).isEmpty)
        // Each build has a folder of its own; one copied into another's is still refused.
        #expect(buildA.indexFolder != buildB.indexFolder)
        try FileManager.default.createDirectory(atPath: buildB.indexFolder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(buildA.indexFolder)/\(ScanIndex.fileName)", toPath: "\(buildB.indexFolder)/\(ScanIndex.fileName)")
        #expect(buildB.read(ScanIndex.self).isEmpty)
        #expect(ResultCache.carriesItsDigest("\(buildA.indexFolder)/\(ScanIndex.fileName)"), "still prunable as the cache's own")
    }

    /// Indexes of an earlier format, and those of the layout before each build had a folder,
    /// are removed by pruning; the build's own, files that are no index, and files named like
    /// an earlier index that the cache did not write (a user's `scan-index-v1.tsv` in a folder
    /// named with --cache-path), are not.
    @Test func pruningRemovesIndexesOfEarlierFormats() throws {
        let lines = "1\t2\n"
        let written = SHA256.digest(Data(lines.utf8)).description + "\n" + lines
        let earlier = ["scan-index-v3.tsv", "file-index-v1.tsv", "project-file-index-v1.tsv", "folder-index-v0.tsv"]
        let kept = ["unrelated.tsv", "notes-v1.tsv"]
        let usersOwn = ["scan-index-v1.tsv": "my notes\n", "project-file-index-v0.tsv": "", "folder-index-v1.tsv": "0000\n" + lines]
        let cache = ResultCache(directory: "/nowhere")
        let ownFolder = String(cache.indexFolder.dropFirst("/nowhere/".count))
        let tree = try TemporaryTree(Dictionary(uniqueKeysWithValues: (earlier + ResultCache.indexNames + kept).map { ("cache/\($0)", written) }
                                                + usersOwn.map { ("cache/\($0.key)", $0.value) }
                                                + (earlier + ResultCache.indexNames).map { ("cache/\(ownFolder)/\($0)", written) }))
        ResultCache(directory: tree.path("cache")).prune(limit: 100)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: tree.path("cache"))) == Set(kept + [ownFolder]).union(usersOwn.keys))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: tree.path("cache/\(ownFolder)"))) == Set(ResultCache.indexNames))
    }

    /// Other builds' index folders: the three last written stay, older ones go (with nothing of
    /// the user's in them); the build's own always stays.
    @Test func pruningKeepsTheIndexesOfTheThreeLastOtherBuilds() throws {
        let lines = "1\t2\n"
        let written = SHA256.digest(Data(lines.utf8)).description + "\n" + lines
        let builds = (0..<6).map { "indexes-build\($0)" }
        let tree = try TemporaryTree(Dictionary(uniqueKeysWithValues: builds.map { ("cache/\($0)/\(ScanIndex.fileName)", written) }
                                                + [("cache/indexes-build5/mine.txt", "notes")]))
        for (age, build) in builds.enumerated() {
            var times = [timeval(tv_sec: Int(Date().timeIntervalSince1970) - 3_600 * (age + 1), tv_usec: 0),
                         timeval(tv_sec: Int(Date().timeIntervalSince1970) - 3_600 * (age + 1), tv_usec: 0)]
            utimes(tree.path("cache/\(build)"), &times)
        }
        ResultCache(directory: tree.path("cache"), identity: "build4").prune(limit: 100)
        // build4 is this build's own (the first 16 characters of its identity) however old; of
        // the others, build0–2 are the last written; build3 goes, and build5 keeps only the
        // user's file.
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: tree.path("cache")))
        #expect(left == Set(builds.prefix(3)).union(["indexes-build4", "indexes-build5"]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("cache/indexes-build5")) == ["mine.txt"])
    }

    /// `--cache-path` may name a folder that holds other files: pruning removes only what the
    /// cache writes (entries, its own temporary files, its earlier indexes), however old or
    /// many the others are.
    @Test func pruningLeavesWhatTheCacheDidNotWrite() throws {
        let foreign = ["notes.json", "a.json", String(repeating: "A", count: 64) + ".json", String(repeating: "0", count: 63) + ".json",
                       String(repeating: "0", count: 64) + ".json",
                       ".old.tmp", ".notes.json.tmp", ".\(String(repeating: "0", count: 64)).json.tmp", "report.tsv", "file-index-vacation.tsv",
                       "scan-index-v3.tsv.bak", "folder-index-v.tsv"]
        let tree = try TemporaryTree(Dictionary(uniqueKeysWithValues: foreign.map { ("cache/\($0)", "x") }))
        let cache = ResultCache(directory: tree.path("cache"))
        let declarations = FileDeclarations(file: SourceFile(path: "A.swift", text: "struct A {}"))
        for index in 0..<8 { cache.store(declarations, digest: SHA256.digest("file \(index)")) }
        let ours = ".\(ResultCache.name(["x"])).\(UUID().uuidString).tmp"
        let oursIndex = ".\(SourceFileIndex.fileName).\(UUID().uuidString).tmp"
        for name in [ours, oursIndex] { try Data().write(to: URL(fileURLWithPath: tree.path("cache/\(name)"))) }
        // Everything a day old, so that age alone would let any of it go.
        let dayAgo = [timeval(tv_sec: Int(Date().timeIntervalSince1970) - 86_400, tv_usec: 0),
                      timeval(tv_sec: Int(Date().timeIntervalSince1970) - 86_400, tv_usec: 0)]
        for name in try FileManager.default.contentsOfDirectory(atPath: tree.path("cache")) {
            var times = dayAgo
            utimes(tree.path("cache/\(name)"), &times)
        }
        // The user's file named like an entry is the newest: it must not take an entry's place.
        utime(tree.path("cache/" + String(repeating: "0", count: 64) + ".json"), nil)
        cache.prune(limit: 4)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: tree.path("cache")))
        #expect(left.isSuperset(of: foreign))
        #expect(!left.contains(ours) && !left.contains(oursIndex))
        #expect(left.subtracting(foreign).count == 3, "three quarters of the limit of the cache's own entries: \(left.subtracting(foreign))")
    }

    @Test func aCorruptOrForeignCacheIsIgnored() throws {
        let tree = try TemporaryTree(["App/Song.swift": Self.model, "App/View.swift": Self.view])
        let cold = run(tree)
        let indexFolder = ResultCache(directory: tree.path("cache")).indexFolder
        let entries = try FileManager.default.contentsOfDirectory(atPath: tree.path("cache")).map { tree.path("cache/\($0)") }
            .filter { $0 != indexFolder } + FileManager.default.contentsOfDirectory(atPath: indexFolder).map { "\(indexFolder)/\($0)" }
        #expect(entries.contains { $0.hasSuffix(".json") } && entries.contains { $0.hasSuffix(ScanIndex.fileName) })
        for entry in entries {
            try Data([0xFF, 0x00, 0x7B]).write(to: URL(fileURLWithPath: entry))
        }
        try tree.write("cache/unrelated.json", Data("{\"hello\": 1}".utf8))
        #expect(run(tree) == cold)
    }

    @Test func anUnusableCacheFolderIsNotFatal() throws {
        let tree = try TemporaryTree(["App/View.swift": Self.view, "blocker": "a file, not a folder"])
        let output = Command.run(["--cache-path", tree.path("blocker/cache"), tree.path("App")])
        #expect(output.exitCode == 1)
        #expect(output.standardOutput.contains("[has-prefix]"))
    }

    @Test func theDefaultCacheFollowsTheUsersFolders() {
        #expect(ResultCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x"]) == "/x/predicate-lint")
        #expect(ResultCache.defaultDirectory(environment: ["HOME": "/home/u"])?.hasPrefix("/home/u/") == true)
        #expect(ResultCache.defaultDirectory(environment: [:]) == nil)
    }
}

/// A cached finding is keyed by the configuration through SHA-256, as by everything else: a
/// 64-bit digest there would let two crafted configurations share their findings.
@Suite struct ConfigurationDigestTests {
    @Test func theConfigurationIsKeyedBySHA256OfAllThatChangesAFinding() throws {
        let plain = try Configuration.parse(#"{"disabled_rules": ["has-prefix"]}"#, path: "/a/.predicate-lint.json")
        let other = try Configuration.parse(#"{"disabled_rules": ["force-unwrap"]}"#, path: "/a/.predicate-lint.json")
        let target = DeploymentTarget.swiftDataMinimum
        let selected = SelectedLinter(configuration: plain, enableAllRules: false, deploymentTarget: target)
        #expect(selected.configurationDigest == SHA256.digest([plain.effectiveJSON(), selected.linter.deploymentTarget.description]).description)
        #expect(selected.configurationDigest != SelectedLinter(configuration: other, enableAllRules: false, deploymentTarget: target).configurationDigest)
        #expect(selected.configurationDigest != SelectedLinter(configuration: plain, enableAllRules: true, deploymentTarget: target).configurationDigest)
    }
}

extension Workspace {
    /// A scan as a run makes it: the cache's indexes read, the files scanned, what the scan
    /// learned written.
    func scanAsARun(_ paths: [String], now: Int64? = nil) -> Workspace.Scan {
        let indexes = CacheIndexes.read(from: settings.cache)
        let scan = scan(paths, indexes: indexes, now: now)
        indexes.write(scan.learned, to: settings.cache)
        return scan
    }

    /// Discovery as a run makes it, with the folder index read before and written after.
    func discoverAsARun() -> FileDiscovery.Result {
        let indexes = CacheIndexes.read(from: settings.cache)
        let discovery = discoverFiles(indexes: indexes)
        var learned = CacheIndexes.Learned()
        (learned.folders, learned.foldersListed) = (discovery.freshFolders, discovery.listedFolders.count)
        indexes.write(learned, to: settings.cache)
        return discovery
    }
}
