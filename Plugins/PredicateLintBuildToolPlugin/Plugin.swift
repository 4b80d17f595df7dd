import Foundation
import PackagePlugin

/// Lints a target's Swift sources on every build; findings appear inline in Xcode and in
/// `swift build` output, and an error-severity finding fails the build.
@main
struct PredicateLintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let sources = sourceTarget.sourceFiles(withSuffix: "swift").map(\.url)
        guard !sources.isEmpty else { return [] }
        return [lintCommand(tool: try context.tool(named: "predicate-lint").url, sources: sources,
                            workDirectory: context.pluginWorkDirectoryURL, name: target.name)]
    }
}

/// The command both Swift packages and Xcode projects run.
func lintCommand(tool: URL, sources: [URL], workDirectory: URL, name: String) -> Command {
    // A build command runs only when it has outputs. The stamp is an empty Swift file: any
    // other kind of output would be bundled into the target as a resource. The reporter is
    // swiftc's format, which build logs turn into inline diagnostics.
    let stamp = workDirectory.appendingPathComponent("PredicateLint+\(name).swift")
    return .buildCommand(
        displayName: "PredicateLint \(name)",
        executable: tool,
        arguments: ["lint", "--reporter", "xcode", "--quiet", "--stamp", stamp.path] + sources.map(\.path),
        inputFiles: sources,
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
