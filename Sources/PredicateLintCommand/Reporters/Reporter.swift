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
    /// Files and other inputs that could not be checked: a report that shows no findings
    /// must not read as a clean run.
    public var uncheckedInputs = 0

    public init(findings: [Finding], sources: [String: SourceFile] = [:],
                workingDirectory: String = FileManager.default.currentDirectoryPath, colorize: Bool = false, uncheckedInputs: Int = 0) {
        self.uncheckedInputs = uncheckedInputs
        self.findings = findings
        self.sources = sources
        self.workingDirectory = workingDirectory
        self.colorize = colorize
    }

    /// `path` relative to the working directory where it is inside it; as given otherwise.
    public func relativePath(_ path: String) -> String {
        // A working directory that is gone (no absolute path) is nothing to be relative to.
        workingDirectory.hasPrefix("/") ? Paths.relative(path, to: workingDirectory, base: workingDirectory) ?? path : path
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
        case .codeClimate: codeClimate(input)
        case .markdown: markdown(input)
        }
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
            // C1 controls are XML characters, but a terminal showing the report would act on them.
            case _ where (0x7F...0x9F).contains(scalar.value): result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func groupedByFile(_ findings: [Finding]) -> [(String, [Finding])] {
        var order: [String] = []
        var groups: [String: [Finding]] = [:]
        for finding in findings {
            if groups[finding.path] == nil { order.append(finding.path) }
            groups[finding.path, default: []].append(finding)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }
}
