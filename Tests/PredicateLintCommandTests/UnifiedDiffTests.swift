import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

@Suite struct UnifiedDiffTests {
    /// A file name cannot add a header of its own: names with line breaks, quotes, backslashes,
    /// tabs or bytes past ASCII are quoted as git quotes them (compared with git itself), so
    /// `patch` edits the file the diff is about and no other.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git"), "needs /usr/bin/git"),
          arguments: ["plain.swift", "with space.swift", "x.swift\n+++ b/victim.swift", "quote\"d.swift", "back\\slash.swift",
                      "tab\there.swift", "café.swift", "bell\u{07}.swift"])
    func fileNamesAreQuotedAsGitQuotesThem(_ name: String) throws {
        let diff = UnifiedDiff.make(old: "a\n", new: "b\n", path: name)
        let headers = diff.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("--- ") || $0.hasPrefix("+++ ") }
        #expect(headers.count == 2, "\(diff)")
        let tree = try TemporaryTree(["old/\(name)": "a\n", "new/\(name)": "b\n"])
        let git = try runProgram("/usr/bin/git", ["-C", tree.path(), "-c", "core.quotePath=true", "diff", "--no-index", "--", "old/\(name)", "new/\(name)"])
        let gitHeaders = git.output.split(separator: "\n").filter { $0.hasPrefix("--- ") || $0.hasPrefix("+++ ") }
        #expect(gitHeaders.map(String.init) == ["--- \(UnifiedDiff.header("a/old/\(name)"))", "+++ \(UnifiedDiff.header("b/new/\(name)"))"],
                "git: \(gitHeaders)")
    }

    @Test func describesTheChangeWithContext() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(UnifiedDiff.make(old: old, new: new, path: "F.swift") == """
            --- a/F.swift
            +++ b/F.swift
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    @Test func identicalTextsHaveNoDiff() {
        #expect(UnifiedDiff.make(old: "a\nb\n", new: "a\nb\n", path: "F.swift") == "")
    }

    @Test(arguments: 0..<40)
    func editScriptsRebuildTheNewText(_ seed: Int) {
        var generator = SeededRandom(seed: UInt64(seed))
        let old = (0..<Int.random(in: 0...30, using: &generator)).map { _ in "\(Int.random(in: 0...5, using: &generator))\n" }
        var new = old
        for _ in 0..<Int.random(in: 0...6, using: &generator) {
            if !new.isEmpty, Bool.random(using: &generator) {
                new.remove(at: Int.random(in: 0..<new.count, using: &generator))
            } else {
                new.insert("\(Int.random(in: 0...5, using: &generator))\n", at: Int.random(in: 0...new.count, using: &generator))
            }
        }
        let a = UnifiedDiff.lines(old.joined())
        let b = UnifiedDiff.lines(new.joined())
        let script = UnifiedDiff.editScript(a, b)
        var rebuilt: [Substring] = []
        var (i, j) = (0, 0)
        for operation in script {
            switch operation {
            case .keep: rebuilt.append(a[i]); i += 1; j += 1
            case .delete: i += 1
            case .insert: rebuilt.append(b[j]); j += 1
            }
        }
        #expect(rebuilt == b)
        #expect(i == a.count && j == b.count)
    }
}
