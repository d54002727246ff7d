import Foundation
import Testing
@testable import BlogBuild
@testable import Search
@testable import Pages
@testable import Render
@testable import Feeds
@testable import Images
@testable import Site
@testable import Import
@testable import ImportVerify
@testable import Diagnostics
@testable import HTML
@testable import Load
@testable import Markdown
@testable import Highlight
@testable import Output
@testable import Serve
@testable import Support
@testable import Template

/// Issue 40, "a typo never crashes": one post that fails to load, in a site of a
/// few dozen posts, made `check` and `build` abort with `malloc(): invalid next
/// size`. The search index wrote one value past the end of a buffer whenever the
/// first document of a group had more distinct terms than the buffer had room
/// (every term of a group's first document is new to it). These run the real
/// command, so a trap or an abort fails the test rather than the test runner;
/// in the debug build (`CheckedPointer`'s assertions) and under
/// AddressSanitizer (`make test` runs this suite there too) the old code stops
/// at the write.
@Suite("Memory safety")
struct MemorySafetyTests {
    /// `count` words the stemmer leaves as they are, each different.
    static func distinctWords(_ count: Int, prefix: String) -> [String] {
        (0..<count).map { n in
            // Letters only, as a writer's words are: base 26 from "aaa".
            var word = prefix, rest = n
            for _ in 0..<3 {
                word.append(Character(Unicode.Scalar(UInt8(97 + rest % 26))))
                rest /= 26
            }
            return word + "q"
        }
    }

    /// A site of `posts` short posts and one long one (the newest, so it is the
    /// first document of the first group): more than 2,048 distinct terms, then a
    /// word whose stem it has already had (`walked` after `walking`).
    static func site(posts: Int) throws -> TestSiteFolder {
        let site = try TestSiteFolder()
        for k in 0..<posts {
            let day = String(format: "%02d", k % 28 + 1), month = String(format: "%02d", k / 28 + 1)
            try site.write("content/posts/2020-\(month)-\(day)-post-\(k).md", """
                ---
                title: Post number \(k)
                tags: [swift]
                ---
                A short post about walking, coffee and Swift, number \(k).

                """)
        }
        let body = "walking " + distinctWords(2_300, prefix: "zy").joined(separator: " ") + " walked.\n"
        try site.write("content/posts/2024-06-01-long.md", "---\ntitle: The long one\n---\n\(body)")
        return site
    }

    @Test("a long first document of a search group is indexed without writing past a buffer")
    func longFirstDocument() throws {
        let site = try Self.site(posts: 30)
        let out = site.outside("out")
        let outcome = try BlogBuildCLI.run(["build", "--quiet", "--site", site.root.path, "--output", out.path], timeout: 120)
        #expect(outcome.status == 0, "\(outcome)")
        // The long post is found by a word only it has, and by the stem it shares with the others.
        let index = try FolderSnapshot(out.appendingPathComponent("search")).entries.values
            .compactMap { $0.bytes.map { String(decoding: $0, as: UTF8.self) } }.joined()
        #expect(index.contains("zyaaaq"), "the long post's first word is not in the index")
    }

    @Test("a post whose front matter fails to load, among dozens, is one message each, never an abort",
          arguments: [
              ("content/posts/2021-03-04-ends-early.md", "---\ntitle: Ends early\n...\ntags: [x]\n---\nBody.\n", 4),
              ("content/posts/2021-03-05-bad-date.md", "---\ntitle: Bad date\ndate: 2023-13-45\n---\nBody.\n", 3),
          ])
    func brokenPostAmongMany(path: String, text: String, line: Int) throws {
        let site = try Self.site(posts: 75)
        try site.write(path, text)
        for command in ["check", "build"] {
            let outcome = try BlogBuildCLI.run([command, "--site", site.root.path], timeout: 120)
            #expect(outcome.status == 1, "\(command): \(outcome)")
            #expect(outcome.stderr.contains("\(path):\(line)"), "\(command) names the file and line: \(outcome)")
            #expect(!outcome.stderr.contains("malloc"), "\(outcome)")
        }
    }
}
