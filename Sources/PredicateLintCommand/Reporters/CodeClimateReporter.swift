import PredicateLintCore

extension Reporter {
    /// Code Climate issues, as GitLab's merge-request Code Quality widget reads them
    /// (`artifacts: reports: codequality:`): a JSON array, each issue with its description,
    /// check name, a fingerprint unique in the report (GitLab shows one issue per fingerprint)
    /// that survives edits elsewhere in the file, a severity, and a relative path and line.
    static func codeClimate(_ input: ReportInput) -> String {
        let issues = zip(input.findings, Fingerprint.perFinding(input)).map { finding, fingerprint -> JSON in
            [
                "type": "issue",
                "check_name": .string(finding.ruleID),
                "description": .string(finding.message),
                "categories": ["Bug Risk"],
                "fingerprint": .string(fingerprint),
                // GitLab's scale is info, minor, major, critical, blocker; an error fails the
                // build or the app, so it ranks above a warning.
                "severity": .string(finding.severity == .error ? "major" : "minor"),
                "location": ["path": .string(input.relativePath(finding.path)), "lines": ["begin": .integer(finding.line)]],
            ]
        }
        return JSON.array(issues).serialized() + "\n"
    }
}
