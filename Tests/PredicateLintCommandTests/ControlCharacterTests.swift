import Foundation
import Testing
@testable import PredicateLintCommand
@testable import PredicateLintCore

/// Control characters in source (a comment or string on a predicate's line, a raw identifier
/// a message quotes) or in a file name never reach the output as themselves: no reporter
/// prints ESC, BEL or a C1 control, so a report shown in a terminal cannot set its title or
/// clear its screen.
@Suite struct ControlCharacterTests {
    static let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}2J"

    static func input() -> ReportInput {
        let path = "/work/App\(hostile).swift"
        let text = "let p = #Predicate<Website> { $0.url.hasPrefix(\"\(hostile)\") } // \(hostile)\n"
        let file = SourceFile(path: path, text: text)
        var findings = Linter().lint([file])
        // A message that quotes source, as rules quote names and literals.
        findings.append(Finding(ruleID: "has-prefix", severity: .warning, path: path, line: 1, column: 9, offset: 8,
                                message: "quoted `\(hostile)`", correction: nil, coveredOffsets: []))
        return ReportInput(findings: findings, sources: [path: file], workingDirectory: "/work", colorize: false)
    }

    @Test(arguments: ReporterKind.allCases)
    func noReporterPrintsAControlCharacter(_ kind: ReporterKind) throws {
        let input = Self.input()
        try #require(input.findings.count >= 2)
        let report = Reporter.report(input, as: kind)
        let controls = report.unicodeScalars.filter { Finding.isControl($0) && !["\n", "\t"].contains($0) }
        #expect(controls.isEmpty, "\(kind.rawValue): \(controls.map { String($0.value, radix: 16) })")
    }

    /// With colour on, the only escape sequences are the colours' own.
    @Test func colouredExcerptsCarryOnlyTheirColours() {
        var input = Self.input()
        input.colorize = true
        let report = Reporter.report(input, as: .pretty)
        #expect(!report.contains("\u{07}") && !report.contains("\u{1B}]") && !report.contains("\u{1B}[2J") && !report.contains("\u{9B}"))
    }
}
