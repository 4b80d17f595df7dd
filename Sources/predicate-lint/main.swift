import Foundation
import PredicateLintCommand

Command.prepareForInterruption()
let output = Command.run(Array(CommandLine.arguments.dropFirst()), environment: .process)
exit(output.deliver())
