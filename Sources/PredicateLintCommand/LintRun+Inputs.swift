import Foundation

extension LintRun {
    // MARK: 0. Inputs

    /// The output of a run whose paths had to be settled first (run-script inputs joined, names
    /// that are not UTF-8 refused, relative paths from a working directory that is gone), or nil
    /// when they are settled and the run goes on.
    func settlingInputs() -> CommandOutput? {
        guard options.scriptInputs.isEmpty else {
            // An Xcode run-script phase's inputs join the paths.
            switch ScriptInputFiles.paths(from: options.scriptInputs, variables: environment.variables) {
            case .success(let (paths, undecodable)):
                var options = options
                (options.paths, options.scriptInputs) = (options.paths + paths, [])
                guard !options.paths.isEmpty else {
                    return CommandOutput(standardError: "No Swift files among the run-script phase's inputs; nothing to check\n")
                }
                var environment = environment
                environment.undecodableNames.merge(undecodable) { first, _ in first }
                return LintRun(options: options, environment: environment).run()
            case .failure(let error):
                return CommandOutput(standardError: "error: \(error.message)\n", exitCode: 2)
            }
        }
        // A name that was not UTF-8 decodes to a spelling that may be another file's: refused
        // by name, and the other paths are still checked.
        let undecodable = options.paths.compactMap { path in environment.undecodableNames[path].map { (path, $0) } }
        if !undecodable.isEmpty {
            var options = options
            options.paths.removeAll { environment.undecodableNames[$0] != nil }
            let refused = undecodable.map { "error: \($0.1): is not a UTF-8 name, which this tool cannot open by name; rename it\n" }.joined()
            guard !options.paths.isEmpty else { return CommandOutput(standardError: refused, exitCode: 2) }
            var output = LintRun(options: options, environment: environment).run()
            output.standardError = refused + output.standardError
            output.exitCode = 2
            return output
        }
        if !environment.hasWorkingDirectory,
           let relative = (options.paths + [options.configPath].compactMap { $0 }).first(where: { !$0.hasPrefix("/") }) {
            return CommandOutput(standardError: "error: the folder this command was started in no longer exists (it was deleted "
                + "or moved), so `\(Paths.onOneLine(relative))` names nothing; cd into an existing folder, or give absolute paths\n",
                exitCode: 2)
        }
        return nil
    }
}
