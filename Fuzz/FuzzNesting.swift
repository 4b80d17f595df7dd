// Nesting and chains at full size (up to 1 MB), built from the input: each byte picks a piece
// of Swift and the two after it how many times to repeat it (up to 60,000), so that the fuzzer
// explores the shapes that hang or overflow parsers. Hangs show as libFuzzer time-outs.
import Foundation
import PredicateLintCore

let pieces = [
    "[", "(", "{", "a ? b : ", "A<", "\"\\(", ".b", " + a", "else if a {} ", "?.b", "()", "#\"", "\"\"\"\n", "/*", "*/",
    "\n", "]", ")", "}", ">", "\"", "\\(", "//", "#/", "/#", "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNesting(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var text = ""
    var index = 0
    while index + 2 < size, text.utf8.count < 1_000_000 {
        let piece = pieces[Int(data[index]) % pieces.count]
        let count = (Int(data[index + 1]) << 8 | Int(data[index + 2])) % 60_001
        text += String(repeating: piece, count: min(count, max(1, (1_000_000 - text.utf8.count) / piece.utf8.count)))
        index += 3
    }
    let source = text
    onToolStack {
        let file = SourceFile(path: "Fuzz.swift", text: source)
        let linter = Linter(rules: RuleRegistry.all.map { $0.init() })
        _ = linter.lint(file, models: ModelIndex(files: [file]))
        _ = Fixer(linter: linter).fix(file, models: .empty)
    }
    return 0
}
