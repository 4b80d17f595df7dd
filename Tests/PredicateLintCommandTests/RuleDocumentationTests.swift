import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

@Suite struct RuleDocumentationTests {
    @Test func theRepositorysRulePagesAreCurrent() throws {
        let folder = repositoryRoot.appendingPathComponent("docs/rules").path
        let pages = RuleDocumentation.markdownPages()
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }
        #expect(Set(onDisk) == Set(pages.keys), "run `swift run predicate-lint generate-docs docs/rules`")
        for (name, text) in pages {
            let current = try? String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
            #expect(current == text, "docs/rules/\(name) is stale: run `swift run predicate-lint generate-docs docs/rules`")
        }
    }

    @Test func generateDocsWritesEveryPage() throws {
        let tree = try TemporaryTree(["README.md": "# App\n\(RuleDocumentation.readmeTableStart)\nold\n\(RuleDocumentation.readmeTableEnd)\nmore\n"])
        let output = Command.run(["generate-docs", tree.path("rules"), "--readme", tree.path("README.md")])
        #expect(output.exitCode == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("rules")).count == RuleRegistry.descriptions.count + 3)
        let readme = try String(contentsOfFile: tree.path("README.md"), encoding: .utf8)
        #expect(readme == "# App\n\(RuleDocumentation.readmeRuleTable())\nmore\n")
    }

    /// Said once, in code: the README's table and lists are generated from, or checked against,
    /// the rules, reporters, configuration keys and skipped folders.
    @Test func theReadmeSaysWhatTheCodeSays() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(RuleDocumentation.readmeRuleTable()),
                "the README's rule table is stale: run `swift run predicate-lint generate-docs docs/rules --readme README.md`")
        #expect(readme.contains(ArgumentParser.readmeSynopsis),
                "the README's synopsis is stale: run `swift run predicate-lint generate-docs docs/rules --readme README.md`")
        for reporter in ReporterKind.allCases { #expect(readme.contains("`\(reporter.rawValue)`"), "README: reporter \(reporter.rawValue)") }
        for key in Configuration.keys { #expect(readme.contains(key.name), "README: configuration key \(key.name)") }
        for folder in FileDiscovery.skippedDirectories { #expect(readme.contains("`\(folder)`"), "README: skipped folder \(folder)") }
        for bundle in FileDiscovery.skippedBundleExtensions { #expect(readme.contains("`*.\(bundle)`"), "README: skipped bundle \(bundle)") }
    }

    /// `--help` names every command, option (with what it does), reporter and configuration key.
    @Test func helpListsWhatTheCodeHas() {
        func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let help = flat(ArgumentParser.helpText)
        for reporter in ReporterKind.allCases { #expect(help.contains(flat("\(reporter.rawValue) \(reporter.summary)"))) }
        for option in ArgumentParser.options { #expect(help.contains(flat("\(option.spelled) \(option.help)")), "\(option.spelled)") }
        for command in ArgumentParser.subcommands { #expect(help.contains(flat("\(command.name) \(command.help)")), "\(command.name)") }
        for key in Configuration.keys { #expect(help.contains(key.name)) }
        #expect(help.contains(FileDiscovery.skippedDirectories.joined(separator: ", ")))
        #expect(help.contains(FileDiscovery.skippedBundleExtensions.map { "*." + $0 }.joined(separator: ", ")))
    }
}
