import Foundation
import Testing
@testable import PredicateLintCommand
import PredicateLintCore
import SyntheticCorpus

/// `--fix` through the real file-writing path.
@Suite struct FixCommandTests {
    struct Variant: Sendable, CustomTestStringConvertible {
        let name: String
        let newline: String
        let byteOrderMark: Bool
        let permissions: Int
        var testDescription: String { name }

        func bytes(_ text: String) -> Data {
            let converted = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: newline)
            return (byteOrderMark ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(converted.utf8)
        }
    }

    static let variants = [
        Variant(name: "LF", newline: "\n", byteOrderMark: false, permissions: 0o644),
        Variant(name: "CRLF, group-writable", newline: "\r\n", byteOrderMark: false, permissions: 0o664),
        Variant(name: "byte-order mark, owner only", newline: "\n", byteOrderMark: true, permissions: 0o600),
    ]

    struct Correction: Sendable, CustomTestStringConvertible {
        let ruleID: String
        let before: String
        let after: String
        var testDescription: String { "\(ruleID): \(before)" }
    }

    static let cases: [(Correction, Variant)] = RuleRegistry.all.flatMap { rule in
        rule.description.corrections.flatMap { correction in
            variants.map { (Correction(ruleID: rule.description.id, before: correction.before.plainCode, after: correction.after), $0) }
        }
    }

