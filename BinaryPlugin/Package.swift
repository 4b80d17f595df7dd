// swift-tools-version: 6.1
import PackageDescription

// PredicateLint's plugins without building PredicateLint or swift-syntax: they run the
// prebuilt `predicate-lint` of the artifact bundle. `Scripts/release-artifacts.sh` makes this
// package (this manifest, the plugins' sources and the bundle) and, for a published release,
// points the binary target at the release's zip with its checksum. See docs/Releasing.md.
let package = Package(
    name: "PredicateLintPlugins",
    products: [
        .plugin(name: "PredicateLintBuildToolPlugin", targets: ["PredicateLintBuildToolPlugin"]),
        .plugin(name: "PredicateLintCommandPlugin", targets: ["PredicateLintCommandPlugin"]),
    ],
    targets: [
        // The release script replaces this line with `url:` and `checksum:` when given a URL.
        .binaryTarget(name: "PredicateLintBinary", path: "predicate-lint.artifactbundle"),
        .plugin(
            name: "PredicateLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["PredicateLintBinary"]
        ),
        .plugin(
            name: "PredicateLintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "predicate-lint", description: "Find SwiftData predicates that fail to build or crash"),
                permissions: [.writeToPackageDirectory(reason: "--fix rewrites predicates in your sources")]
            ),
            dependencies: ["PredicateLintBinary"]
        ),
    ]
)
