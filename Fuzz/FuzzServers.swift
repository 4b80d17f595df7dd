// Both servers' message handling: the input is what a client sends, after a valid
// `initialize` (so the fuzzer reaches the states past it). The first byte picks the server.
// Each session runs to the end of its input; every answer goes nowhere.
import Foundation
import PredicateLintCommand

let lspInitialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///nonexistent-fuzz-root","capabilities":{}}}"#
let mcpInitialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}"#

// The servers keep their result cache under XDG_CACHE_HOME: a folder of the fuzzer's own, so that
// it neither reads nor rewrites the user's cache.
let privateCache: Bool = {
    setenv("XDG_CACHE_HOME", NSTemporaryDirectory() + "predicate-lint-fuzz-\(getpid())", 1) == 0
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServers(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0, privateCache else { return 0 }
    let useLanguageServer = data[0] % 2 == 0
    var input = useLanguageServer
        ? Data("Content-Length: \(lspInitialize.utf8.count)\r\n\r\n\(lspInitialize)".utf8)
        : Data((mcpInitialize + "\n").utf8)
    input.append(Data(bytes: data + 1, count: size - 1))
    let payload = input
    let toServer = Pipe()
    let sink = FileHandle(forWritingAtPath: "/dev/null")!
    let writer = Thread {
        toServer.fileHandleForWriting.write(payload)
        try? toServer.fileHandleForWriting.close()
    }
    writer.start()
    onToolStack {
        if useLanguageServer {
            let server = LanguageServer(input: toServer.fileHandleForReading, output: sink, debounce: .milliseconds(0))
            _ = server.run()
            server.waitUntilIdle()
        } else {
            MCPServer(input: toServer.fileHandleForReading, output: sink, root: "/nonexistent-fuzz-root").run()
        }
    }
    try? toServer.fileHandleForReading.close()
    try? sink.close()
    return 0
}
