import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

@Suite struct UnifiedDiffTests {
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
