// libFuzzer entry point over the same pipeline the tool runs: parse, declarations, lint, fix.
// Built by Fuzz/run.sh with `swiftc -sanitize=fuzzer,address` together with the library.
import PredicateLintCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    onToolStack {
        let file = SourceFile(path: "Fuzz.swift", text: text)
        let models = ModelIndex(files: [file])
        let linter = Linter(rules: RuleRegistry.all.map { $0.init() }, deploymentTarget: DeploymentTarget(parsing: "iOS 17.0")!)
        let byteCount = text.utf8.count
        for finding in linter.lint(file, models: models) {
            precondition(finding.offset >= 0 && finding.offset <= byteCount && finding.line >= 1 && finding.column >= 1,
                         "finding outside the file")
        }
        let fixed = Fixer(linter: linter).fix(file, models: models)
        if !file.tree.hasError && fixed.changed {
            precondition(!SourceFile(path: "Fuzz.swift", text: fixed.text).tree.hasError, "a fix broke a file that parsed")
        }
    }
    return 0
}
