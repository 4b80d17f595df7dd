import PredicateLintCore
import SwiftDiagnostics
import SwiftSyntax

extension Reporter {
    /// swiftc-style: the location line, then the source around the finding with a marker under
    /// the token, from SwiftDiagnostics' formatter.
    static func pretty(_ input: ReportInput) -> String {
        input.findings.map { finding in
            let shownPath = Paths.onOneLine(finding.path)
            let header = "\(shownPath):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
                + "\(finding.message) [\(finding.ruleID)]\n"
            guard let source = input.sources[finding.path],
                  let token = source.tree.token(at: AbsolutePosition(utf8Offset: finding.offset)) else { return header }
            let diagnostic = Diagnostic(node: token, message: FindingMessage(finding: finding))
            let excerpt = DiagnosticsFormatter.annotatedSource(
                tree: source.tree, diags: [diagnostic], contextSize: 1, colorize: input.colorize)
            let coloredHeader = input.colorize
                ? "\u{1B}[1m\(shownPath):\(finding.line):\(finding.column): "
                    + (finding.severity == .error ? "\u{1B}[1;31merror" : "\u{1B}[1;33mwarning")
                    + "\u{1B}[0;1m: \(finding.message) [\(finding.ruleID)]\u{1B}[0m\n"
                : header
            return coloredHeader + excerpt + (excerpt.hasSuffix("\n") ? "" : "\n") + "\n"
        }.joined()
    }

    private struct FindingMessage: DiagnosticMessage {
        let finding: Finding
        var message: String { finding.message }
        var diagnosticID: MessageID { MessageID(domain: "PredicateLint", id: finding.ruleID) }
        var severity: DiagnosticSeverity { finding.severity == .error ? .error : .warning }
    }
}
