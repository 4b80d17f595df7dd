import Foundation
import Testing
@testable import PredicateLintCore

/// Work per predicate must not grow with the number of predicates in the file (the fuzzer
/// found 6,400 predicates in one file taking 10 s because each scanned every statement before
/// it): four times the predicates must cost about four times the time, measured in one run.
@Suite struct PredicateCountScalingTests {
    static func file(_ count: Int) -> SourceFile {
        let predicates = [
            #"let a = #Predicate<Website> { $0.url.hasPrefix("a") }"#,
            "let b = #Predicate<Movie> { recent.evaluate($0) && $0.isFavorite }",
            "let c = #Predicate<Movie> { $0.name.contains(/Heat/) }",
        ]
        return SourceFile(path: "Many.swift", text: (0..<count).map { predicates[$0 % 3] }.joined(separator: "\n"))
    }

    @Test func fourTimesThePredicatesTakeAboutFourTimesAsLong() {
        let linter = Linter()
        let (small, large) = (Self.file(500), Self.file(2_000))
        func seconds(_ file: SourceFile) -> Double {
            let start = Date()
            _ = linter.lint(file, models: .empty)
            return Date().timeIntervalSince(start)
        }
        _ = seconds(small)
        let ratio = seconds(large) / max(seconds(small), 0.001)
        // Linear is 4; quadratic would be 16.
        #expect(ratio < 9, "2,000 predicates took \(ratio)× as long as 500")
    }

    /// With a deadline, a lint gives up within one predicate of it, and before it finds what
    /// it would have without one.
    @Test func aLintGivesUpAtItsDeadline() {
        let linter = Linter()
        let file = Self.file(300)
        #expect(linter.lint(file, models: .empty, until: .now) == nil)
        #expect(linter.lint(file, models: .empty, until: .now + .seconds(600)) == linter.lint(file, models: .empty))
    }
}
