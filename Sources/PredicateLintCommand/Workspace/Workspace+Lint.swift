import Foundation
import PredicateLintCore

/// Linting one file, and looking up what the cache holds for it.
extension Workspace {
    // MARK: Linting one file

    /// What linting one scanned file gave.
    public struct FileResult: Sendable {
        public var findings: [Finding] = []
        /// Retired rules the file's suppression comments name.
        public var retiredRules: Set<String> = []
        /// The parsed file, where the caller asked to keep it and it was parsed.
        public var source: SourceFile?
        public var problem: InputProblem?
    }

    /// What the cache holds for linting `file` with `selected` against models of this digest
    /// (`RunModels.digests`, `ProjectModels.digest`), if anything.
    public func cachedResult(of file: ScannedFile, with selected: SelectedLinter, modelsDigest: String) -> FileResult? {
        let context = Self.lintContext(selected, modelsDigest: modelsDigest)
        guard let cached = settings.cache?.lintEntry(path: file.path, digest: file.contentDigest, context: context) else { return nil }
        return FileResult(findings: cached.findings, retiredRules: Set(cached.retiredRules))
    }

    /// Lints one file with its configuration's rules against its project's `models`, and
    /// stores the result in the cache (the caller looked there first: `cachedResult`).
    /// `preparsed`: the file as the declarations pass parsed it for this (`indexModels`).
    /// `parsed` is the text to use instead of the file's (a fixed file, whose result is not
    /// stored); `known` findings for it (the fixer's last lint) are reported as they are.
    public func lint(_ file: ScannedFile, with selected: SelectedLinter, models: ProjectModels, keepingSource: Bool,
                     preparsed kept: ParsedForLint? = nil, parsed: SourceFile? = nil, known: [Finding]? = nil) -> FileResult {
        let context = Self.lintContext(selected, modelsDigest: models.digest)
        let cache = parsed == nil ? settings.cache : nil
        return LargeFileTurns.run(bytes: parsed?.text.utf8.count ?? file.byteCount) {
            lintUncached(file, with: selected, models: models, keepingSource: keepingSource, preparsed: kept, parsed: parsed, known: known,
                         context: context, cache: cache)
        }
    }

    /// What a file's cached findings depend on besides its path and bytes: the configuration
    /// and target (`SelectedLinter.configurationDigest`) and the project's models.
    private static func lintContext(_ selected: SelectedLinter, modelsDigest: String) -> String {
        "\(selected.configurationDigest)|\(modelsDigest)"
    }

    /// `lint` itself: the file read, parsed (as its outline) and linted, and the result stored.
    private func lintUncached(_ file: ScannedFile, with selected: SelectedLinter, models: ProjectModels, keepingSource: Bool,
                              preparsed kept: ParsedForLint?, parsed: SourceFile?, known: [Finding]?, context: String,
                              cache: ResultCache?) -> FileResult {
        let loaded: ParsedForLint
        if let parsed {
            loaded = ParsedForLint(source: parsed, original: nil, digest: file.contentDigest)
        } else if let kept {
            loaded = kept
        } else {
            switch file.loadText() {
            case .success(let read): loaded = ParsedForLint(path: file.path, text: read.text, digest: read.digest)
            case .failure(let problem): return FileResult(problem: problem)
            }
        }
        let source = loaded.source
        if let problem = source.problem {
            return FileResult(problem: InputProblem(path: file.path, message: problem.description))
        }
        let findings = known ?? selected.linter.lint(source, models: models.index(for: file.path))
        let retired = file.prefilter.hasSuppression ? RetiredRules.named(in: Suppressions(file: source)) : []
        cache?.store(ResultCache.LintEntry(findings: findings, retiredRules: retired.sorted()),
                     path: file.path, digest: loaded.digest, context: context)
        // Reports quote the file as written, never its outline.
        let reported = keepingSource && !findings.isEmpty ? loaded.original.map { SourceFile(path: file.path, text: $0) } ?? source : nil
        return FileResult(findings: findings, retiredRules: retired, source: reported)
    }
}
