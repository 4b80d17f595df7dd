import PredicateLintCore

/// What the prefilter said about each content seen before, by its digest: a warm run then
/// reads and digests each file but does not scan it again. A line: digest, flags (p m s r),
/// then the extended, declared and root names, each list joined by commas.
enum ScanIndex: CacheIndex {
    static let fileName = "scan-index-v4.tsv"
    static let fieldCount = 5

    static func record(_ fields: [UnsafeRawBufferPointer]) -> (ContentDigest, Prefilter)? {
        guard fields[1].count == 4, let digest = ContentDigest(hexBytes: fields[0]) else { return nil }
        var prefilter = Prefilter()
        let flags = fields[1]
        prefilter.hasQuery = flags[0] == UInt8(ascii: "p")
        prefilter.hasModel = flags[1] == UInt8(ascii: "m")
        prefilter.hasSuppression = flags[2] == UInt8(ascii: "s")
        prefilter.mayDeclareRegex = flags[3] == UInt8(ascii: "r")
        func names(_ field: UnsafeRawBufferPointer) -> Set<String> {
            field.isEmpty ? [] : Set(field.split(separator: 0x2C).map { String(decoding: $0, as: UTF8.self) })
        }
        prefilter.extendedNames = names(fields[2])
        prefilter.declaredNames = names(fields[3])
        prefilter.rootNames = names(fields[4])
        return (digest, prefilter)
    }

    static func line(_ digest: ContentDigest, _ prefilter: Prefilter) -> String? {
        let flags = (prefilter.hasQuery ? "p" : "-") + (prefilter.hasModel ? "m" : "-") + (prefilter.hasSuppression ? "s" : "-")
            + (prefilter.mayDeclareRegex ? "r" : "-")
        let names = [prefilter.extendedNames, prefilter.declaredNames, prefilter.rootNames].map { $0.sorted().joined(separator: ",") }
        return "\(digest)\t\(flags)\t" + names.joined(separator: "\t")
    }
}
