import Foundation
import PredicateLintCommand

Command.prepareForInterruption()
let output = Command.run(Array(CommandLine.arguments.dropFirst()), environment: .process)
FileHandle.standardOutput.write(Data(output.standardOutput.utf8))
FileHandle.standardError.write(Data(output.standardError.utf8))
exit(output.exitCode)
