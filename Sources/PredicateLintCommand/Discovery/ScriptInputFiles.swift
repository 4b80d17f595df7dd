import Foundation

/// The files an Xcode run-script phase lists as its inputs, which Xcode passes in the
/// environment rather than as arguments: `SCRIPT_INPUT_FILE_COUNT` and `SCRIPT_INPUT_FILE_0`…,
/// and `SCRIPT_INPUT_FILE_LIST_COUNT` and `SCRIPT_INPUT_FILE_LIST_0`… (each a file of paths,
/// one per line, with Xcode's build settings already expanded). Only Swift files are kept: a
/// phase may list other inputs too.
enum ScriptInputFiles {
    enum Source: String, Sendable, Equatable {
        case files = "--use-script-input-files"
        case fileLists = "--use-script-input-file-lists"

        var countVariable: String { self == .files ? "SCRIPT_INPUT_FILE_COUNT" : "SCRIPT_INPUT_FILE_LIST_COUNT" }
        var itemPrefix: String { self == .files ? "SCRIPT_INPUT_FILE_" : "SCRIPT_INPUT_FILE_LIST_" }
    }

    /// The Swift files `sources` name in `variables`, in their order, with the lines of file
    /// lists that are not UTF-8 (by their decoded spelling, bytes escaped); or what is missing.
    static func paths(from sources: [Source], variables: [String: String])
        -> Result<(paths: [String], undecodable: [String: String]), UsageError> {
        var paths: [String] = []
        var undecodable: [String: String] = [:]
        for source in sources {
            guard let text = variables[source.countVariable] else {
                return .failure(UsageError(message: "\(source.rawValue): \(source.countVariable) is not set; Xcode sets it in a "
                    + "run-script phase that lists input \(source == .files ? "files" : "file lists")"))
            }
            // Xcode sets a count of what it sets: anything else is a mistake to name, not to trust
            // (a huge count would make the run ask for that many variables).
            guard let count = Int(text), count >= 0, count <= variables.count else {
                return .failure(UsageError(message: "\(source.rawValue): \(source.countVariable) is '\(text.escapingControlCharacters)', "
                    + "not the number of \(source.itemPrefix)N variables set; let Xcode set it, or set it to that number"))
            }
            for index in 0..<count {
                let name = source.itemPrefix + String(index)
                guard let value = variables[name], !value.isEmpty else {
                    return .failure(UsageError(message: "\(source.rawValue): \(source.countVariable) is \(count) but \(name) is not set"))
                }
                guard source == .fileLists else {
                    paths.append(value)
                    continue
                }
                guard let data = FileManager.default.contents(atPath: value) else {
                    return .failure(UsageError(message: "\(value): the input file list \(name) names cannot be read; "
                        + "check the run-script phase's input file lists"))
                }
                for line in data.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
                    let path = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    guard !path.isEmpty else { continue }
                    paths.append(path)
                    Array(line).withUnsafeBufferPointer { bytes in
                        if !ScannedFile.isValidUTF8(bytes) { undecodable[path] = Paths.escapingBytes(bytes) }
                    }
                }
            }
        }
        return .success((paths.filter { $0.hasSuffix(".swift") }, undecodable))
    }
}
