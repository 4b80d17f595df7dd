/// A path pattern as `included`/`excluded` write them: `*` within a folder name, `**` across
/// folders, `?` one character. A pattern without wildcards names a file or a whole folder.
public struct Glob: Sendable, Equatable {
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
    }

    /// Whether a path relative to the configuration's folder matches.
    public func matches(_ path: String) -> Bool {
        let pattern = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
        if !pattern.contains(where: { "*?".contains($0) }) {
            return path == pattern || path.hasPrefix(pattern + "/")
        }
        return Self.match(Array(pattern.utf8)[...], Array(path.utf8)[...])
            // `Sources/**` also covers what is inside `Sources/**/`.
            || Self.match(Array((pattern + "/**").utf8)[...], Array(path.utf8)[...])
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
        var pattern = pattern
        var path = path
        while let first = pattern.first {
            if first == UInt8(ascii: "*") {
                let isDouble = pattern.dropFirst().first == UInt8(ascii: "*")
                let rest = pattern.dropFirst(isDouble ? 2 : 1)
                // `**/` may also match no folder at all.
                if isDouble, rest.first == UInt8(ascii: "/"), match(rest.dropFirst(), path) { return true }
                var candidate = path
                while true {
                    if match(rest, candidate) { return true }
                    guard let next = candidate.first, isDouble || next != UInt8(ascii: "/") else { return false }
                    candidate = candidate.dropFirst()
                }
            }
            guard let character = path.first else { return false }
            if first != UInt8(ascii: "?") && first != character { return false }
            if first == UInt8(ascii: "?") && character == UInt8(ascii: "/") { return false }
            pattern = pattern.dropFirst()
            path = path.dropFirst()
        }
        return path.isEmpty
    }
}
