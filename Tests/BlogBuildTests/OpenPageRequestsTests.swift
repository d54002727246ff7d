import Foundation
import Synchronization
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

/// Serve's writing waits for the open pages (`OpenPageRequests`): it goes on once an
/// announced page was served and no other came for the quiet period, and never
/// waits past the longest wait when none comes.
@Suite struct OpenPageRequestsTests {
    @Test func theWaitEndsWhenTheOpenPageWasServed() async throws {
        let requests = OpenPageRequests()
        requests.announced()
        let returned = Mutex(false)
        let waiting = Thread {
            // Longest: an hour. Only the served page can end this wait within the test.
            requests.waitForOpenPages(quiet: .milliseconds(20), longest: .seconds(3600))
            returned.withLock { $0 = true }
        }
        waiting.start()
        try await Task.sleep(for: .milliseconds(100))
        #expect(!returned.withLock { $0 }, "the wait ended before any page was asked for")
        requests.served()
        for _ in 0..<500 where !returned.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(returned.withLock { $0 }, "the wait did not end after the open page was served")
    }

    @Test func withNoRequestTheWaitEndsAtTheLongest() {
        let requests = OpenPageRequests()
        requests.announced()
        // Quiet: an hour, so only the longest wait can end it.
        requests.waitForOpenPages(quiet: .seconds(3600), longest: .milliseconds(50))
    }
}
