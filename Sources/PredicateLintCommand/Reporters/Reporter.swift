import Foundation
import PredicateLintCore

/// Everything a reporter may need besides the findings.
public struct ReportInput {
    public var findings: [Finding]
    /// The linted files by path, for excerpts and fingerprints.
    public var sources: [String: SourceFile] = [:]
    /// Paths in reports that want them relative (SARIF, GitHub, checkstyle) are made relative to it.
    public var workingDirectory: String = FileManager.default.currentDirectoryPath
    public var colorize = false

    public init(findings: [Finding], sources: [String: SourceFile] = [:],
                workingDirectory: String = FileManager.default.currentDirectoryPath, colorize: Bool = false) {
        self.findings = findings
        self.sources = sources
        self.workingDirectory = workingDirectory
        self.colorize = colorize
    }

    /// `path` relative to the working directory where it is inside it; as given otherwise.
    public func relativePath(_ path: String) -> String {
        Paths.relative(path, to: workingDirectory, base: workingDirectory) ?? path
    }
}

/// Formats findings for people or programs. Each format is one function in this folder.
public enum Reporter {
    public static func report(_ input: ReportInput, as kind: ReporterKind) -> String {
        switch kind {
        case .xcode: xcode(input.findings)
        case .json: json(input.findings)
        case .pretty: pretty(input)
        case .sarif: sarif(input)
        case .githubActions: githubActions(input)
        case .checkstyle: checkstyle(input)
        case .junit: junit(input)
        case .summary: summary(input)
        }
    }

    /// `path:line:column: error: message [rule-id]`: what swiftc prints, so Xcode and editors
    /// place it in the source.
    static func xcode(_ findings: [Finding]) -> String {
        findings.map { "\(Paths.onOneLine($0.path)):\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) [\($0.ruleID)]\n" }
            .joined()
    }

    /// `{"version": 1, "findings": [...]}` with keys in a fixed order, one finding per line.
    /// The keys and their meaning are public interface; new keys may be added, none removed or
    /// changed.
    static func json(_ findings: [Finding]) -> String {
        let entries = findings.map { finding -> JSON in
            ["file": .string(finding.path), "line": .integer(finding.line), "column": .integer(finding.column),
             "severity": .string(finding.severity.rawValue), "rule": .string(finding.ruleID), "message": .string(finding.message)]
        }
        let document: JSON = ["version": 1, "findings": .array(entries)]
        return document.serialized(.indented(inlineFrom: 2)) + "\n"
    }

    /// Text for XML attributes and content.
    static func xmlEscaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\r", "\t": result += "&#\(scalar.value);"
            // XML 1.0 has no way to write other control characters, even escaped.
            case _ where scalar.value < 0x20: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
