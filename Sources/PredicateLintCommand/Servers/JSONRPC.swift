import Foundation

/// JSON-RPC 2.0 over a pair of byte streams, written once for both servers: the Language Server
/// Protocol frames each message with a `Content-Length` header, the Model Context Protocol's
/// stdio transport puts one message on each line. Sending is safe from any thread.
public final class JSONRPCConnection: @unchecked Sendable {
    public enum Framing: Sendable {
        case contentLength
        case newlineDelimited
    }

    public enum Incoming {
        case message([String: Any])
        /// Bytes that are not a JSON-RPC message; answered with a parse error, never fatal.
        case malformed(String)
        case end
    }

    private let input: FileHandle
    private let output: FileHandle
    private let framing: Framing
    private var buffer = Data()
    private let sendLock = NSLock()

    public init(input: FileHandle, output: FileHandle, framing: Framing) {
        self.input = input
        self.output = output
        self.framing = framing
    }

    /// The next message, waiting for it; `.end` when the input is closed.
    public func receive() -> Incoming {
        while true {
            if let frame = nextFrame() {
                guard let object = try? JSONSerialization.jsonObject(with: frame), let message = object as? [String: Any] else {
                    return .malformed(String(decoding: frame.prefix(200), as: UTF8.self))
                }
                return .message(message)
            }
            let chunk = input.availableData
            if chunk.isEmpty {
                // What is left without a newline is still a message on a line of its own.
                if framing == .newlineDelimited, !buffer.isEmpty {
                    buffer.append(0x0A)
                    continue
                }
                return .end
            }
            buffer.append(chunk)
        }
    }

    /// One frame's body from the buffer, if a whole one is there.
    private func nextFrame() -> Data? {
        switch framing {
        case .newlineDelimited:
            while let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return Data(line) }
            }
            return nil
        case .contentLength:
            guard let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
            let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
            // Found anywhere in a header line, so that stray bytes left by a damaged message
            // before it do not lose the next one.
            let length = header.split(separator: "\r\n").compactMap { line -> Int? in
                guard let name = line.lowercased().range(of: "content-length:") else { return nil }
                return Int(line.lowercased()[name.upperBound...].trimmingCharacters(in: .whitespaces))
            }.first
            guard let length, length >= 0 else {
                // A header without a length cannot be framed: drop it and report.
                buffer.removeSubrange(buffer.startIndex..<headerEnd.upperBound)
                return Data("not json: missing Content-Length".utf8)
            }
            guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { return nil }
            let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
            buffer.removeSubrange(buffer.startIndex..<(headerEnd.upperBound + length))
            return Data(body)
        }
    }

    public func send(_ message: [String: Any]) {
        var object = message
        object["jsonrpc"] = "2.0"
        guard let body = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        let frame: Data = switch framing {
        case .newlineDelimited: body + Data([0x0A])
        case .contentLength: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        sendLock.withLock { output.write(frame) }
    }

    public func respond(to id: Any, result: Any) {
        send(["id": id, "result": result])
    }

    public func respond(to id: Any?, error code: Int, _ message: String) {
        send(["id": id ?? NSNull(), "error": ["code": code, "message": message]])
    }

    /// JSON-RPC's error codes.
    public enum ErrorCode {
        public static let parseError = -32700
        public static let invalidRequest = -32600
        public static let methodNotFound = -32601
        public static let invalidParams = -32602
    }
}
