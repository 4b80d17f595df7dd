import Foundation
import PredicateLintCore

/// The declarations pass: parses, on all cores, the files that can shape each project's models
/// (model files, files declaring a predicate's root or a regex constant first; then files
/// declaring a type a model stores or adopts, or extending a model or what it adopts, until
/// nothing new turns up; with the prefilter off, every file). A project's names never pull in
/// another project's files. Declarations already in the cache are not parsed again.
struct DeclarationsPass: Sendable {
    let cache: ResultCache?
    let prefilter: Bool
    /// The project a path belongs to.
    let projectOf: @Sendable (String) -> Project
    /// The Xcode apps' folders inside a project, from the paths of its files.
    let appFoldersOf: @Sendable (Project, [String]) -> [String]

    /// The models of each project of `byProject`, and the files of `linting` this pass parsed
    /// as `lint` would, by path.
    func run(_ byProject: [Project: [ScannedFile]], sharing shared: [ScannedFile], linting: Set<String>)
        -> (models: [Project: ProjectModels], parsedForLint: [String: ParsedForLint]) {
        guard !byProject.isEmpty else { return ([:], [:]) }
        let files = byProject.values.flatMap { $0 }
        var parsedForLint: [String: ParsedForLint] = [:]
        var contributions: [Project: [String: ProjectModels.Contribution]] = [:]
        let sharedContributions = ThreadPool.parallelMap(shared) { file -> (String, ProjectModels.Contribution)? in
            if let cached = cache?.declarations(digest: file.contentDigest) {
                return (file.path, .init(contentDigest: file.contentDigest, declarations: cached))
            }
            guard case .success(let loaded) = file.loadText() else { return nil }
            let declarations = LargeFileTurns.run(bytes: loaded.text.utf8.count) { FileDeclarations(path: file.path, text: loaded.text) }
            cache?.store(declarations, digest: loaded.digest)
            return (file.path, .init(contentDigest: loaded.digest, declarations: declarations))
        }.compactMap { $0 }
        for project in byProject.keys {
            for (path, contribution) in sharedContributions { contributions[project, default: [:]][path] = contribution }
        }
        // What each project's models and predicates are about: the predicates' roots first.
        var names = byProject.mapValues { files in files.reduce(into: Set<String>()) { $0.formUnion($1.prefilter.rootNames) } }
        var extendable: [Project: Set<String>] = [:]
        for project in byProject.keys {
            for (_, contribution) in sharedContributions {
                names[project, default: []].formUnion(contribution.declarations.referencedTypeNames)
                extendable[project, default: []].formUnion(contribution.declarations.extendableTypeNames)
            }
        }
        var pending = files.filter {
            !prefilter || $0.prefilter.declaresAnything(about: names[projectOf($0.path)] ?? [], extending: [])
        }
        while !pending.isEmpty {
            let parsed = ThreadPool.parallelMap(pending) { file -> (ScannedFile, (ContentDigest, FileDeclarations)?, ParsedForLint?) in
                if let cached = cache?.declarations(digest: file.contentDigest) { return (file, (file.contentDigest, cached), nil) }
                // Unreadable now: the lint of the same file reports it.
                guard case .success(let loaded) = file.loadText() else { return (file, nil, nil) }
                let declarations: FileDeclarations
                var forLint: ParsedForLint?
                let bytes = loaded.text.utf8.count
                // A large file's tree is not kept for its lint, which parses it again in its turn.
                if linting.contains(file.path), bytes <= LargeFileTurns.threshold {
                    let parsed = ParsedForLint(path: file.path, text: loaded.text, digest: loaded.digest)
                    declarations = FileDeclarations(file: parsed.source)
                    forLint = parsed
                } else {
                    declarations = LargeFileTurns.run(bytes: bytes) { FileDeclarations(path: file.path, text: loaded.text) }
                }
                cache?.store(declarations, digest: loaded.digest)
                return (file, (loaded.digest, declarations), forLint)
            }
            for case let (file, _, forLint?) in parsed { parsedForLint[file.path] = forLint }
            for case let (file, (digest, declarations)?, _) in parsed {
                let project = projectOf(file.path)
                contributions[project, default: [:]][file.path] = .init(contentDigest: digest, declarations: declarations)
                names[project, default: []].formUnion(declarations.referencedTypeNames)
                extendable[project, default: []].formUnion(declarations.extendableTypeNames)
            }
            // Files that may declare what a model of their project stores or adopts, a root, or
            // a constant, or extend a model, and are not read yet.
            pending = byProject.flatMap { project, files in
                files.filter { file in
                    contributions[project]?[file.path] == nil
                        && file.prefilter.declaresAnything(about: names[project] ?? [], extending: extendable[project] ?? [])
                }
            }
        }
        // Which module each file is in, for projects holding SwiftPM packages.
        let manifests = ThreadPool.parallelMap(files.filter { SourceModules.isManifestPath($0.path) }) { file in
            (file.path, file.loadText().map { ProjectModels.Manifest(contentDigest: $0.digest, manifest: PackageManifest(text: $0.text)) })
        }
        var manifestsByProject: [Project: [String: ProjectModels.Manifest]] = [:]
        for case let (path, .success(manifest)) in manifests { manifestsByProject[projectOf(path), default: [:]][path] = manifest }
        let sharedPaths = Set(shared.map(\.path))
        let models = Dictionary(uniqueKeysWithValues: byProject.keys.map {
            ($0, ProjectModels(contributions: contributions[$0] ?? [:], manifests: manifestsByProject[$0] ?? [:], seenByAll: sharedPaths,
                               appFolders: appFoldersOf($0, (byProject[$0] ?? []).map(\.path))))
        })
        return (models, parsedForLint)
    }

    /// What decides a project's models: the path and content of each of its files and of the
    /// shared ones, and whether the prefilter chose what was parsed (the cache's entry names
    /// add the tool's version). Equal snapshots index to equal models.
    static func snapshot(of files: [ScannedFile], sharing shared: [ScannedFile], prefilter: Bool) -> String {
        // Asked of every file on every warm run: the bytes are laid out directly and digested
        // once. A folder is written where it changes, then each file's name and digest: half
        // the bytes of every full path.
        var bytes: [UInt8] = []
        func append(_ text: some StringProtocol) {
            bytes.append(contentsOf: "\(text.utf8.count):".utf8)
            bytes.append(contentsOf: text.utf8)
        }
        append(prefilter ? "prefiltered" : "every file")
        for (marker, list) in [("files", files), ("shared", shared)] {
            append(marker)
            var isFirst = true
            var folder: Substring?
            for (path, digest) in list.map({ ($0.path, $0.contentDigest) }).sorted(by: { $0.0 < $1.0 }) {
                // Folders are marked `/` and their path; a path without `/`, `.` alone.
                let written = Paths.writtenFolder(of: path)
                if isFirst || written != folder {
                    if let written {
                        bytes.append(UInt8(ascii: "/"))
                        append(written)
                    } else {
                        bytes.append(UInt8(ascii: "."))
                    }
                    (folder, isFirst) = (written, false)
                }
                append(written.map { path[path.utf8.index(after: $0.endIndex)...] } ?? path[...])
                for word in [digest.word0, digest.word1, digest.word2, digest.word3] {
                    for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
                }
            }
        }
        return bytes.withUnsafeBytes { SHA256.digest($0) }.description
    }
}
