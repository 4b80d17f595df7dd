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
                            projectFiles: [context.package.directoryURL.appendingPathComponent("Package.swift")],
                            workDirectory: context.pluginWorkDirectoryURL, name: target.name)]
    }
}

/// The files besides the sources whose change changes the findings, so that a build runs the
/// check again when one changes: each `.predicate-lint.json` in a source's folder or a folder
/// above it, the baseline each of those names, and the project files the deployment target is
/// read from. Only files that exist: the plugin is asked again on every build, so a
/// configuration created later is found then.
func resultInputs(sources: [URL], projectFiles: [URL]) -> [URL] {
    var configurations: [URL] = []
    var seenFolders: Set<String> = []
    for source in sources {
        var folder = source.deletingLastPathComponent().standardizedFileURL
        while seenFolders.insert(folder.path).inserted {
            let configuration = folder.appendingPathComponent(".predicate-lint.json")
            if FileManager.default.fileExists(atPath: configuration.path) { configurations.append(configuration) }
            let parent = folder.deletingLastPathComponent().standardizedFileURL
            if parent.path == folder.path { break }
            folder = parent
        }
    }
    let baselines = configurations.compactMap { configuration -> URL? in
        guard let data = FileManager.default.contents(atPath: configuration.path),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let baseline = object["baseline"] as? String, !baseline.isEmpty else { return nil }
        return URL(fileURLWithPath: baseline, relativeTo: configuration.deletingLastPathComponent()).standardizedFileURL
    }
    return (configurations + baselines + projectFiles).filter { FileManager.default.fileExists(atPath: $0.path) }
}

/// The command both Swift packages and Xcode projects run.
func lintCommand(tool: URL, sources: [URL], modelSources: [URL] = [], projectFiles: [URL], workDirectory: URL, name: String) -> Command {
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
        // The models' files are inputs too: a changed model checks the target again; and so
        // are the configurations, baselines and project files that decide the findings.
        inputFiles: sources + modelSources + resultInputs(sources: sources, projectFiles: projectFiles),
        outputFiles: [stamp])
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PredicateLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let sources = target.inputFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        guard !sources.isEmpty else { return [] }
        // The project file holds the deployment target: `<name>.xcodeproj/project.pbxproj` in
        // the project's folder (`XcodeProject.directoryURL`).
        let folder = context.xcodeProject.directoryURL
        let projects = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let projectFiles = projects.filter { $0.hasSuffix(".xcodeproj") }
            .map { folder.appendingPathComponent($0).appendingPathComponent("project.pbxproj") }
        return [lintCommand(tool: try context.tool(named: "predicate-lint").url, sources: sources,
                            projectFiles: projectFiles, workDirectory: context.pluginWorkDirectoryURL, name: target.displayName)]
    }
}
#endif
