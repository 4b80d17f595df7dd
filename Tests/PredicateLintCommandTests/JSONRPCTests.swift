import Foundation
import Testing
@testable import PredicateLintCommand

/// Messages are read in time linear in their size, in both framings, even when they arrive in
/// many small pieces (as a pipe delivers them).
@Suite struct JSONRPCTests {
    static func receive(_ framed: Data, framing: JSONRPCConnection.Framing) -> (JSONRPCConnection.Incoming, TimeInterval) {
        let pipe = Pipe()
        let writer = Thread {
            var offset = 0
            while offset < framed.count {
                let end = min(offset + 65_536, framed.count)
                pipe.fileHandleForWriting.write(framed[offset..<end])
                offset = end
            }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let connection = JSONRPCConnection(input: pipe.fileHandleForReading, output: FileHandle.nullDevice, framing: framing)
        let start = Date()
        let incoming = connection.receive()
        return (incoming, Date().timeIntervalSince(start))
    }

    static func message(textBytes: Int) -> Data {
        Data(#"{"jsonrpc":"2.0","method":"note","params":{"text":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: textBytes)
            + Data(#""}}"#.utf8)
    }

    @Test func anEightMegabyteLineIsReadInSeconds() {
        let (incoming, seconds) = Self.receive(Self.message(textBytes: 8 << 20) + Data("\n".utf8), framing: .newlineDelimited)
        guard case .message(let json) = incoming else { Issue.record("\(incoming)"); return }
        #expect(json["params"]?["text"]?.string?.utf8.count == 8 << 20)
        #expect(seconds < 30)
    }

    @Test func aFiftyMegabyteFrameIsReadInSeconds() {
        let body = Self.message(textBytes: 50 << 20)
        let (incoming, seconds) = Self.receive(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body, framing: .contentLength)
        guard case .message(let json) = incoming else { Issue.record("\(incoming)"); return }
        #expect(json["params"]?["text"]?.string?.utf8.count == 50 << 20)
        #expect(seconds < 90)
    }

    /// A length past the limit (up to `Int.max`) is refused without arithmetic overflow, its
    /// bytes are skipped, and the next message is read.
    @Test(arguments: [Int.max, Int.max - 3, JSONRPCConnection.maximumMessageBytes + 1])
    func anOversizedContentLengthIsRefusedAndSkipped(_ length: Int) {
        let next = Data(#"{"jsonrpc":"2.0","method":"next"}"#.utf8)
        let skipped = length <= JSONRPCConnection.maximumMessageBytes + 1 ? Data(repeating: 0x20, count: length) : Data()
        let framed = Data("Content-Length: \(length)\r\n\r\n".utf8) + skipped + Data("Content-Length: \(next.count)\r\n\r\n".utf8) + next
        let pipe = Pipe()
        let writer = Thread {
            pipe.fileHandleForWriting.write(framed)
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let connection = JSONRPCConnection(input: pipe.fileHandleForReading, output: FileHandle.nullDevice, framing: .contentLength)
        guard case .malformed(let reason) = connection.receive() else { Issue.record("not refused"); return }
        #expect(reason.contains("is more than the 64 MB"))
        if skipped.isEmpty {
            // Nothing can follow a message that long: the input ends while it is skipped.
            guard case .end = connection.receive() else { Issue.record("expected the end"); return }
        } else {
            guard case .message(let json) = connection.receive() else { Issue.record("the next message was lost"); return }
            #expect(json["method"]?.string == "next")
        }
    }
}
