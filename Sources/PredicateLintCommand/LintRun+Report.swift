import Foundation
import PredicateLintCore

extension LintRun {
    // MARK: 7. Baseline

    /// `paths`: every file the run read (those with nothing to check too).
    func applyBaseline(checking paths: [String], _ workspace: Workspace, _ outcome: inout Outcome) {
        if let path = options.writeBaselinePath {
            let baseline = Baseline(findings: outcome.findings, sources: outcome.sources, baselinePath: path)
            if let failure = workspace.write(baseline.serialized(), to: path) {
                outcome.problems.append(InputProblem(path: path, message: "the baseline was not written: \(failure)"))
            }
        }
        guard let path = options.baselinePath else { return }
        switch workspace.readBaseline(path) {
        case .success(let baseline):
            // Only a file that was read and checked can have had its findings fixed.
            let unchecked = Set(outcome.problems.map(\.path))
            let checked = Set(paths.filter { !unchecked.contains($0) }.map { Baseline.relativePath($0, toFolderOf: path) })
            let (new, fixed) = baseline.filter(outcome.findings, sources: outcome.sources, baselinePath: path, checked: checked)
            outcome.notes += "\(Wording.count(outcome.findings.count - new.count, "finding")) matched the baseline\n"
            outcome.findings = new
            if options.strictBaseline && fixed > 0 {
                outcome.problems.append(InputProblem(path: path, message: "\(Wording.count(fixed, "baselined finding")) "
                    + "no longer \(fixed == 1 ? "occurs" : "occur"); rewrite it with --write-baseline so it shrinks"))
            }
        case .failure(let failure):
            outcome.problems.append(InputProblem(path: path, message: failure.message))
        }
    }

    // MARK: 8. Report

    func report(_ outcome: Outcome, _ workspace: Workspace) -> CommandOutput {
        var outcome = outcome
        var output = CommandOutput(standardOutput: outcome.standardOutput)
        if !(options.stdin && options.fix) {
            let report = Reporter.report(ReportInput(
                findings: outcome.findings, sources: outcome.sources, workingDirectory: environment.workingDirectory,
                colorize: environment.colorize(options.color), uncheckedInputs: outcome.uncheckedInputs), as: reporterKind)
            if let outputPath = options.outputPath {
                if let failure = workspace.write(report, to: outputPath) {
                    outcome.problems.append(InputProblem(path: outputPath, message: "the report was not written: \(failure)"))
                }
            } else {
                output.standardOutput += report
            }
        }
        if let stamp = options.stampPath, let failure = workspace.touch(stamp) {
            outcome.problems.append(InputProblem(path: stamp, message: "the stamp was not written: \(failure)"))
        }
        output.standardError = outcome.problems.map { $0.description + "\n" }.joined()
        if !options.quiet {
            output.standardError += outcome.notes
                // A file both unreadable and under a broken configuration is subtracted twice.
                + Self.total(findings: outcome.findings, files: max(0, outcome.filesChecked), unchecked: outcome.uncheckedInputs,
                             otherErrors: outcome.problems.count - outcome.uncheckedInputs + outcome.filesUnderBrokenConfigurations)
        }
        if !outcome.problems.isEmpty {
            output.exitCode = 2
        } else if outcome.findings.contains(where: { $0.severity == .error }) {
            output.exitCode = 1
        }
        return output
    }

    /// The total line on standard error: what was checked, what was not, and that other errors
    /// (a baseline, a report, a configuration) are listed above it.
    static func total(findings: [Finding], files: Int, unchecked: Int, otherErrors: Int) -> String {
        let errors = findings.filter { $0.severity == .error }.count
        let warnings = findings.count - errors
        let checked = Wording.count(files, "file") + " checked"
        let withFindings = Set(findings.map(\.path)).count
        var line = !findings.isEmpty
            ? "Found \(Wording.count(errors, "error")) and \(Wording.count(warnings, "warning")) in "
                + "\(Wording.count(withFindings, "file")) (\(checked))"
            : files == 0 && (unchecked > 0 || otherErrors > 0) ? "No file was checked" : "No problems found in \(checked)"
        if unchecked > 0 { line += "; \(Wording.count(unchecked, "input")) could not be checked" }
        if otherErrors > 0 { line += "; see the \(otherErrors == 1 ? "error" : "\(otherErrors) errors") above" }
        return line + "\n"
    }
}
