import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore

@Suite struct GlobTests {
    @Test(arguments: [
        ("Sources", "Sources/A.swift", true), ("Sources", "SourcesX/A.swift", false),
        ("Sources/*.swift", "Sources/A.swift", true), ("Sources/*.swift", "Sources/Sub/A.swift", false),
        ("Sources/**/*.swift", "Sources/Sub/Deep/A.swift", true), ("Sources/**/*.swift", "Sources/A.swift", true),
        ("**/Generated/**", "A/Generated/B.swift", true), ("**/Generated/**", "Generated/B.swift", true),
        ("**/Generated/**", "NotGenerated/B.swift", false), ("Sources/**", "Sources/A/B.swift", true),
        ("Sources/?.swift", "Sources/A.swift", true), ("Sources/?.swift", "Sources/AB.swift", false),
        ("./Tests/", "Tests/A.swift", true), ("**/*.swift", "A.swift", true), ("a/**/b/**/c", "a/b/c", true),
        ("a/**/b/**/c", "a/x/y/b/z/c", true), ("a/**/b", "a/xb", false), ("*/*", "a/b", true), ("*/*.swift", "a/b/c.swift", false),
        ("**", "a/b/c", true), ("a*b*c", "aXbYc", true), ("a*b*c", "aXbY/c", false),
    ])
    func matchesLikeSwiftLintUsersExpect(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    /// A pattern built to make a backtracking matcher take minutes is answered at once.
    @Test func hostilePatternsTakeLinearTime() {
        let start = Date()
        let path = "g/" + String(repeating: "a", count: 5_000)
        #expect(!Glob("g/*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*b").matches(path))
        #expect(!Glob("**/" + String(repeating: "**/", count: 30) + "*a*a*a*a*a*a*b").matches(String(repeating: "a/", count: 200) + "aaaa"))
        #expect(Date().timeIntervalSince(start) < 5)
    }
}
