import SyntheticCorpus
import Testing
@testable import PredicateLintCore

/// A deterministic fuzz test: thousands of mutations of real inputs (rule examples and the
/// example models), each through the whole lint and fix pipeline. A crash fails the run; so
/// does a finding outside its file, or a fix that breaks a file that parsed.
@Suite struct MutationFuzzTests {
    static let seeds: [String] = RuleRegistry.all.flatMap { rule in
        rule.description.triggering.map(\.plainCode) + rule.description.nonTriggering.map(\.plainCode)
            + rule.description.corrections.map(\.before.plainCode)
    } + ExampleModels.files.map(\.source)

    /// Byte flips, insertions of syntax-heavy bytes, deletions, truncations and splices of
    /// two seeds; the result may be any bytes, decoded as a lossy string like the tool does.
    static func mutate(_ seed: String, _ random: inout SeededRandom) -> String {
        var bytes = Array(seed.utf8)
        let interesting: [UInt8] = Array("{}()[]<>$0.?!#@\"\\/*=&|~,:;\n\r\t é".utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<(1 + random.next(upTo: 4)) {
            switch random.next(upTo: 5) {
            case 0 where !bytes.isEmpty:
                bytes[random.next(upTo: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            case 1:
                bytes.insert(interesting[random.next(upTo: interesting.count)], at: random.next(upTo: bytes.count + 1))
            case 2 where !bytes.isEmpty:
                let start = random.next(upTo: bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.next(upTo: 8)))
            case 3:
                bytes = Array(bytes.prefix(random.next(upTo: bytes.count + 1)))
            default:
                let other = Array(seeds[random.next(upTo: seeds.count)].utf8)
                let cut = random.next(upTo: bytes.count + 1)
                bytes = Array(bytes.prefix(cut)) + Array(other.suffix(random.next(upTo: other.count + 1)))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: 0..<8)
    func mutationsNeverCrashMisplaceOrBreak(_ shard: Int) {
        var random = SeededRandom(seed: UInt64(shard) &* 7_919 &+ 1)
        let linter = Linter(rules: RuleRegistry.all.map { $0.init() }, deploymentTarget: .swiftDataMinimum)
        let fixer = Fixer(linter: linter)
        let models = ModelIndex(files: ExampleModels.files.map { SourceFile(path: $0.path, text: $0.source) })
        for _ in 0..<500 {
            let text = Self.mutate(Self.seeds[random.next(upTo: Self.seeds.count)], &random)
            let file = SourceFile(path: "Fuzz.swift", text: text)
            let byteCount = text.utf8.count
            let lineCount = text.reduce(1) { $1 == "\n" || $1 == "\r\n" || $1 == "\r" ? $0 + 1 : $0 }
            for finding in linter.lint(file, models: ModelIndex(files: [file] + [])) + linter.lint(file, models: models) {
                #expect(finding.offset >= 0 && finding.offset <= byteCount, "\(text)")
                #expect(finding.line >= 1 && finding.line <= lineCount && finding.column >= 1, "\(text)")
            }
            let fixed = fixer.fix(file, models: models)
            if !file.tree.hasError && fixed.changed {
                #expect(!SourceFile(path: "Fuzz.swift", text: fixed.text).tree.hasError, "a fix broke:\n\(text)")
            }
        }
    }
}
