import Foundation
import Testing
@testable import PredicateLintCore

/// A probe, not a check: with `PREDICATE_LINT_ROOTS_CORPUS=DIR`, prints for each app folder in
/// DIR how its predicates' roots resolve against one index of all its files (the CLI splits
/// an app into projects; this does not), and the names that were ambiguous; then the same
/// with each file seeing only what its SwiftPM module sees (`SourceModules`), and how many
/// files the manifests placed in a module. It tells where model-aware rules are silent on a
/// corpus, for `docs/RealAppCorpus.md`.
@Suite struct CorpusRootsProbe {
    static let corpus = ProcessInfo.processInfo.environment["PREDICATE_LINT_ROOTS_CORPUS"]

    @Test(.enabled(if: corpus != nil, "set PREDICATE_LINT_ROOTS_CORPUS=DIR to probe a corpus"))
    func printHowRootsResolve() throws {
        let root = try #require(Self.corpus)
        for app in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
            // An app may be a symbolic link to its checkout.
            let folder = URL(fileURLWithPath: "\(root)/\(app)").resolvingSymlinksInPath().path
            let paths = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
            let texts = paths.compactMap { path in (try? String(contentsOfFile: path, encoding: .utf8)).map { (path, $0) } }
                .filter { ParseGuard.refusal(for: $0.1) == nil }
            let modules = SourceModules(files: texts.filter { SourceModules.isManifestPath($0.0) }.map { SourceFile(path: $0.0, text: $0.1) })
            let indexes = ModuleScopedIndexes(files: texts.map { (path: $0.0, declarations: FileDeclarations(path: $0.0, text: $0.1)) },
                                              modules: modules)
            let placed = texts.filter { if case .module = modules.placement(of: $0.0) { true } else { false } }.count
            for byModule in [false, true] {
                printRoots(app: app, texts: texts, label: byModule ? "ROOTS-BY-MODULE" : "ROOTS",
                           extra: byModule ? "\tplaced \(placed)/\(texts.count)" : "") { byModule ? indexes.index(for: $0) : indexes.whole }
            }
        }
    }

    private func printRoots(app: String, texts: [(String, String)], label: String, extra: String, index: (String) -> ModelIndex) {
        var counts: [String: Int] = [:]
        var ambiguous: Set<String> = []
        for (path, text) in texts where text.contains("#Predicate") {
            for site in PredicateSiteFinder.sites(in: SourceFile(path: path, text: text).tree) {
                guard let written = site.rootType else { counts["unstated", default: 0] += 1; continue }
                let resolved = PredicateRoot.of(written, at: site, index: index(path))
                let kind = switch resolved {
                case .model: "model"
                case .genericModel, .genericUnknown: "generic"
                case .inMemory: "in-memory"
                case .otherModule: "other-module"
                case .ambiguous: "ambiguous"
                case .unknown: "unknown"
                }
                counts[kind, default: 0] += 1
                if resolved == .ambiguous { ambiguous.insert(written) }
            }
        }
        print("\(label)\t\(app)\t" + counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
              + (ambiguous.isEmpty ? "" : "\tambiguous: " + ambiguous.sorted().joined(separator: ",")) + extra)
    }
}
