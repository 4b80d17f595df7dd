import Foundation
import PredicateLintCore

extension LintRun {
    // MARK: 5. Fix

    /// What fixing one file did.
    struct FileFix: Sendable {
        /// The text as it now is (or, for a dry run or standard input, would be).
        var source: SourceFile?
        var problem: InputProblem?
        var diff = ""
        var fixedCount = 0
        /// The fixer's findings for the text as it now is; nil where it refused the file.
        var remaining: [Finding]?
        /// Why the file was not even tried (it lies outside what the run may change): it is
        /// still checked as it is on disk.
        var leftAlone: String?
    }

    /// Fixes each file, writes it (or, for a dry run or standard input, only computes it), and
    /// returns the fixes by path, for the lint that reports what is left.
    func fix(_ selected: [(file: ScannedFile, linter: SelectedLinter)], models: RunModels, _ workspace: Workspace,
             _ outcome: inout Outcome) -> [String: FileFix] {
        // Where each file on disk really is, asked once: a file reached twice (directly and
        // through a symbolic link) is fixed once, and one a link leads to from outside is not.
        let realPaths = selected.map { $0.file.text == nil ? workspace.realPath($0.file.path) : nil }
        var seen: Set<String> = []
        let isFirstVisit = zip(selected, realPaths).map { entry, real in
            entry.file.text != nil || seen.insert(real ?? entry.file.path).inserted
        }
        let reach = workspace.fixReach(of: options.paths)
        let fixes = ThreadPool.parallelMap(Array(zip(selected, zip(isFirstVisit, realPaths)))) { entry, visit -> FileFix in
            let (file, selected) = entry
            guard visit.0 else { return FileFix() }
            if let real = visit.1, let refusal = reach.refusal(ofReal: real) {
                return FileFix(leftAlone: "note: \(Paths.onOneLine(file.path)): \(refusal)\n")
            }
            return LargeFileTurns.run(bytes: file.byteCount) {
                switch workspace.load(file) {
                case .success(let loaded):
                    return fix(loaded.source, byteOrderMark: file.byteOrderMark, digest: loaded.digest, workspace,
                               fixer: Fixer(linter: selected.linter), models: models.models(of: workspace.project(of: file.path)).index(for: file.path))
                case .failure(let problem):
                    return FileFix(problem: problem)
                }
            }
        }
        outcome.problems += fixes.compactMap(\.problem)
        outcome.notes += fixes.compactMap(\.leftAlone).joined()
        // An editor gives standard input and replaces its buffer with what comes back.
        outcome.standardOutput = options.stdin ? fixes.first?.source?.text ?? "" : fixes.map(\.diff).joined()
        let fixedCount = fixes.map(\.fixedCount).reduce(0, +)
        outcome.notes += "\(options.dryRun ? "Would fix" : "Fixed") \(Wording.count(fixedCount, "finding")) "
            + "in \(Wording.count(fixes.filter { $0.fixedCount > 0 }.count, "file"))\n"
        outcome.notes += Self.leftNote(fixes.flatMap { $0.remaining ?? [] }, dryRun: options.dryRun,
                                       refusedFiles: fixes.filter { $0.problem != nil && $0.leftAlone == nil }.count)
        return Dictionary(zip(selected.map(\.file.path), fixes), uniquingKeysWith: { first, _ in first })
    }

    /// What `--fix` leaves, counted by why (`UnfixedReason`): empty when nothing is left.
    /// `refusedFiles`: files not fixed at all (named in their own errors), whose findings are not counted.
    static func leftNote(_ remaining: [Finding], dryRun: Bool, refusedFiles: Int = 0) -> String {
        let refused = refusedFiles == 0 ? "" : "; the findings of \(Wording.count(refusedFiles, "file")) that could not be fixed "
            + "(named above) are not counted"
        guard !remaining.isEmpty else {
            return refusedFiles == 0 ? "" : "Not counted: the findings of \(Wording.count(refusedFiles, "file")) that could not be fixed (named above)\n"
        }
        let byReason = Dictionary(grouping: remaining, by: UnfixedReason.of)
        let parts = UnfixedReason.allCases.compactMap { reason -> String? in
            guard let findings = byReason[reason] else { return nil }
            let rules = Dictionary(grouping: findings, by: \.ruleID).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.count)" }
            return "\(findings.count) \(reason.rawValue) (\(rules.joined(separator: ", ")))"
        }
        return "\(dryRun ? "Would leave" : "Left") \(Wording.count(remaining.count, "finding")) to rewrite by hand: "
            + parts.joined(separator: "; ") + refused + "\n"
    }

    /// `digest`: of the text as read, so that a file edited meanwhile is not overwritten.
    func fix(_ source: SourceFile, byteOrderMark: Bool, digest: ContentDigest, _ workspace: Workspace,
             fixer: Fixer, models: ModelIndex) -> FileFix {
        let path = source.path
        let result = fixer.fix(source, models: models)
        if let refusal = result.refusal {
            return FileFix(source: source, problem: InputProblem(path: path, message: "was not fixed: \(refusal)"))
        }
        guard result.changed else { return FileFix(source: source, remaining: result.remaining) }
        let fixed = SourceFile(path: path, text: result.text)
        if options.dryRun || options.stdin {
            let diff = options.dryRun ? UnifiedDiff.make(old: source.text, new: result.text, path: path) : ""
            return FileFix(source: fixed, diff: diff, fixedCount: result.fixedCount, remaining: result.remaining)
        }
        do {
            try workspace.replaceContents(ofFile: path, with: result.text, byteOrderMark: byteOrderMark, expecting: digest)
            return FileFix(source: fixed, fixedCount: result.fixedCount, remaining: result.remaining)
        } catch {
            return FileFix(source: source, problem: InputProblem(path: path, message: error.message))
        }
    }
}
