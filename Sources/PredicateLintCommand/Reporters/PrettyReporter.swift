import PredicateLintCore
import SwiftDiagnostics
import SwiftSyntax

extension Reporter {
    /// swiftc-style: the location line, then the source around the finding with a marker under
    /// the token, from SwiftDiagnostics' formatter.
    static func pretty(_ input: ReportInput) -> String {
        var shownSources: [String: SourceFile] = [:]
        return input.findings.map { finding in
            let shownPath = Paths.onOneLine(finding.path)
            let header = "\(shownPath):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
                + "\(finding.message) [\(finding.ruleID)]\n"
            guard let original = input.sources[finding.path] else { return header }
            let source = shownSources[finding.path] ?? printable(original)
            shownSources[finding.path] = source
            guard let token = source.tree.token(at: AbsolutePosition(utf8Offset: finding.offset)) else { return header }
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

    /// The file as the excerpt shows it: each byte of a control character other than a line
    /// break or a tab shown as `?`, so that the terminal shows it rather than acts on it and
    /// every offset stays where it was.
    static func printable(_ source: SourceFile) -> SourceFile {
        let hidden = { (scalar: Unicode.Scalar) in Finding.isControl(scalar) && !["\n", "\r", "\t"].contains(scalar) }
        guard source.text.unicodeScalars.contains(where: hidden) else { return source }
        var text = ""
        for scalar in source.text.unicodeScalars {
            if hidden(scalar) {
                text += String(repeating: "?", count: String(scalar).utf8.count)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return SourceFile(path: source.path, text: text)
    }

    private struct FindingMessage: DiagnosticMessage {
        let finding: Finding
        var message: String { finding.message }
        var diagnosticID: MessageID { MessageID(domain: "PredicateLint", id: finding.ruleID) }
        var severity: DiagnosticSeverity { finding.severity == .error ? .error : .warning }
    }
}
