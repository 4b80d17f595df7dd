import Foundation

/// The version of PredicateLint: `--version`, reports, the servers' `serverInfo`, and part of
/// every cache key (a new version never reads an old version's results).
public enum ToolVersion {
    public static let current = "0.2.0"

    /// The running executable's size and modification time, also part of every cache key:
    /// builds between releases share a version (a plugin built from a revision of main, a
    /// developer's build), and one must not read the findings an earlier build wrote with
    /// other rules. Empty where the executable cannot be found: then the version alone decides.
    static let buildStamp: String = {
        guard let path = Bundle.main.executablePath, let stamp = FileStamp(path: path) else { return "" }
        return "\(stamp.size)-\(stamp.modified)"
    }()
}
