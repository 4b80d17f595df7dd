import Foundation
import PackagePlugin

/// Lints a target's Swift sources on every build; findings appear inline in Xcode and in
/// `swift build` output, and an error-severity finding fails the build. The sources of the
/// targets it depends on are read for their models (a predicate in `Queries` over a model
/// declared in `Models`), not checked: each target reports its own findings once.
@main
struct PredicateLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let sources = sourceTarget.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        let dependencies = target.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }
        return [lintCommand(tool: try context.tool(named: "predicate-lint").url, sources: sources,
                            modelSources: dependencies.flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) },
                            workDirectory: context.pluginWorkDirectoryURL, name: target.name)]
    }
}

/// The command both Swift packages and Xcode projects run.
func lintCommand(tool: URL, sources: [URL], modelSources: [URL] = [], workDirectory: URL, name: String) -> Command {
    // A build command runs only when it has outputs. The stamp is an empty Swift file: any
    // other kind of output would be bundled into the target as a resource. The reporter is
    // swiftc's format, which build logs turn into inline diagnostics.
    let stamp = workDirectory.appendingPathComponent("PredicateLint+\(name).swift")
    // On macOS, SwiftPM and Xcode run the command in a sandbox that lets it write only in the
    // plugin's work folder (and the temporary one), so the cache lives there; elsewhere the
    // user's cache, shared by every target and project, serves.
    #if os(macOS)
    let cache = ["--cache-path", workDirectory.appendingPathComponent("cache").path]
    #else
    let cache: [String] = []
    #endif
    return .buildCommand(
        displayName: "PredicateLint \(name)",
        executable: tool,
        arguments: ["lint", "--reporter", "xcode", "--quiet", "--stamp", stamp.path] + cache
            + modelSources.flatMap { ["--models", $0.path] } + sources.map(\.path),
        // The models' files are inputs too: a changed model checks the target again.
        inputFiles: sources + modelSources,
        outputFiles: [stamp])
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PredicateLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        guard !sources.isEmpty else { return [] }
        return [lintCommand(tool: try context.tool(named: "predicate-lint").url, sources: sources,
                            workDirectory: context.pluginWorkDirectoryURL, name: target.displayName)]
    }
}
#endif
