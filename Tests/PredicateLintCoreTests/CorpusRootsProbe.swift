import Foundation
import Testing
@testable import PredicateLintCore

/// A probe, not a check: with `PREDICATE_LINT_ROOTS_CORPUS=DIR`, prints for each app folder in
/// DIR how its predicates' roots resolve against one index of all its files (the CLI splits
/// an app into projects; this does not), and the names that were ambiguous. It tells where
/// model-aware rules are silent on a corpus, for `docs/RealAppCorpus.md`.
@Suite struct CorpusRootsProbe {
    @Test func printHowRootsResolve() throws {
        guard let root = ProcessInfo.processInfo.environment["PREDICATE_LINT_ROOTS_CORPUS"] else { return }
        for app in try FileManager.default.contentsOfDirectory(atPath: root).sorted() {
            let paths = (FileManager.default.enumerator(atPath: "\(root)/\(app)")?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }.map { "\(root)/\(app)/\($0)" }
            let texts = paths.compactMap { path in (try? String(contentsOfFile: path, encoding: .utf8)).map { (path, $0) } }
                .filter { ParseGuard.refusal(for: $0.1) == nil }
            let index = ModelIndex(texts.map { FileDeclarations(path: $0.0, text: $0.1) },
                                   ownModules: ModelIndex.ownModules(ofPaths: texts.map(\.0)))
            var counts: [String: Int] = [:]
            var ambiguous: Set<String> = []
            for (path, text) in texts where text.contains("#Predicate") {
                for site in PredicateSiteFinder.sites(in: SourceFile(path: path, text: text).tree) {
                    guard let written = site.rootType else { counts["unstated", default: 0] += 1; continue }
                    let resolved = PredicateRoot.of(written, at: site, index: index)
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
            print("ROOTS\t\(app)\t" + counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
                  + (ambiguous.isEmpty ? "" : "\tambiguous: " + ambiguous.sorted().joined(separator: ",")))
        }
    }
}
