// swift-tools-version: 6.1
import Foundation
import PackageDescription

// PredicateLint parses Swift with swift-syntax. Building swift-syntax from source takes minutes
// and cannot be downloaded on every machine, so we link the copy that ships inside the running
// toolchain (`<toolchain>/usr/lib/swift/host`: `.swiftinterface` files plus shared libraries).
// Where a toolchain lacks it (Xcode's, for one) we fall back to the swift-syntax package.
//
// SwiftPM refuses the unsafe flags that linking the toolchain's copy needs in a package that
// another package requires by version. So where this package is read as a dependency (from its
// repository while resolving, or from `.build/checkouts/` for SwiftPM, `SourcePackages/checkouts/`
// for Xcode) it always uses the swift-syntax package; the toolchain's copy is for building this
// package itself (its README commands and CI).
//
// PREDICATE_LINT_SWIFT_SYNTAX forces the choice:
//   `toolchain` (fail if the toolchain has none), `package`, or a path to a `host` directory.
// PREDICATE_LINT_BUNDLE=1 (set by `Scripts/release-artifacts.sh`) leaves the toolchain's folder
// out of the binary's library search path: the artifact bundle ships the libraries beside it.

let swiftSyntaxModules = ["SwiftSyntax", "SwiftParser", "SwiftOperators", "SwiftDiagnostics"]

/// The `usr/lib/swift/host` directory of the toolchain running this manifest, if it holds
/// swift-syntax. The manifest process has the toolchain's PackageDescription library loaded,
/// which names the toolchain exactly; the `swift` on PATH is the fallback.
func toolchainSwiftSyntaxDirectory() -> String? {
    var usrDirectories: [URL] = []
    if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
       let line = maps.split(separator: "\n").first(where: { $0.contains("libPackageDescription") }),
       let path = line.split(separator: " ").last.map(String.init) {
        // <toolchain>/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so
        var url = URL(fileURLWithPath: path)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        usrDirectories.append(url)
    }
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
        // <toolchain>/usr/bin/swift
        usrDirectories.append(swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent())
        break
    }
    return usrDirectories
        .map { $0.appendingPathComponent("lib/swift/host").path }
        .first(where: hasSwiftSyntax)
}

func hasSwiftSyntax(_ hostDirectory: String) -> Bool {
    swiftSyntaxModules.allSatisfy { module in
        FileManager.default.fileExists(atPath: "\(hostDirectory)/\(module).swiftmodule")
            && (FileManager.default.fileExists(atPath: "\(hostDirectory)/lib\(module).so")
                || FileManager.default.fileExists(atPath: "\(hostDirectory)/lib\(module).dylib"))
    }
}

/// Whether this manifest is being read as someone else's dependency. The answer must not change
/// between the evaluations of one resolution, or the resolver never learns of swift-syntax: SwiftPM
/// first reads a versioned dependency's manifest straight out of its repository, with the package
/// directory reported as `/` (no file of ours is there), and later from its checkout.
let isReadAsDependency: Bool = {
    let directory = Context.packageDirectory
    let inCheckout = ["/.build/checkouts/", "/SourcePackages/checkouts/"].contains { directory.contains($0) }
    let onDisk = FileManager.default.fileExists(atPath: URL(fileURLWithPath: directory).appendingPathComponent("Package.swift").path)
    return inCheckout || !onDisk
}()

let choice = ProcessInfo.processInfo.environment["PREDICATE_LINT_SWIFT_SYNTAX"] ?? ""
let hostDirectory: String? = switch choice {
case "package": nil
case "": isReadAsDependency ? nil : toolchainSwiftSyntaxDirectory()
case "toolchain": toolchainSwiftSyntaxDirectory()
default: hasSwiftSyntax(choice) ? choice : nil
}
if hostDirectory == nil && choice != "package" && !choice.isEmpty {
    fatalError("PREDICATE_LINT_SWIFT_SYNTAX=\(choice): no swift-syntax modules found there")
}

