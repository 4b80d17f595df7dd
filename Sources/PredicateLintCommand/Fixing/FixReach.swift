import Foundation

/// Where `--fix` may write: below the folders the run was given, where they really are, and
/// the files given by name. A folder or file link inside a linted tree can lead anywhere
/// (`Sources/Vendor -> ../../other`); what it reaches is read and checked like the rest, but
/// a hook that runs `predicate-lint lint --fix .` in one repository must never rewrite
/// another. A file named on the command line is the user's explicit choice, wherever its
/// link leads.
struct FixReach {
    /// The given folders with their links followed.
    private let folders: [String]
    /// The given files with their links followed.
    private let files: Set<String>

    init(paths: [String]) {
        var folders: [String] = []
        var files: Set<String> = []
        for path in paths {
            guard let real = Paths.real(path) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue { folders.append(real) } else { files.insert(real) }
        }
        (self.folders, self.files) = (folders, files)
    }

    /// Why the file really at `real` (`Paths.real`) must be left alone, or nil when it may be written.
    func refusal(ofReal real: String) -> String? {
        if files.contains(real) || folders.contains(where: { Paths.isWithin(real, folder: $0) }) { return nil }
        return "left alone by --fix: a symbolic link leads it out of the folders given (it is \(Paths.onOneLine(real))); "
            + "run --fix there to change it"
    }
}
