// `.predicate-lint.json` as a user (or an attacker) may write it: parsed, its globs matched,
// its effective form written. Errors are expected; crashes and hangs are not.
import Foundation
import PredicateLintCommand

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    onToolStack {
        guard let configuration = try? Configuration.parse(text, path: "/fuzz/.predicate-lint.json") else { return }
        for path in ["/fuzz/Sources/A.swift", "/fuzz/Sources/Generated/deep/er/B.swift", "/elsewhere/C.swift",
                     "/fuzz/" + String(repeating: "a/", count: 200) + "D.swift"] {
            _ = configuration.covers(path)
        }
        _ = configuration.effectiveJSON()
    }
    return 0
}
