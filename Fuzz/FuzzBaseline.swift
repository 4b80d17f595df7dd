// Baseline files as found on disk: parsed, written back, parsed again (the same counts).
import Foundation
import PredicateLintCommand

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    onToolStack {
        guard let baseline = try? Baseline(parsing: text) else { return }
        let again = try? Baseline(parsing: baseline.serialized())
        precondition(again == baseline, "a baseline does not survive being written and read")
    }
    return 0
}
