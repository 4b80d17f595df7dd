import Foundation

/// What the MCP server may read: its workspace folders and nothing outside them. A tool's
/// `path` brings the models of the file's project from disk, so a path outside the workspace
/// (`../other-app/q.swift`, `/`) would read, and through its findings reveal, folders the user
/// never opened; and a desktop client that starts the server at `/` would have it walk the
/// whole disk. The folders are the client's roots when it has them; else the folder the server
/// was started in, when that is a project; else none, and a `path` is refused until the client
/// sends roots.
enum MCPReach {
    /// The folder the server was started in, when it is a project's: not `/` or the home folder
    /// (where desktop clients start servers), and holding a project marker, a configuration
    /// or a Git repository.
    static func startingFolder(_ directory: String, home: String?) -> String? {
        let folder = Paths.absolute(directory)
        guard folder != "/", folder != home.map(Paths.absolute) else { return nil }
        let names = (FileDiscovery.directoryEntries(folder) ?? []).map(\.0)
        return names.contains(where: { Project.isMarker($0) || $0 == Configuration.fileName || $0 == ".git" }) ? folder : nil
    }

    /// The folders of a `roots/list` result: its `file://` roots, as paths.
    static func folders(fromRoots result: JSON) -> [String] {
        (result["roots"]?.array ?? []).compactMap { root -> String? in
            guard let uri = root["uri"]?.string, let url = URL(string: uri), url.isFileURL, !url.path.isEmpty else { return nil }
            return Paths.absolute(url.path)
        }
    }

    /// The absolute path a tool's `path` names, relative to the first folder, and the folder it
    /// lies in, when it lies in one of `folders` as written and once symbolic links are followed; with a note naming it
    /// when it does not exist (an assistant checks a file before it writes it). Else why it is
    /// refused.
    static func resolve(_ shownPath: String, in folders: [String]) -> Result<(path: String, folder: String, note: String?), MCPTools.Failure> {
        guard let first = folders.first else {
            return .failure(.init(message: "\(shownPath) was not checked: this server has no workspace folder (it was started "
                + "outside a project and the client sent no roots). Start it in the project's folder, or use a client that "
                + "sends its roots; code without a path is still checked."))
        }
        let path = URL(fileURLWithPath: shownPath, relativeTo: URL(fileURLWithPath: first, isDirectory: true)).standardizedFileURL.path
        let outside = MCPTools.Failure(message: "\(shownPath) was not checked: it is outside this server's workspace ("
            + folders.joined(separator: ", ") + "); give the path of a file inside it")
        guard let folder = folders.first(where: { Paths.isWithin(path, folder: $0) }) else { return .failure(outside) }
        // The deepest part of the path that exists, with its links followed, must be inside too.
        var existing = path
        while !FileManager.default.fileExists(atPath: existing), existing != "/" { existing = Paths.folder(of: existing) }
        let resolvedFolders = folders.map(resolved)
        guard resolvedFolders.contains(where: { Paths.isWithin(resolved(existing), folder: $0) }) else { return .failure(outside) }
        if existing == path { return .success((path, folder, nil)) }
        return .success((path, folder, "\(shownPath) does not exist (yet): it was checked as a new file, with the configuration "
            + "and models of the project around \(existing)."))
    }

    private static func resolved(_ path: String) -> String {
        Paths.real(path) ?? path
    }
}
