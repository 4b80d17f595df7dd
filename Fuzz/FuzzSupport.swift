// Shared by the fuzz targets (each built as its own binary with one of the Fuzz*.swift files).
import Foundation

/// Runs `body` on a thread with the stack every thread of the tool has (64 MB), and waits:
/// libFuzzer calls its target on the main thread, whose stack is smaller than the tool's.
func onToolStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
}

extension Data {
    init(fuzzInput data: UnsafePointer<UInt8>, _ size: Int) {
        self.init(bytes: data, count: size)
    }
}
