// swift-tools-version: 6.1
// A package that uses PredicateLint's build-tool plugin, built by PluginIntegrationTests. The
// test places it beside a link named `predicate-lint` to this repository.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [.package(path: "../predicate-lint")],
    targets: [
        .target(name: "Store", plugins: [.plugin(name: "PredicateLintBuildToolPlugin", package: "predicate-lint")]),
    ]
)
