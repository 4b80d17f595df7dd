/// An input the tool could not use; reported on stderr, and the run exits with 2.
public struct InputProblem: Error, Equatable, Sendable {
    public let path: String
    public var line: Int? = nil
    public let message: String

    public init(path: String, line: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.message = message
    }

    public var description: String { "error: \(Paths.onOneLine(path))\(line.map { ":\($0)" } ?? ""): \(message)" }
}
