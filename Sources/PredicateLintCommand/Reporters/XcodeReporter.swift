import PredicateLintCore

extension Reporter {
    /// `path:line:column: error: message [rule-id]`: what swiftc prints, so Xcode and editors
    /// place it in the source.
    static func xcode(_ findings: [Finding]) -> String {
        findings.map { "\(Paths.onOneLine($0.path)):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) [\($0.ruleID)]\n" }
            .joined()
    }
}
