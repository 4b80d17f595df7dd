import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

/// The bundled example app is the README's first command; it must show every rule, each
/// where its comment says, and nothing where a comment says "Fine".
@Suite struct ExampleAppTests {
    static let appPath = repositoryRoot.appendingPathComponent("Examples/MovieLibrary").path

    /// `// rule-id: why` comments in the app, by file and line.
    static func announcedRules() throws -> [(file: String, line: Int, rule: String)] {
        let ids = Set(RuleRegistry.descriptions.map(\.id))
        return try FileDiscovery.swiftFiles(in: [appPath]).files.flatMap { file in
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated().compactMap { index, line in
                    let text = line.trimmingCharacters(in: .whitespaces)
                    // `// rule-id: …` or `/// rule-id: …`
                    guard text.hasPrefix("//"), let id = text.drop(while: { $0 == "/" }).split(separator: ":").first?
                        .trimmingCharacters(in: .whitespaces), ids.contains(id) else { return nil }
                    return (file, index + 1, id)
                }
        }
    }

    @Test func everyRuleFiresExactlyWhereTheAppSaysIt() throws {
        let output = Command.run(["--reporter", "json", "--enable-all-rules", Self.appPath])
        let document = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any]
        let findings = try #require(document?["findings"] as? [[String: Any]])
        let reported = findings.map { ($0["file"] as! String, $0["line"] as! Int, $0["rule"] as! String) }

        // Each finding is announced by a comment of its rule a few lines above it…
        for finding in reported {
            let announced = try Self.announcedRules().contains {
                $0.file == finding.0 && $0.rule == finding.2 && (1...4).contains(finding.1 - $0.line)
            }
            #expect(announced, "unannounced \(finding)")
        }
        // …and each announcement has its finding.
        for announcement in try Self.announcedRules() {
            #expect(reported.contains { $0.0 == announcement.file && $0.2 == announcement.rule
                && (1...4).contains($0.1 - announcement.line) }, "no finding for \(announcement)")
        }
        #expect(Set(reported.map(\.2)) == Set(RuleRegistry.descriptions.map(\.id)))
        #expect(output.exitCode == 1)
    }

    @Test func optInRulesStayQuietByDefault() throws {
        let all = Command.run(["--enable-all-rules", Self.appPath]).standardOutput
        let byDefault = Command.run([Self.appPath]).standardOutput
        let optIn = RuleRegistry.all.map { $0.description }.filter(\.isOptIn).map { "[\($0.id)]" }
        #expect(!optIn.isEmpty)
        for id in optIn {
            #expect(all.contains(id))
            #expect(!byDefault.contains(id))
        }
        // Apart from the opt-in findings, the two runs agree.
        let allButOptIn = all.split(separator: "\n").filter { line in !optIn.contains { line.hasSuffix($0) } }
        #expect(allButOptIn == byDefault.split(separator: "\n"))
    }
}
