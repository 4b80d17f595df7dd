// swift-tools-version: 6.1
// A package that uses PredicateLint's build-tool plugin, built by PluginIntegrationTests. The
// test places it beside a link named `predicate-lint` to this repository. `Queries` filters on
// a model that `Models` declares: the plugin must read the dependency's models.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(path: "../predicate-lint")],
    targets: [
        .target(name: "Store", plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint")]),
        .target(name: "Models", plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint")]),
        .target(name: "Queries", dependencies: ["Models"],
                plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint")]),
    ]
)
