import PredicateLintCore

/// What identifies a finding across edits elsewhere in its file: the file, the rule and the
/// offending line's text with its spacing normalized; not the line number. Baselines and SARIF
/// `partialFingerprints` are built on it.
public enum Fingerprint {
    /// `" let p = #Predicate<M> {  $0.x!  } "` → `"let p = #Predicate<M> { $0.x! }"`.
    public static func normalizedLine(of finding: Finding, in source: SourceFile?) -> String {
        guard let source else { return "" }
        let bytes = Array(source.text.utf8)
        guard finding.offset <= bytes.count else { return "" }
        var start = finding.offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = finding.offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// One fingerprint per finding, unique within the report: the file (as the report shows
    /// it), the rule, the normalized line, and how many findings with those came before it.
    /// SARIF's `partialFingerprints` and Code Climate's `fingerprint` are these.
    static func perFinding(_ input: ReportInput) -> [String] {
        var occurrences: [[String]: Int] = [:]
        return input.findings.map { finding in
            let key = [input.relativePath(finding.path), finding.ruleID, normalizedLine(of: finding, in: input.sources[finding.path])]
            let occurrence = occurrences[key, default: 0]
            occurrences[key] = occurrence + 1
            return StableHash.hex(key + [String(occurrence)])
        }
    }
}
