import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

@Suite struct PrefilterTests {
    @Test func seesWhatCanMatter() {
        let scan = Prefilter(text: """
            // predicate-lint:disable:next regex
            @Model final class Movie {}
            extension  Module.Movie {}
            struct Money {}
            protocol Rateable {}
            typealias
              Tags = [String]
            let p = #Predicate<SchemaV2.Trip> { _ in true }
            let d = FetchDescriptor<Show>(predicate: nil)
            static let featured = Kind.featured
            let pattern = #/Ti.*c/#
            """)
        #expect(scan.hasModel && scan.hasQuery && scan.hasSuppression && scan.mayDeclareRegex)
        #expect(scan.extendedNames == ["Movie"])
        #expect(scan.declaredNames == ["Movie", "Money", "Rateable", "Tags"])
        #expect(scan.rootNames == ["SchemaV2", "Trip", "Show"])
    }

    @Test func isNotFooledByLookAlikes() {
        let scan = Prefilter(text: "@ModelActor final class A {}\nlet substructure = 1\nlet extensions = 2\nfunc enumerate() {}\n"
            + "let q = NSPredicate<X>()\nlet r = #Predicate<Movie> { $0.year = 1 }\nlet z = a / b")
        #expect(!scan.hasModel && !scan.hasSuppression && !scan.mayDeclareRegex)
        #expect(scan.extendedNames.isEmpty && scan.declaredNames == ["A"])
        #expect(scan.rootNames == ["Movie"])
    }
}
