import Foundation
import Testing
@testable import PredicateLintCommand

/// `explain --query FILE:LINE`: the store's view of the predicates on a line, with the models
/// of the file's whole project.
@Suite struct ExplainQueryTests {
    static let tree = [
        "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n",
        "Sources/App/Models/Trip.swift": "@Model final class Trip {\n var name = \"\"\n var stops: [String] = []\n}\n",
        "Sources/App/Store.swift": """
            func trips(through stop: String) -> Predicate<Trip> {
                #Predicate<Trip> { trip in
                    trip.stops.contains(stop)
                }
            }

            """,
    ]

    @Test func showsTheTranslationTheStorageAndWhatFails() throws {
        let tree = try TemporaryTree(Self.tree)
        let output = Command.run(["explain", "--query", tree.path("Sources/App/Store.swift") + ":3"])
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(output.standardOutput.hasPrefix(tree.path("Sources/App/Store.swift") + ":2:5: predicate over Trip\n"))
        #expect(output.standardOutput.contains("    $stop IN stops\n"))
        // The model is in another file of the project.
        #expect(output.standardOutput.contains("Trip.stops: `[String]`, one column of encoded data"))
        #expect(output.standardOutput.contains("Fails: `$stop IN stops`"))
        #expect(output.standardOutput.contains("[stored-collection]"))
    }

    @Test func badPlacesAreClearErrors() throws {
        let tree = try TemporaryTree(Self.tree)
        let store = tree.path("Sources/App/Store.swift")
        let empty = Command.run(["explain", "--query", store + ":6"])
        #expect(empty.exitCode == 2)
        #expect(empty.standardError.contains("\(store):6: holds no predicate or query key path"))
        let missing = Command.run(["explain", "--query", tree.path("Nope.swift") + ":1"])
        #expect(missing.exitCode == 2)
        #expect(missing.standardError.contains("Nope.swift"))
        for spelling in [["--query"], ["--query", store], ["--query", store + ":0"], ["--query", ":3"]] {
            let usage = Command.run(["explain"] + spelling)
            #expect(usage.exitCode == 2 && usage.standardError.contains("FILE:LINE"), "\(spelling)")
        }
        for (arguments, message) in [(["explain", "--query", store + ":3", "--config"], "--config needs a file"),
                                     (["config", "--effective", "--config"], "--config needs a file"),
                                     (["generate-docs", "docs", "--readme"], "--readme needs a file")] {
            let usage = Command.run(arguments)
            #expect(usage.exitCode == 2 && usage.standardError.contains(message), "\(arguments)")
        }
    }
}
