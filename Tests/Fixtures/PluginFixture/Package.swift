// swift-tools-version: 6.1
// A package that uses PredicateLint's build-tool plugin, built by PluginIntegrationTests. The
// test places it beside a link named `predicate-lint-plugins` to the binary plugin package the
// release step made. `Queries` filters on a model that `Models` declares: the plugin must read
// the dependency's models.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    // `#Predicate` and SwiftData's `@Model` need macOS 14; Linux reads no platforms.
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "../predicate-lint-plugins")],
    targets: [
        .target(name: "Store", plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint-plugins")]),
        .target(name: "Models", plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint-plugins")]),
        .target(name: "Queries", dependencies: ["Models"],
                plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint-plugins")]),
    ]
)
