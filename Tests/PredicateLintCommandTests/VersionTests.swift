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

    /// What is wrong between release tags and a version: a tag `vX.Y.Z` on the commit under
    /// test that names another version, or a tag newer than the version (a release was made
    /// and the version set back, or a tag was made by mistake).
    static func tagProblems(tags: [String], onHead: [String], version: String) -> [String] {
        func parts(_ version: String) -> [Int] { version.split(separator: ".").compactMap { Int($0) } }
        let releases = { (names: [String]) in names.filter { $0.wholeMatch(of: /v\d+\.\d+\.\d+/) != nil } }
        return releases(onHead).filter { $0 != "v" + version }.map { "HEAD is tagged \($0), but the version is \(version)" }
            + releases(tags).filter { parts(version).lexicographicallyPrecedes(parts(String($0.dropFirst()))) }
                .map { "\($0) is newer than the version \(version)" }
    }

    @Test func aTagThatDisagreesIsAProblem() {
        #expect(Self.tagProblems(tags: ["v0.1.0", "v0.2.0"], onHead: ["v0.2.0"], version: "0.2.0").isEmpty)
        #expect(Self.tagProblems(tags: ["v0.1.0", "v0.3.0"], onHead: ["v0.1.0"], version: "0.2.0").count == 2)
        #expect(Self.tagProblems(tags: ["v0.10.0"], onHead: [], version: "0.9.0").count == 1)
    }

    /// This repository's tags, where it has any (a clone without tags passes).
    @Test(.enabled(if: gitOnPath != nil && FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(".git").path)))
    func releaseTagsAgreeWithTheVersion() throws {
        func tags(_ arguments: [String]) throws -> [String] {
            let (status, output) = try runProgram(gitOnPath!, ["-C", repositoryRoot.path, "tag", "--list", "v*"] + arguments)
            try #require(status == 0, "\(output)")
            return output.split(separator: "\n").map(String.init)
        }
        let problems = Self.tagProblems(tags: try tags([]), onHead: try tags(["--points-at", "HEAD"]), version: ToolVersion.current)
        #expect(problems.isEmpty, "\(problems)")
    }
}
