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

    /// One step of a pattern.
    private enum Step: Equatable {
        case byte(UInt8)
        /// `?`: one character other than `/`.
        case anyCharacter
        /// `*`: any characters within a folder name.
        case anyWithinName
        /// `**`: any characters across folders; `skipsSlash` when written `**/`, which may also
        /// match no folder at all (then the `/` after it is skipped too).
        case anyAcrossFolders(skipsSlash: Bool)
    }

    private static func steps(_ pattern: ArraySlice<UInt8>) -> [Step] {
        var steps: [Step] = []
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let byte = pattern[index]
            if byte == UInt8(ascii: "*") {
                if index + 1 < pattern.endIndex, pattern[index + 1] == UInt8(ascii: "*") {
                    let skipsSlash = index + 2 < pattern.endIndex && pattern[index + 2] == UInt8(ascii: "/")
                    steps.append(.anyAcrossFolders(skipsSlash: skipsSlash))
                    index += 2
                } else {
                    steps.append(.anyWithinName)
                    index += 1
                }
            } else {
                steps.append(byte == UInt8(ascii: "?") ? .anyCharacter : .byte(byte))
                index += 1
            }
        }
        return steps
    }

    /// Runs the pattern as a set of positions over the path, one character at a time: time
    /// proportional to the pattern's length times the path's, whatever the pattern (a
    /// backtracking matcher takes exponential time on `*a*a*a*a*b`).
    private static func match(_ pattern: ArraySlice<UInt8>, _ path: ArraySlice<UInt8>) -> Bool {
        let steps = steps(pattern)
        var current = [Bool](repeating: false, count: steps.count + 1)
        // Marks a position and those reachable from it without reading a character: past a
        // `*` or `**` that matches nothing, and past a whole `**/` when it is entered anew
        // (having read something, it must go on to its `/`).
        func reach(_ position: Int, in set: inout [Bool], entering: Bool = true) {
            var position = position
            var entering = entering
            while position <= steps.count, !set[position] || !entering {
                set[position] = true
                guard position < steps.count else { return }
                switch steps[position] {
                case .anyWithinName: position += 1
                case .anyAcrossFolders(let skipsSlash):
                    if skipsSlash && entering { reach(position + 2, in: &set) }
                    position += 1
                default: return
                }
                entering = true
            }
        }
        reach(0, in: &current)
        for character in path {
            var next = [Bool](repeating: false, count: steps.count + 1)
            for position in 0..<steps.count where current[position] {
                switch steps[position] {
                case .byte(let byte) where byte == character: reach(position + 1, in: &next)
                case .anyCharacter where character != UInt8(ascii: "/"): reach(position + 1, in: &next)
                case .anyWithinName where character != UInt8(ascii: "/"): reach(position, in: &next)
                case .anyAcrossFolders: reach(position, in: &next, entering: false)
                default: break
                }
            }
            current = next
            if !current.contains(true) { return false }
        }
        return current[steps.count]
    }
}