    func permissions(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test(arguments: cases)
    func everyCorrectionIsWrittenKeepingLineEndingsMarkAndPermissions(_ correction: Correction, _ variant: Variant) throws {
        let tree = try TemporaryTree(Dictionary(uniqueKeysWithValues: ExampleModels.files.map { ($0.path, $0.source) }))
        try tree.write("Example.swift", variant.bytes(correction.before + "\n"))
        let path = tree.path("Example.swift")
        try FileManager.default.setAttributes([.posixPermissions: variant.permissions], ofItemAtPath: path)

        let output = Command.run(["--fix", "--enable-all-rules", tree.path()])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == variant.bytes(correction.after + "\n"))
        #expect(try permissions(path) == variant.permissions)
        #expect(output.exitCode == 0, "\(output.standardError)")
        // No temporary files are left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path()).sorted()
                == (["Example.swift"] + ExampleModels.files.map(\.path)).sorted())
    }

    @Test func fixingTheExampleAppLeavesOnlyWhatCannotBeFixed() throws {
        let tree = try TemporaryTree()
        try FileManager.default.removeItem(atPath: tree.path())
        try FileManager.default.copyItem(atPath: ExampleAppTests.appPath, toPath: tree.path())

        let before = Command.run(["--reporter", "json", tree.path()])
        let correctable = Set(RuleRegistry.all.map { $0.description }.filter(\.isCorrectable).map(\.id))
        let ofCorrectableRules = try findings(in: before.standardOutput).filter { correctable.contains($0.rule) }
        // Only some findings of a rule that can fix have a fix (none where no statement can
        // hold a constant, or the value's type cannot be spelled): the dry run counts them.
        let dryRun = Command.run(["--fix", "--dry-run", tree.path()]).standardError
        let fixable = dryRun.firstMatch(of: /Would fix (\d+) findings/).flatMap { Int($0.1) } ?? 0
        #expect(fixable >= 5, "the example app shows the corrections: \(dryRun)")
        let unfixable = ofCorrectableRules.count - fixable

        let fixed = Command.run(["--fix", "--reporter", "json", tree.path()])
        #expect(fixed.standardError.contains("Fixed \(fixable) findings"), "\(fixed.standardError)")
        let after = Command.run(["--reporter", "json", tree.path()])
        #expect(after.standardOutput == fixed.standardOutput, "the fix run reports what is left")

        let rulesBefore = try rules(in: before.standardOutput)
        let rulesAfter = try rules(in: after.standardOutput)
        // Every finding with a correction is gone: what is left of those rules has none…
        #expect(rulesAfter.filter(correctable.contains).count == unfixable, "\(rulesAfter.filter(correctable.contains))")
        // …and every other finding is still there.
        #expect(rulesAfter.filter { !correctable.contains($0) } == rulesBefore.filter { !correctable.contains($0) })

        // A second run changes nothing, to the byte.
        let snapshot = try contents(of: tree.path())
        let again = Command.run(["--fix", tree.path()])
        #expect(again.standardError.contains("Fixed 0 findings in 0 files"))
        #expect(try contents(of: tree.path()) == snapshot)
    }

    /// After fixing, what was left is counted by why: no statement to hold a constant, no sound
    /// rewrite where it is, or a rule with no fix at all.
    @Test func whatIsLeftIsCountedByWhy() throws {
        let tree = try TemporaryTree(Dictionary(uniqueKeysWithValues: ExampleModels.files.map { ($0.path, $0.source) }))
        try tree.write("Left.swift", Data("""
            struct Recent {
                let predicate = #Predicate<Movie> { $0.releaseDate < Date.now }
            }
            func suffixed() -> Predicate<Movie> {
                #Predicate<Movie> { $0.name.hasSuffix("s") && $0.isSelected && $0.releaseDate < Date.now }
            }

            """.utf8))
        try tree.write("Broken.swift", Data("func broken( {\n let p = #Predicate<Movie> { $0.releaseDate < Date.now }\n}\n".utf8))
        for dryRun in [true, false] {
            let output = Command.run(["--fix", "--no-cache"] + (dryRun ? ["--dry-run"] : []) + [tree.path()])
            #expect(output.standardError.contains("\(dryRun ? "Would fix" : "Fixed") 1 finding in 1 file"), "\(output.standardError)")
            #expect(output.standardError.contains("\(dryRun ? "Would leave" : "Left") 3 findings to rewrite by hand: "
                + "1 with no statement before their predicate to hold a constant (static-member 1); "
                + "1 with no sound rewrite where they are (unsupported-member 1); "
                + "1 of rules that have no fix (transient-property 1)" + "; the findings of 1 file that could not be fixed (named above) are not counted"),
                    "\(output.standardError)")
        }
    }

    @Test func dryRunPrintsTheDiffAndWritesNothing() throws {
        let tree = try TemporaryTree(["A.swift": "let p = #Predicate<Website> { $0.url.hasPrefix(\"https\") }\n"])
        let before = try contents(of: tree.path())
        let output = Command.run(["--fix", "--dry-run", tree.path()])
        let path = tree.path("A.swift")
        #expect(output.standardOutput == """
            --- \(path)
            +++ \(path)
            @@ -1,1 +1,1 @@
            -let p = #Predicate<Website> { $0.url.hasPrefix("https") }
            +let p = #Predicate<Website> { $0.url.starts(with: "https") }

            """)
        #expect(output.standardError.contains("Would fix 1 finding in 1 file"))
        #expect(try contents(of: tree.path()) == before)
        #expect(output.exitCode == 0, "what is left after the fix decides the exit code")
    }

    /// A file whose name is as long as the file system allows is fixed like any other: its
    /// temporary file's name is cut to fit.
    @Test func aFileWithTheLongestNameIsFixed() throws {
        for name in [String(repeating: "a", count: 249) + ".swift", String(repeating: "é", count: 124) + ".swift"] {
            let tree = try TemporaryTree([name: "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"])
            let output = Command.run(["--fix", tree.path()])
            #expect(output.standardError.contains("Fixed 1 finding in 1 file"), "\(name.utf8.count) bytes: \(output.standardError)")
            #expect(try String(contentsOfFile: tree.path(name), encoding: .utf8).contains("starts(with: \"a\")"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path()) == [name], "no temporary file is left")
        }
    }

    #if !canImport(Darwin)
    /// A POSIX access control list as Linux stores it (`system.posix_acl_access`): version 2,
    /// then (tag, permissions, id) entries. This one gives user 4242 read and write access.
    static let aclGrantingAUserWriteAccess: [UInt8] = {
        func entry(_ tag: UInt16, _ permissions: UInt16, _ id: UInt32) -> [UInt8] {
            withUnsafeBytes(of: tag.littleEndian, Array.init) + withUnsafeBytes(of: permissions.littleEndian, Array.init)
                + withUnsafeBytes(of: id.littleEndian, Array.init)
        }
        return withUnsafeBytes(of: UInt32(2).littleEndian, Array.init)
            + entry(0x01, 6, .max) + entry(0x02, 6, 4242) + entry(0x04, 4, .max) + entry(0x10, 6, .max) + entry(0x20, 4, .max)
    }()

    /// Replacing a file must not take away what its extended attributes give: an ACL that lets
    /// another user write it, a tag of the user's. Both are on the fixed file, as they were.
    @Test func extendedAttributesAndAccessControlListsAreKept() throws {
        let tree = try TemporaryTree(["A.swift": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"])
        let path = tree.path("A.swift")
        let attributes: [(String, [UInt8])] = [("user.project.tag", Array("reviewed".utf8)),
                                               ("system.posix_acl_access", Self.aclGrantingAUserWriteAccess)]
        for (name, value) in attributes {
            let set = value.withUnsafeBytes { ExtendedAttributes.setxattr?(path, name, $0.baseAddress, $0.count, 0) }
            try #require(set == 0, "this file system takes \(name)")
        }
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let output = Command.run(["--fix", "--no-cache", tree.path()])
        #expect(output.standardError.contains("Fixed 1 finding in 1 file"), "\(output.standardError)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("starts(with: \"a\")"))
        for (name, value) in attributes {
            #expect(ExtendedAttributes.value(of: Array(name.utf8CString), in: path) == value, "\(name)")
        }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == mode)
    }

    /// Where an attribute cannot be carried over, nothing is replaced.
    @Test func anAttributeThatCannotBeCopiedIsNamed() throws {
        let tree = try TemporaryTree(["A.swift": "let a = 1\n"])
        let set = Array("x".utf8).withUnsafeBytes { ExtendedAttributes.setxattr?(tree.path("A.swift"), "user.kept", $0.baseAddress, 1, 0) }
        try #require(set == 0)
        let failure = ExtendedAttributes.copy(from: tree.path("A.swift"), to: tree.path("Missing.swift"))
        #expect(failure?.hasPrefix("its extended attribute user.kept (No such file or directory)") == true, "\(failure ?? "nil")")
    }
    #else
    /// macOS keeps an access control list apart from the extended attributes (`chmod +a`, shown
    /// by `ls -le`): replacing a file keeps both, and its permissions.
    @Test func extendedAttributesAndAccessControlListsAreKept() throws {
        let tree = try TemporaryTree(["A.swift": Self.fixable])
        let path = tree.path("A.swift")
        let tag = Array("reviewed".utf8)
        try #require(tag.withUnsafeBytes { setxattr(path, "com.example.project.tag", $0.baseAddress, $0.count, 0, 0) } == 0)
        let granted = try runProgram("/bin/chmod", ["+a", "nobody allow write", path])
        try #require(granted.status == 0, "\(granted.output)")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let output = Command.run(["--fix", "--no-cache", tree.path()])
        #expect(output.standardError.contains("Fixed 1 finding in 1 file"), "\(output.standardError)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.fixed)
        var value = [UInt8](repeating: 0, count: 64)
        let size = getxattr(path, "com.example.project.tag", &value, value.count, 0, 0)
        #expect(size >= 0 && Array(value[..<max(0, size)]) == tag)
        let listed = try runProgram("/bin/ls", ["-le", path]).output
        #expect(listed.contains("user:nobody allow write"), "\(listed)")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == mode)
    }

    /// Where the attributes cannot be carried over, nothing is replaced, and the reason is given.
    @Test func anAttributeThatCannotBeCopiedIsNamed() throws {
        let tree = try TemporaryTree(["A.swift": "let a = 1\n"])
        let failure = ExtendedAttributes.copy(from: tree.path("A.swift"), to: tree.path("Missing/B.swift"))
        #expect(failure?.hasPrefix("its extended attributes or access control list (") == true, "\(failure ?? "nil")")
    }
    #endif

    @Test func aReadOnlyFileIsReportedAndTheOthersAreStillFixed() throws {
        let tree = try TemporaryTree([
            "Locked.swift": "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n",
            "Open.swift": "let q = #Predicate<Website> { $0.url.hasPrefix(\"b\") }\n",
        ])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: tree.path("Locked.swift"))
        let output = Command.run(["--fix", tree.path()])
        #expect(output.standardError.contains("error: \(tree.path("Locked.swift")): is read-only"))
        #expect(try String(contentsOfFile: tree.path("Locked.swift"), encoding: .utf8).contains("hasPrefix"))
        #expect(try String(contentsOfFile: tree.path("Open.swift"), encoding: .utf8).contains("starts(with:"))
        #expect(output.exitCode == 2)
    }

    @Test func aFileWithSyntaxErrorsIsLeftAloneAndNamed() throws {
        let broken = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") } }\n"
        let tree = try TemporaryTree(["Broken.swift": broken])
        let output = Command.run(["--fix", tree.path()])
        #expect(try String(contentsOfFile: tree.path("Broken.swift"), encoding: .utf8) == broken)
        #expect(output.standardError.contains("Broken.swift: was not fixed: it has syntax errors"))
        #expect(output.exitCode == 2)
    }

    static let fixable = "let p = #Predicate<Website> { $0.url.hasPrefix(\"a\") }\n"
    static let fixed = "let p = #Predicate<Website> { $0.url.starts(with: \"a\") }\n"

    /// The link stays a link; its target is fixed, with its own permissions.
    @Test func aSymbolicLinkKeepsPointingAtTheFixedFile() throws {
        let tree = try TemporaryTree(["Real/Site.swift": Self.fixable, "Links/.keep": ""])
        chmod(tree.path("Real/Site.swift"), 0o640)
        try FileManager.default.createSymbolicLink(atPath: tree.path("Links/Site.swift"), withDestinationPath: tree.path("Real/Site.swift"))
        let output = Command.run(["--fix", "--no-cache", tree.path("Links/Site.swift")])
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: tree.path("Links/Site.swift")) == tree.path("Real/Site.swift"))
        #expect(try String(contentsOfFile: tree.path("Real/Site.swift"), encoding: .utf8) == Self.fixed)
        var info = stat()
        stat(tree.path("Real/Site.swift"), &info)
        #expect(info.st_mode & 0o777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path("Real")) == ["Site.swift"])
    }

    /// A folder that holds a file and a link to it: fixed once, and the run is clean.
    @Test func aFileReachedTwiceIsFixedOnce() throws {
        let tree = try TemporaryTree(["App/Site.swift": Self.fixable])
        try FileManager.default.createSymbolicLink(atPath: tree.path("App/Alias.swift"), withDestinationPath: "Site.swift")
        let output = Command.run(["--fix", "--no-cache", tree.path("App")])
        #expect(output.exitCode == 0, "\(output.standardError)")
        #expect(try String(contentsOfFile: tree.path("App/Site.swift"), encoding: .utf8) == Self.fixed)
    }

    /// A pre-commit hook runs `--fix .` in one repository; a folder link in it leads to another
    /// (`Sources/Vendor -> ../../other`). What the link reaches is checked, never rewritten, and
    /// the run says so; a file link out of the tree is treated the same, a file named on the
    /// command line is written wherever its link leads (`aSymbolicLinkKeepsPointingAtTheFixedFile`).
    @Test func linksOutOfTheTreeGivenAreReadButNeverWritten() throws {
        let tree = try TemporaryTree(["repo/Sources/App.swift": Self.fixable, "other/Vendor.swift": Self.fixable,
                                      "elsewhere/Loose.swift": Self.fixable])
        try FileManager.default.createSymbolicLink(atPath: tree.path("repo/Sources/Vendor"), withDestinationPath: "../../other")
        try FileManager.default.createSymbolicLink(atPath: tree.path("repo/Loose.swift"), withDestinationPath: tree.path("elsewhere/Loose.swift"))
        // A link that stays inside the tree is written through as before.
        try FileManager.default.createSymbolicLink(atPath: tree.path("repo/Inner"), withDestinationPath: "Sources")
        for dryRun in [true, false] {
            let output = Command.run(["--fix", "--no-cache"] + (dryRun ? ["--dry-run"] : []) + [tree.path("repo")])
            #expect(try String(contentsOfFile: tree.path("other/Vendor.swift"), encoding: .utf8) == Self.fixable)
            #expect(try String(contentsOfFile: tree.path("elsewhere/Loose.swift"), encoding: .utf8) == Self.fixable)
            for left in ["repo/Sources/Vendor/Vendor.swift", "repo/Loose.swift"] {
                #expect(output.standardError.contains("note: \(tree.path(left)): left alone by --fix: a symbolic link leads it out"),
                        "\(output.standardError)")
            }
            #expect(!output.standardOutput.contains("other/Vendor.swift") || !dryRun, "no diff is shown for what is left alone")
            #expect(output.standardError.contains("\(dryRun ? "Would fix" : "Fixed") 1 finding in 1 file"), "\(output.standardError)")
            // What was left alone is still checked, and its finding reported.
            #expect(output.exitCode == 1, "\(output.standardError)")
        }
        #expect(try String(contentsOfFile: tree.path("repo/Sources/App.swift"), encoding: .utf8) == Self.fixed)
    }

    /// Replacing a file with hard links would split them: it is left alone, and said.
    @Test func aHardLinkedFileIsLeftAlone() throws {
        let tree = try TemporaryTree(["Site.swift": Self.fixable])
        #expect(link(tree.path("Site.swift"), tree.path("Other.swift")) == 0)
        let output = Command.run(["--fix", "--no-cache", tree.path("Site.swift")])
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains("Site.swift: has 2 hard links"))
        #expect(try String(contentsOfFile: tree.path("Other.swift"), encoding: .utf8) == Self.fixable)
    }

    /// Run as root (as in a container), the fixed file keeps its owner.
    @Test(.enabled(if: getuid() == 0, "needs root to give a file away"))
    func theOwnerIsKept() throws {
        let tree = try TemporaryTree(["Site.swift": Self.fixable])
        #expect(chown(tree.path("Site.swift"), 4321, 4322) == 0)
        let output = Command.run(["--fix", "--no-cache", tree.path("Site.swift")])
        #expect(output.exitCode == 0, "\(output.standardError)")
        var info = stat()
        stat(tree.path("Site.swift"), &info)
        #expect(info.st_uid == 4321 && info.st_gid == 4322)
    }

    /// A new file does not always get the process's group: a setgid folder gives it the
    /// folder's (as macOS does for every folder). The fixed file keeps the group it had.
    @Test(.enabled(if: getuid() == 0, "needs root to give a folder another group"))
    func theGroupIsKeptInAFolderThatGivesItsOwn() throws {
        let tree = try TemporaryTree(["Shared/Site.swift": Self.fixable])
        try #require(chown(tree.path("Shared"), getuid(), 4323) == 0 && chmod(tree.path("Shared"), 0o2775) == 0)
        try #require(chown(tree.path("Shared/Site.swift"), getuid(), getgid()) == 0)
        let output = Command.run(["--fix", "--no-cache", tree.path("Shared/Site.swift")])
        #expect(output.exitCode == 0, "\(output.standardError)")
        var info = stat()
        stat(tree.path("Shared/Site.swift"), &info)
        #expect(info.st_gid == getgid(), "not the folder's group, \(info.st_gid)")
    }

    /// An edit made while the fix was computed is kept, and the run says so.
    @Test func anEditDuringTheFixWins() throws {
        let tree = try TemporaryTree(["Site.swift": Self.fixable])
        let edited = Self.fixable + "// the user's edit\n"
        #expect(throws: FileWriter.Failure(message: "changed while it was being fixed; it was left alone, so run the fix again")) {
            try FileWriter.replaceContents(ofFile: tree.path("Site.swift"), with: Self.fixed, byteOrderMark: false,
                                           expecting: SHA256.digest(Self.fixable),
                                           beforeReplacing: { try? edited.write(toFile: tree.path("Site.swift"), atomically: false, encoding: .utf8) })
        }
        #expect(try String(contentsOfFile: tree.path("Site.swift"), encoding: .utf8) == edited)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path()) == ["Site.swift"])
    }

    @Test func aVanishedFileIsAClearError() throws {
        let tree = try TemporaryTree()
        #expect(throws: FileWriter.Failure(message: "no longer exists; nothing was written")) {
            try FileWriter.replaceContents(ofFile: tree.path("Gone.swift"), with: "x", byteOrderMark: false)
        }
    }

    @Test func dryRunNeedsFix() {
        let output = Command.run(["--dry-run", "."])
        #expect(output.exitCode == 2)
        #expect(output.standardError.contains("--dry-run goes with --fix"))
    }

    func findings(in json: String) throws -> [(file: String, rule: String)] {
        let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (document?["findings"] as? [[String: Any]] ?? []).compactMap {
            guard let file = $0["file"] as? String, let rule = $0["rule"] as? String else { return nil }
            return (file, rule)
        }
    }

    func rules(in json: String) throws -> [String] { try findings(in: json).map(\.rule) }

    func contents(of directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for file in FileDiscovery.swiftFiles(in: [directory]).files {
            result[file] = try Data(contentsOf: URL(fileURLWithPath: file))
        }
        return result
    }
}
