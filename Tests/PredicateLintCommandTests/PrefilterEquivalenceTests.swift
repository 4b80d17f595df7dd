import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

/// The prefilter and the cache must never change a result.
@Suite struct PrefilterEquivalenceTests {
    /// Files whose relevance only shows once the models are known.
    static let tricky: [String: String] = [
        "Models/Show.swift": "@Model final class Show {\n var budget: Cost\n var tags: Labels\n var hosts: [Host]? = nil\n init() { budget = Cost(); tags = [] }\n}\n@Model final class Host { var name = \"\" }\n",
        "Types/Cost.swift": "struct Cost: Codable { var amount = 0 }\n",
        "Types/Labels.swift": "typealias Labels = LabelList\n",
        "Types/LabelList.swift": "typealias LabelList = [Label]\n",
        "Types/Label.swift": "struct Label: Codable { var text = \"\" }\n",
        "Extensions/Show+Derived.swift": "extension Show {\n var isCheap: Bool { budget.amount < 10 }\n}\n",
        "Views/Shows.swift": "let a = #Predicate<Show> { $0.budget.amount > 3 || $0.isCheap }\nlet b = #Predicate<Show> { $0.tags.contains { $0.text == \"x\" } }\nlet c = #Predicate<Show> { $0.hosts?.isEmpty == false }\n",
        "Views/Stale.swift": "// predicate-lint:disable:next has-prefix\nlet x = 1\n",
        // A root declared elsewhere that is not a model: evaluated in memory, so silent.
        "Types/Ticket.swift": "struct Ticket { var tags: [String] = [] }\n",
        "Views/Tickets.swift": "let t = #Predicate<Ticket> { $0.tags.isEmpty == false }\n",
        // A protocol adopted in an extension elsewhere, whose own extension adds a computed property.
        "Types/Rateable.swift": "protocol Rateable { var stars: Int { get } }\nextension Rateable { var isTop: Bool { stars > 4 } }\n",
        "Extensions/Host+Rateable.swift": "extension Host: Rateable { var stars: Int { 3 } }\n",
        "Views/Hosts.swift": "let h = #Predicate<Host> { $0.isTop }\n",
        // A regex constant declared in another file.
        "Types/Patterns.swift": "nonisolated(unsafe) let hostPattern = /Ann/\n",
        "Views/HostSearch.swift": "let s = #Predicate<Host> { $0.name.contains(hostPattern) }\n",
    ]

    @Test func resultsAreTheSameWithAndWithoutThePrefilter() throws {
        let tree = try TemporaryTree(Self.tricky)
        try SyntheticCorpus.write(fileCount: 160, to: tree.path("Corpus"), seed: 7)
        let filtered = Command.run(["--reporter", "json", "--no-cache", "--enable-all-rules", tree.path()])
        let full = Command.run(["--reporter", "json", "--no-cache", "--enable-all-rules", "--no-prefilter", tree.path()])
        #expect(filtered.standardOutput == full.standardOutput)
        #expect(filtered.exitCode == full.exitCode)
        // The tricky files were all needed: their findings are there.
        for needle in ["codable-struct-member", "stored-collection", "computed-property", "optional-to-many", "superfluous-disable", "Views/Hosts.swift", "Views/HostSearch.swift"] {
            #expect(filtered.standardOutput.contains(needle), "\(needle)")
        }
        #expect(!filtered.standardOutput.contains("Tickets.swift"))
        #expect(try JSONSerialization.jsonObject(with: Data(filtered.standardOutput.utf8)) is [String: Any])
    }
}
