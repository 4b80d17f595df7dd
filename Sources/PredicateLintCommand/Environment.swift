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
    /// Names the system gave as bytes that are not UTF-8 (arguments, run-script variables), by
    /// the spelling Swift decoded them to (U+FFFD for each bad byte), with the bytes escaped:
    /// that spelling may name another file, so such a name is refused rather than opened.
    public var undecodableNames: [String: String] = [:]

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
        var environment = CommandEnvironment(
            standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
            variables: ProcessInfo.processInfo.environment,
            readStandardInput: { try StandardInput.readAll() })
        environment.undecodableNames = undecodableNamesOfProcess()
        return environment
    }

    /// The arguments and `SCRIPT_INPUT_FILE_…` variables of this process that are not UTF-8.
    static func undecodableNamesOfProcess() -> [String: String] {
        var names: [String: String] = [:]
        func note(_ pointer: UnsafePointer<CChar>) {
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            guard !ScannedFile.isValidUTF8(bytes) else { return }
            names[String(decoding: bytes, as: UTF8.self)] = Paths.escapingBytes(bytes)
        }
        for index in 1..<Int(CommandLine.argc) {
            if let argument = CommandLine.unsafeArgv[index] { note(argument) }
        }
        // The variables' names are ASCII; their values are asked for as bytes (`getenv`, POSIX).
        for name in ProcessInfo.processInfo.environment.keys where name.hasPrefix("SCRIPT_INPUT_FILE_") {
            if let value = getenv(name) { note(value) }
        }
        return names
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
