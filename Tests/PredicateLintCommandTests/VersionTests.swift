import Foundation
import Testing
@testable import PredicateLintCommand

/// One version, said once: the CHANGELOG's newest entry and every snippet that names a release
/// (the README's package dependency and pre-commit `rev`, the pre-commit hook file's comment)
/// say `ToolVersion.current`.
@Suite struct VersionTests {
    @Test func everySnippetNamesTheCurrentVersion() throws {
        let version = ToolVersion.current
        let changelog = try String(contentsOf: repositoryRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(newest?.hasPrefix("## \(version)") == true, "\(newest ?? "")")
        for file in ["README.md", ".pre-commit-hooks.yaml", "action.yml"] {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /(?:from: "|rev: v|@v)(\d+\.\d+\.\d+)/) {
                #expect(String(match.1) == version, "\(file) names \(match.0)")
            }
        }
    }
}
