/// Mutations for the fuzz tests: byte flips, insertions of syntax-heavy bytes, deletions,
/// truncations and splices of two seeds. The result may be any bytes, decoded as a lossy string
/// as the tool decodes what it reads.
public enum Mutation {
    public static func mutate(_ seed: String, splicingFrom seeds: [String], _ random: inout SeededRandom) -> String {
        var bytes = Array(seed.utf8)
        let interesting: [UInt8] = Array("{}()[]<>$0.?!#@\"\\/*=&|~,:;\n\r\t é".utf8) + [0x00, 0xFF, 0xC3]
        for _ in 0..<(1 + random.next(upTo: 4)) {
            switch random.next(upTo: 5) {
            case 0 where !bytes.isEmpty:
                bytes[random.next(upTo: bytes.count)] = UInt8(truncatingIfNeeded: random.next())
            case 1:
                bytes.insert(interesting[random.next(upTo: interesting.count)], at: random.next(upTo: bytes.count + 1))
            case 2 where !bytes.isEmpty:
                let start = random.next(upTo: bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.next(upTo: 8)))
            case 3:
                bytes = Array(bytes.prefix(random.next(upTo: bytes.count + 1)))
            default:
                let other = Array(seeds[random.next(upTo: seeds.count)].utf8)
                let cut = random.next(upTo: bytes.count + 1)
                bytes = Array(bytes.prefix(cut)) + Array(other.suffix(random.next(upTo: other.count + 1)))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
