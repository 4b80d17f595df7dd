import Foundation
import PredicateLintCore

/// The patterns Xcode's project and workspace files are read with, compiled once: a regex
/// literal is compiled each time it is evaluated, which made reading a large project most of a
/// warm run.
/// (Matching does not change a `Regex`; several threads may match with one.)
/// Each is tried only where the word it is about occurs, found by a byte search: a regex
/// tried at every position of a large project cost more than everything else in a warm run.
enum XcodePatterns {
    /// Tried where `_DEPLOYMENT_TARGET` occurs, from the start of the capitals before it.
    nonisolated(unsafe) static let deploymentSetting = /([A-Z]+_DEPLOYMENT_TARGET)\s*=\s*"?(\d+(?:\.\d+)*)"?\s*;/
    nonisolated(unsafe) static let supportedPlatforms = /SUPPORTED_PLATFORMS\s*=\s*"?([^";]*)"?\s*;/
    nonisolated(unsafe) static let sdkRoot = /SDKROOT\s*=\s*"?([^";]*)"?\s*;/
    nonisolated(unsafe) static let configurationList = /buildConfigurationList\s*=\s*(\w+)/
    nonisolated(unsafe) static let configurationMembers = /buildConfigurations\s*=\s*\(([^)]*)\)/
    nonisolated(unsafe) static let listMember = /(\w+)\s*(?:\/\*[^*]*\*\/)?\s*,/
    /// Tried only where `name` starts a word.
    nonisolated(unsafe) static let configurationName = /name\s*=\s*"?([^";]*)"?\s*;/
    /// In a workspace's `contents.xcworkspacedata`: the projects it holds.
    nonisolated(unsafe) static let workspaceProject = /location\s*=\s*"(?:group|container):([^"]+\.xcodeproj)"/

    /// Where `word` occurs in `text`, as offsets into its UTF-8, each after the one before.
    static func offsets(of word: String, in text: Substring) -> [Int] {
        let length = word.utf8.count
        let search = { (bytes: UnsafeBufferPointer<UInt8>) -> [Int] in
            var found: [Int] = []
            var start = 0
            while let hit = ByteSearch.firstOffset(of: word, in: bytes, from: start) {
                found.append(hit)
                start = hit + length
            }
            return found
        }
        if let found = text.utf8.withContiguousStorageIfAvailable(search) { return found }
        return Array(text.utf8).withUnsafeBufferPointer(search)
    }

    /// The first match of `pattern` starting where `word` occurs (the pattern starts with it);
    /// `asWord`: only where no letter, digit or underscore comes before it.
    static func firstMatch<Output>(of pattern: Regex<Output>, at word: String, asWord: Bool = false,
                                   in text: Substring) -> Regex<Output>.Match? {
        let utf8 = text.utf8
        for offset in offsets(of: word, in: text) {
            let start = utf8.index(utf8.startIndex, offsetBy: offset)
            if asWord, offset > 0, isWordByte(utf8[utf8.index(before: start)]) { continue }
            if let match = try? pattern.prefixMatch(in: text[start...]) { return match }
        }
        return nil
    }

    /// Every match of the deployment-setting `pattern`, tried from the capitals before each
    /// `word` (a regex starting with `[A-Z]+` matches there or nowhere before that word).
    static func matches<Output>(of pattern: Regex<Output>, at word: String, in text: Substring) -> [Regex<Output>.Match] {
        let utf8 = text.utf8
        var matches: [Regex<Output>.Match] = []
        var searchedUpTo = utf8.startIndex
        for offset in offsets(of: word, in: text) {
            var start = utf8.index(utf8.startIndex, offsetBy: offset)
            while start > searchedUpTo, case let byte = utf8[utf8.index(before: start)], byte >= 0x41 && byte <= 0x5A {
                start = utf8.index(before: start)
            }
            guard start >= searchedUpTo, let match = try? pattern.prefixMatch(in: text[start...]) else { continue }
            matches.append(match)
            searchedUpTo = match.range.upperBound
        }
        return matches
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F
    }
}