var packageDependencies: [Package.Dependency] = []
var syntaxDependencies: [Target.Dependency] = []
var syntaxSwiftSettings: [SwiftSetting] = []
var syntaxLinkerSettings: [LinkerSetting] = []
if let hostDirectory {
    syntaxSwiftSettings = [.unsafeFlags(["-I", hostDirectory])]
    let searchPath = ProcessInfo.processInfo.environment["PREDICATE_LINT_BUNDLE"] == "1" ? [] : ["-Xlinker", "-rpath", "-Xlinker", hostDirectory]
    syntaxLinkerSettings = [.unsafeFlags(["-L", hostDirectory] + searchPath)] + swiftSyntaxModules.map { .linkedLibrary($0) }
} else {
    packageDependencies = [.package(url: "https://github.com/swiftlang/swift-syntax.git", "602.0.0"..<"605.0.0")]
    syntaxDependencies = swiftSyntaxModules.map { .product(name: $0, package: "swift-syntax") }
}

let package = Package(
    name: "PredicateLint",
    // A developer tool, built where it runs: Xcode 26 runs on macOS 15.6 or later. The newest
    // API the code calls unguarded is Synchronization's `Mutex` (macOS 15); swift-syntax, the
    // package a Mac builds, needs 10.15. Other platforms are not declared: nothing runs there.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "PredicateLintCore", targets: ["PredicateLintCore"]),
        .executable(name: "predicate-lint", targets: ["predicate-lint"]),
        .executable(name: "predicate-lint-bench", targets: ["predicate-lint-bench"]),
        .plugin(name: "PredicateLintBuildToolPlugin", targets: ["PredicateLintBuildToolPlugin"]),
        .plugin(name: "PredicateLintCommandPlugin", targets: ["PredicateLintCommandPlugin"]),
    ],
    dependencies: packageDependencies,
    targets: [
        // Parsing, predicate discovery, rules, findings, corrections. Strings in, findings out.
        .target(
            name: "PredicateLintCore",
            dependencies: syntaxDependencies,
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        // Everything that touches the outside world: arguments, files, reporters, exit codes.
        .target(
            name: "PredicateLintCommand",
            dependencies: ["PredicateLintCore"] + syntaxDependencies,
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .executableTarget(
            name: "predicate-lint",
            dependencies: ["PredicateLintCommand"],
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        // A deterministic app-like corpus, for the benchmark and for tests that compare runs.
        .target(name: "SyntheticCorpus"),
        // `swift run -c release predicate-lint-bench`: cold, warm and floor timings in one run.
        .executableTarget(
            name: "predicate-lint-bench",
            dependencies: ["SyntheticCorpus", "predicate-lint", "PredicateLintCommand"] + syntaxDependencies,
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        // How long the compiler takes on real apps' predicates rebuilt as stand-ins, and on
        // synthetic families: `docs/TypeCheckCalibration.tsv`, which `type-check-complexity`
        // is fitted to. Not in any product: built here, run by hand, shared with the tests.
        .target(
            name: "TypeCheckCalibration",
            dependencies: ["PredicateLintCore"] + syntaxDependencies,
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .executableTarget(
            name: "type-check-calibration",
            dependencies: ["TypeCheckCalibration", "PredicateLintCommand"],
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        // Lints a target's sources on every build (Xcode and `swift build`).
        .plugin(
            name: "PredicateLintBuildToolPlugin",
            capability: .buildTool(),
            dependencies: ["predicate-lint"]
        ),
        // `swift package predicate-lint [--fix]`.
        .plugin(
            name: "PredicateLintCommandPlugin",
            capability: .command(
                intent: .custom(verb: "predicate-lint", description: "Find SwiftData predicates that fail to build or crash"),
                permissions: [.writeToPackageDirectory(reason: "--fix rewrites predicates in your sources")]
            ),
            dependencies: ["predicate-lint"]
        ),
        .testTarget(
            name: "PredicateLintCoreTests",
            dependencies: ["PredicateLintCore", "SyntheticCorpus", "TypeCheckCalibration"] + syntaxDependencies,
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
        .testTarget(
            name: "PredicateLintCommandTests",
            dependencies: ["PredicateLintCommand", "predicate-lint", "SyntheticCorpus"],
            swiftSettings: syntaxSwiftSettings,
            linkerSettings: syntaxLinkerSettings
        ),
    ]
)
