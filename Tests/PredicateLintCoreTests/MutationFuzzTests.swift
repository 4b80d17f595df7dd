import SyntheticCorpus
import Testing
@testable import PredicateLintCore

/// A deterministic fuzz test: thousands of mutations of real inputs (rule examples and the
/// example models), each through the whole lint and fix pipeline. A crash fails the run; so
/// does a finding outside its file, or a fix that breaks a file that parsed.
@Suite struct MutationFuzzTests {
    static let seeds: [String] = RuleRegistry.all.flatMap { rule in
        rule.description.triggering.map(\.plainCode) + rule.description.nonTriggering.map(\.plainCode)
            + rule.description.corrections.map(\.before.plainCode)
    } + ExampleModels.files.map(\.source)

    static func mutate(_ seed: String, _ random: inout SeededRandom) -> String {
        Mutation.mutate(seed, splicingFrom: seeds, &random)
    }

    @Test(arguments: 0..<8)
    func mutationsNeverCrashMisplaceOrBreak(_ shard: Int) {
        var random = SeededRandom(seed: UInt64(shard) &* 7_919 &+ 1)
        let linter = Linter(rules: RuleRegistry.all.map { $0.init() }, deploymentTarget: .swiftDataMinimum)
        let fixer = Fixer(linter: linter)
        let models = ModelIndex(files: ExampleModels.files.map { SourceFile(path: $0.path, text: $0.source) })
        for _ in 0..<500 {
            let text = Self.mutate(Self.seeds[random.next(upTo: Self.seeds.count)], &random)
            let file = SourceFile(path: "Fuzz.swift", text: text)
            let byteCount = text.utf8.count
            let lineCount = text.reduce(1) { $1 == "\n" || $1 == "\r\n" || $1 == "\r" ? $0 + 1 : $0 }
            for finding in linter.lint(file, models: ModelIndex(files: [file] + [])) + linter.lint(file, models: models) {
                #expect(finding.offset >= 0 && finding.offset <= byteCount, "\(text)")
                #expect(finding.line >= 1 && finding.line <= lineCount && finding.column >= 1, "\(text)")
            }
            let fixed = fixer.fix(file, models: models)
            if !file.tree.hasError && fixed.changed {
                #expect(!SourceFile(path: "Fuzz.swift", text: fixed.text).tree.hasError, "a fix broke:\n\(text)")
            }
        }
    }

    /// Manifests as people write them, mutated: `PackageManifest` (targets, products, platforms)
    /// never crashes or hangs, and states only versions it could read.
    static let manifestSeeds = [
        """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Store", platforms: [.iOS(.v17), .macOS("14.4"), .watchOS(.v10_2)],
            products: [.library(name: "Store", targets: ["Store", "StoreUI"])],
            dependencies: [.package(path: "../Models"), .package(url: "https://example.com/x.git", from: "1.0.0")],
            targets: [
                .target(name: "Store", dependencies: [.product(name: "Models", package: "Models")], path: "Sources/Store"),
                .target(name: "StoreUI", dependencies: ["Store"]),
                .testTarget(name: "StoreTests", dependencies: [.target(name: "Store")]),
            ]
        )
        """,
        "import PackageDescription\nlet name = \"A\"\nlet package = Package(name: name, targets: [.target(name: name)])\n",
        "public protocol Package: Identifiable { var name: String { get } }\n",
    ]

    @Test(arguments: 0..<4)
    func manifestMutationsNeverCrash(_ shard: Int) {
        var random = SeededRandom(seed: UInt64(shard) &* 104_729 &+ 3)
        for _ in 0..<400 {
            let text = Mutation.mutate(Self.manifestSeeds[random.next(upTo: Self.manifestSeeds.count)], splicingFrom: Self.manifestSeeds, &random)
            let manifest = PackageManifest(text: text)
            for version in manifest.deploymentTarget?.minimums.values.map({ $0 }) ?? [] {
                #expect(!version.isEmpty && version.allSatisfy { $0 >= 0 }, "\(text)")
            }
        }
    }
}
