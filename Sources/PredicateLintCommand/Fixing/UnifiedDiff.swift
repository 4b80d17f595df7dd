/// The unified diff between two versions of a file, as `diff -u` and `git diff` print it.
public enum UnifiedDiff {
    public static func make(old: String, new: String, path: String, context: Int = 3) -> String {
        let a = lines(old)
        let b = lines(new)
        let operations = editScript(a, b)
        guard operations.contains(where: { $0 != .keep }) else { return "" }
        // `a/` and `b/` prefixes, as git writes them, only where the path is relative.
        let (old, new) = path.hasPrefix("/") ? (path, path) : ("a/\(path)", "b/\(path)")
        var output = "--- \(header(old))\n+++ \(header(new))\n"
        // Group the script into hunks: changes with up to `context` unchanged lines around them.
        var index = 0
        var (aLine, bLine) = (0, 0)
        var positions: [(a: Int, b: Int)] = []
        for operation in operations {
            positions.append((aLine, bLine))
            switch operation {
            case .keep: aLine += 1; bLine += 1
            case .delete: aLine += 1
            case .insert: bLine += 1
            }
        }
        while index < operations.count {
            guard let firstChange = operations[index...].firstIndex(where: { $0 != .keep }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            var unchangedRun = 0
            var cursor = firstChange
            while cursor < operations.count {
                if operations[cursor] == .keep {
                    unchangedRun += 1
                    if unchangedRun > 2 * context { break }
                } else {
                    unchangedRun = 0
                    end = cursor
                }
                cursor += 1
            }
            let stop = min(operations.count, end + context + 1)
            let hunk = operations[start..<stop]
            let aCount = hunk.filter { $0 != .insert }.count
            let bCount = hunk.filter { $0 != .delete }.count
            let aStart = aCount == 0 ? positions[start].a : positions[start].a + 1
            let bStart = bCount == 0 ? positions[start].b : positions[start].b + 1
            output += "@@ -\(aStart),\(aCount) +\(bStart),\(bCount) @@\n"
            for offset in start..<stop {
                switch operations[offset] {
                case .keep: output += " " + terminated(a[positions[offset].a])
                case .delete: output += "-" + terminated(a[positions[offset].a])
                case .insert: output += "+" + terminated(b[positions[offset].b])
                }
            }
            index = stop
        }
        return output
    }

    enum Operation: Equatable { case keep, delete, insert }

    /// Lines with their endings, so that a change of line ending shows as a change.
    /// A header's name as git writes it: as it is when every byte is printable ASCII other than
    /// `"` and `\\`, else in double quotes with C escapes and other bytes in octal, which git
    /// and GNU patch read back. A raw line break in a name would otherwise start a header of
    /// its own, and `patch` would edit the file that header names.
    static func quoted(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.contains(where: { $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return name }
        var text = "\""
        for byte in bytes {
            switch byte {
            case 0x07: text += "\\a"
            case 0x08: text += "\\b"
            case 0x09: text += "\\t"
            case 0x0A: text += "\\n"
            case 0x0B: text += "\\v"
            case 0x0C: text += "\\f"
            case 0x0D: text += "\\r"
            case UInt8(ascii: "\""): text += "\\\""
            case UInt8(ascii: "\\"): text += "\\\\"
            case _ where byte < 0x20 || byte >= 0x7F:
                let octal = String(byte, radix: 8)
                text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: text.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return text + "\""
    }

    /// A name in a header: quoted where it must be, and followed by a tab where it holds a
    /// space, so that `patch` knows where it ends (as git writes it).
    static func header(_ name: String) -> String {
        quoted(name) + (name.contains(" ") ? "\t" : "")
    }

    static func lines(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        for index in text.indices where text[index] == "\n" || text[index] == "\r\n" {
            result.append(text[start...index])
            start = text.index(after: index)
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }

    private static func terminated(_ line: Substring) -> String {
        line.hasSuffix("\n") || line.hasSuffix("\r\n") ? String(line) : line + "\n\\ No newline at end of file\n"
    }

    /// Myers' shortest edit script, O((N + M) · D): fixes change few lines of long files.
    static func editScript(_ a: [Substring], _ b: [Substring]) -> [Operation] {
        let n = a.count, m = b.count, maximum = n + m
        var frontier = [Int](repeating: 0, count: 2 * maximum + 2)
        var trace: [[Int]] = []
        var found = false
        for d in 0...maximum {
            trace.append(frontier)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && frontier[k - 1 + maximum] < frontier[k + 1 + maximum]))
                    ? frontier[k + 1 + maximum] : frontier[k - 1 + maximum] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[k + maximum] = x
                if x >= n, y >= m { found = true; break }
            }
            if found { break }
        }
        // Walk the trace back from the end to recover the script.
        var operations: [Operation] = []
        var (x, y) = (n, m)
        for d in stride(from: trace.count - 1, through: 0, by: -1) where x > 0 || y > 0 {
            let v = trace[d]
            let k = x - y
            let previousK = (k == -d || (k != d && v[k - 1 + maximum] < v[k + 1 + maximum])) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : v[previousK + maximum]
            let previousY = previousX - previousK
            while x > previousX, y > previousY { operations.append(.keep); x -= 1; y -= 1 }
            if d > 0 { operations.append(x == previousX ? .insert : .delete) }
            (x, y) = (previousX, previousY)
        }
        while x > 0, y > 0 { operations.append(.keep); x -= 1; y -= 1 }
        return operations.reversed()
    }
}
