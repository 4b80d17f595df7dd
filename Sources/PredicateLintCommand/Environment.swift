import Foundation

/// What a run gets from the outside world besides its arguments, so that tests can set it.
public struct CommandEnvironment: Sendable {
    public var standardOutputIsTerminal: Bool
    public var variables: [String: String]
    public var workingDirectory: String
    /// Throws with a message for the user when there is no input to read (`StandardInput`).
    public var readStandardInput: @Sendable () throws -> Data
    /// Whether the process ends when the command returns: then what a run built (tens of
    /// thousands of strings on a large tree, 10 ms to free one by one) is left to the system,
    /// as compilers do. Off for tests and servers, which go on.
    public var endsAfterCommand = false

    public init(standardOutputIsTerminal: Bool = false, variables: [String: String] = [:],
                workingDirectory: String = FileManager.default.currentDirectoryPath,
                readStandardInput: @escaping @Sendable () throws -> Data = { Data() }) {
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.variables = variables
        self.workingDirectory = workingDirectory
        self.readStandardInput = readStandardInput
    }

    /// Whether the folder the run was started in still exists: a shell can sit in a folder
    /// that was deleted or moved since, and then the system gives no path for it (an empty
    /// one here) and relative paths name nothing.
    var hasWorkingDirectory: Bool {
        var isDirectory: ObjCBool = false
        return workingDirectory.hasPrefix("/") && FileManager.default.fileExists(atPath: workingDirectory, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    public static var current: CommandEnvironment {
        CommandEnvironment(
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            variables: ProcessInfo.processInfo.environment,
            readStandardInput: { try StandardInput.readAll() })
    }

    /// `current`, for a process that exits once the command has run.
    public static var process: CommandEnvironment {
        var environment = current
        environment.endsAfterCommand = true
        return environment
    }

    /// Colours only where a person reads them, and never when NO_COLOR is set (no-color.org).
    func colorize(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: true
        case .never: false
        case .auto: standardOutputIsTerminal && (variables["NO_COLOR"] ?? "").isEmpty
        }
    }
}
