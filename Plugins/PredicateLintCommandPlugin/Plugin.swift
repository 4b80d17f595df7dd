import Foundation
import PackagePlugin

/// `swift package predicate-lint [--target NAME …] [options]`: lints the package's targets (all
/// of them by default) with any predicate-lint options, `--fix` included; SwiftPM asks for
/// permission to write the package before fixing.
@main
struct PredicateLintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let folders = targets.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path }
        let tool = try context.tool(named: "predicate-lint").url

        let process = Process()
        process.executableURL = tool
        process.arguments = extractor.remainingArguments + (folders.isEmpty ? [context.package.directoryURL.path] : folders)
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("predicate-lint exited with status \(process.terminationStatus)")
        }
    }
}
