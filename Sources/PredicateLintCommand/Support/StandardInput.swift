import Foundation
import PredicateLintCore

/// `--stdin`'s text, read with plain `read` calls: Foundation's `readDataToEndOfFile` stops the
/// process when the descriptor is closed (`<&-`) or is a folder (`< dir`), and reads without
/// end from a device. Here each is an error that says what to do.
enum StandardInput {
    struct Failure: Error {
        let message: String
    }

    /// Everything on the descriptor up to its end, refused past the size the parser takes.
    static func readAll(from descriptor: Int32 = STDIN_FILENO, limit: Int = ParseGuard.maximumBytes + 3) throws(Failure) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw Failure(message: "standard input cannot be read (\(String(cString: strerror(errno)))); "
                    + "pipe the file's text into it, for example `predicate-lint --stdin < File.swift`")
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[..<count])
            guard data.count <= limit else {
                throw Failure(message: "standard input holds more than the \(ParseGuard.maximumBytes >> 20) MB this tool parses; "
                    + "it was not checked")
            }
        }
    }
}
