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
        // The models of the targets they depend on, which may not be among those linted.
        let linted = Set(folders)
        let dependencyFolders = Set(targets.flatMap(\.recursiveTargetDependencies)
            .compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path }).subtracting(linted).sorted()
        let tool = try context.tool(named: "predicate-lint").url

        let process = Process()
        process.executableURL = tool
        process.arguments = extractor.remainingArguments + dependencyFolders.flatMap { ["--models", $0] }
            + (folders.isEmpty ? [context.package.directoryURL.path] : folders)
        // The findings are passed on before the verdict is given (SwiftPM shows a plugin's
        // diagnostics as they come, ahead of output still in a pipe). Where SwiftPM's own output
        // is not a terminal it may still print the verdict first.
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = Thread.detachedRead(errors.fileHandleForReading)
        let report = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        FileHandle.standardOutput.write(report)
        FileHandle.standardError.write(errorText.wait())
        switch process.terminationStatus {
        case 0: break
        case 1: Diagnostics.error("predicate-lint found problems (listed above)")
        default: Diagnostics.error("predicate-lint could not check everything (see above)")
        }
    }
}

extension Thread {
    /// Reads a pipe to its end on a thread of its own (so that neither pipe fills while the
    /// other is read), and hands the bytes over when asked.
    static func detachedRead(_ handle: FileHandle) -> PendingRead {
        let pending = PendingRead()
        Thread { pending.finish(handle.readDataToEndOfFile()) }.start()
        return pending
    }
}

final class PendingRead: @unchecked Sendable {
    private var data: Data?
    private let done = DispatchSemaphore(value: 0)

    func finish(_ data: Data) {
        self.data = data
        done.signal()
    }

    func wait() -> Data {
        done.wait()
        return data ?? Data()
    }
}
