import Foundation

enum Paths {
    /// A path as line-based output shows it: control characters (a newline in a file name
    /// would start a line of its own, which could pass for a finding) written as escapes.
    static func onOneLine(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return path }
        var shown = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: shown += "\\u{\(String(scalar.value, radix: 16))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// `path` relative to `folder`, or nil when it is not inside it. Relative paths are taken
    /// from `base` (the current directory unless given); `.` and `..` are resolved first.
    static func relative(_ path: String, to folder: String, base: String? = nil) -> String? {
        // Asked for every file a configuration covers: two absolute paths with nothing to
        // standardize are compared as they are (Foundation's URL takes microseconds).
        if folder != "/", isStandardAbsolute(path), isStandardAbsolute(folder) {
            return path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : nil
        }
        let baseURL = base.map { URL(fileURLWithPath: $0, isDirectory: true) }
        let absolute = URL(fileURLWithPath: path, relativeTo: baseURL).standardizedFileURL.path
        let root = URL(fileURLWithPath: folder, relativeTo: baseURL).standardizedFileURL.path
        return absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : nil
    }

    /// The folder a file is in, standardized.
    /// No empty, `.` or `..` component and no trailing `/`: nothing to standardize.
    private static func isStandard(_ path: String.UTF8View) -> Bool {
        var componentLength = 0
        var dots = 0
        for byte in path.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if componentLength == 0 || componentLength == dots && dots <= 2 { return false }
                componentLength = 0
                dots = 0
            } else {
                componentLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return componentLength > 0 && !(componentLength == dots && dots <= 2)
    }

    /// Whether `path` is `folder` or lies below it (both standardized).
    static func isWithin(_ path: String, folder: String) -> Bool {
        path == folder || path.hasPrefix(folder == "/" ? "/" : folder + "/")
    }

    /// An absolute path with nothing to standardize: as `folder(of:)` gives folders.
    static func isStandardAbsolute(_ path: String) -> Bool {
        path.utf8.first == UInt8(ascii: "/") && (path == "/" || isStandard(path.utf8))
    }

    static func folder(of file: String) -> String {
        // Asked for every file, often several times: an absolute path with nothing to
        // standardize is cut at its last `/` (Foundation's URL takes microseconds per call).
        let utf8 = file.utf8
        if utf8.first == UInt8(ascii: "/"), isStandard(utf8), let slash = utf8.lastIndex(of: UInt8(ascii: "/")) {
            return slash == utf8.startIndex ? "/" : String(file[..<slash])
        }
        return URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().path
    }
}
