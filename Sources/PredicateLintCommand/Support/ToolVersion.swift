/// The version of PredicateLint: `--version`, reports, the servers' `serverInfo`, and part of
/// every cache key (a new version never reads an old version's results).
public enum ToolVersion {
    public static let current = "0.2.0"
}
