import Foundation

/// What a run gets from the outside world besides its arguments, so that tests can set it.
public struct CommandEnvironment: Sendable {
    public var standardOutputIsTerminal: Bool
    public var variables: [String: String]
    public var workingDirectory: String
    public var readStandardInput: @Sendable () -> Data

    public init(standardOutputIsTerminal: Bool = false, variables: [String: String] = [:],
                workingDirectory: String = FileManager.default.currentDirectoryPath,
                readStandardInput: @escaping @Sendable () -> Data = { Data() }) {
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.variables = variables
        self.workingDirectory = workingDirectory
        self.readStandardInput = readStandardInput
    }

    public static var current: CommandEnvironment {
        CommandEnvironment(
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            variables: ProcessInfo.processInfo.environment,
            readStandardInput: { FileHandle.standardInput.readDataToEndOfFile() })
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
