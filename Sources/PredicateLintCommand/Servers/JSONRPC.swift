import Foundation
import PredicateLintCore

/// JSON-RPC 2.0 over a pair of byte streams, written once for both servers: the Language Server
/// Protocol frames each message with a `Content-Length` header, the Model Context Protocol's
/// stdio transport puts one message on each line. Reading is linear in the bytes received,
/// however large a message; sending is safe from any thread.
public final class JSONRPCConnection: @unchecked Sendable {
    public enum Framing: Sendable {
        case contentLength
        case newlineDelimited
    }

    public enum Incoming: Sendable {
        /// A JSON value: an object for a message, an array for a batch, anything else for the
        /// caller to refuse as an invalid request.
        case message(JSON)
        /// Bytes that are not JSON; answered with a parse error, never fatal.
        case malformed(String)
        case end
    }

    private let input: FileHandle
    private let output: FileHandle
    private let framing: Framing
    /// Bytes received; those before `start` are consumed.
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next delimiter resumes, so no byte is searched twice.
    private var searchFrom = 0
    /// For `Content-Length` framing: the body's place once its header is read.
    private var pendingBody: Range<Int>?
    /// Bytes of a refused message still to be skipped as they arrive.
    private var skipping = 0

    /// The largest `Content-Length` read: larger ones are answered with an error and their
    /// bytes skipped unread, so that a length near `Int.max` can neither overflow an offset
    /// nor make the server hold the message.
    public static let maximumMessageBytes = 64 << 20

    /// What the buffer holds next: a whole message's bytes, or why one was refused.
    private enum Frame { case body([UInt8]), refused(String) }
    private let sendLock = NSLock()

    public init(input: FileHandle, output: FileHandle, framing: Framing) {
        self.input = input
        self.output = output
        self.framing = framing
        // A client that goes away while an answer is being written must not kill the server
        // with SIGPIPE: the write fails instead, and is dropped.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The next message, waiting for it; `.end` when the input is closed.
    public func receive() -> Incoming {
        while true {
            switch nextFrame() {
            case .body(let frame)?:
                do {
                    return .message(try JSON.parse(frame))
                } catch {
                    return .malformed("\(error.message) at line \(error.line), column \(error.column)")
                }
            case .refused(let reason)?:
                return .malformed(reason)
            case nil:
                break
            }
            let chunk = input.availableData
            if chunk.isEmpty {
                // What is left without a newline is still a message on a line of its own.
                if framing == .newlineDelimited, start < buffer.count {
                    buffer.append(0x0A)
                    continue
                }
                return .end
            }
            compact()
            buffer.append(contentsOf: chunk)
        }
    }

    /// Drops consumed bytes once they are the larger part of the buffer: each byte is moved
    /// at most a constant number of times.
    private func compact() {
        guard start > 0, start * 2 >= buffer.count else { return }
        buffer.removeFirst(start)
        searchFrom -= start
        pendingBody = pendingBody.map { ($0.lowerBound - start)..<($0.upperBound - start) }
        start = 0
    }

    /// One frame's body from the buffer, if a whole one is there.
    private func nextFrame() -> Frame? {
        switch framing {
        case .newlineDelimited:
            while let newline = firstIndex(of: [0x0A]) {
                let line = buffer[start..<newline]
                start = newline + 1
                searchFrom = start
                if !line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { return .body(Array(line)) }
            }
            return nil
        case .contentLength:
            if skipping > 0 {
                let skipped = min(skipping, buffer.count - start)
                (start, skipping) = (start + skipped, skipping - skipped)
                searchFrom = start
                if skipping > 0 { return nil }
            }
            if pendingBody == nil {
                guard let headerEnd = firstIndex(of: Array("\r\n\r\n".utf8)) else { return nil }
                let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
                start = headerEnd + 4
                searchFrom = start
                // Found anywhere in a header line, so that stray bytes left by a damaged
                // message before it do not lose the next one.
                let length = header.split(separator: "\r\n").compactMap { line -> Int? in
                    guard let name = line.lowercased().range(of: "content-length:") else { return nil }
                    return Int(line.lowercased()[name.upperBound...].trimmingCharacters(in: .whitespaces))
                }.first
                guard let length, length >= 0 else { return .refused("Parse error: missing Content-Length") }
                guard length <= Self.maximumMessageBytes else {
                    skipping = length
                    return .refused("Content-Length \(length) is more than the \(Self.maximumMessageBytes >> 20) MB a message may have; "
                        + "the message is skipped")
                }
                pendingBody = start..<(start + length)
            }
            guard let body = pendingBody, buffer.count >= body.upperBound else { return nil }
            pendingBody = nil
            start = body.upperBound
            searchFrom = start
            return .body(Array(buffer[body]))
        }
    }

    /// The first occurrence of `delimiter` at or after `searchFrom`; remembers how far it looked.
    private func firstIndex(of delimiter: [UInt8]) -> Int? {
        let from = max(start, searchFrom)
        let found = buffer.withUnsafeBufferPointer { bytes in
            delimiter.withUnsafeBufferPointer { ByteSearch.firstOffset(of: $0, in: bytes, from: from) }
        }
        if let found { return found }
        searchFrom = max(start, buffer.count - delimiter.count + 1)
        return nil
    }

    // MARK: Sending

    public func send(_ message: JSON) {
        let body = Array(message.serialized(.compact).utf8)
        let frame: [UInt8] = switch framing {
        case .newlineDelimited: body + [0x0A]
        case .contentLength: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        sendLock.withLock { try? output.write(contentsOf: Data(frame)) }
    }

    /// A message with `"jsonrpc": "2.0"` first, then the given members.
    public static func message(_ members: [(String, JSON?)]) -> JSON {
        .object([("jsonrpc", "2.0")] + members)
    }

    public func respond(to id: JSON, result: JSON) {
        send(Self.message([("id", id), ("result", result)]))
    }

    public func respond(to id: JSON?, error code: Int, _ message: String) {
        send(Self.errorResponse(to: id, code: code, message))
    }

    public static func errorResponse(to id: JSON?, code: Int, _ message: String) -> JSON {
        Self.message([("id", id ?? .null), ("error", ["code": .integer(code), "message": .string(message)])])
    }

    public func notify(_ method: String, _ params: JSON) {
        send(Self.message([("method", .string(method)), ("params", params)]))
    }

    /// JSON-RPC's error codes, and the Language Server Protocol's own.
    public enum ErrorCode {
        public static let parseError = -32700
        public static let invalidRequest = -32600
        public static let methodNotFound = -32601
        public static let invalidParams = -32602
        public static let serverNotInitialized = -32002
    }
}

/// One JSON-RPC message, read: whether it is a request (an id), a notification or a response.
public struct IncomingMessage: Sendable {
    public let id: JSON?
    public let method: String?
    public let params: JSON
    /// An object with `result` or `error` and no method: a response to something we sent.
    public let isResponse: Bool

    /// Nil for a value that is not a JSON-RPC message at all (not an object).
    public init?(_ json: JSON) {
        guard case .object = json else { return nil }
        id = json["id"]
        method = json["method"]?.string
        params = json["params"] ?? [:]
        isResponse = method == nil && (json["result"] != nil || json["error"] != nil)
    }
}
