import Foundation
import Support
import Output
import Site
import Pages

/// The search index made on a thread of its own while the build renders the
/// pages and feeds: it reads only the site's rendered bodies and routes, and a build leaves
/// cores idle in its serial stretches, so most of its time is hidden.
public final class SearchIndexTask: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written once by the task before `done` is signalled, read after waiting for it.
    private var made: [OutputFile]?

    /// Starts making the index of `site` and its `routes` (`SearchIndex.files(for:routes:memo:yield:)`).
    public init(site: Site, routes: [Route], memo: (any SearchGroupStore)?, yield: YieldSignal = .never) {
        // A thread of its own, not the shared pool's: the builder waits for it, and a
        // pool whose every thread waited would never run it.
        let thread = Thread { [self] in
            made = SearchIndex.files(for: site, routes: routes, memo: memo, yield: yield)
            done.signal()
        }
        thread.start()
    }

    /// The index's files, waiting for them if they are not made yet (nil: `yield`
    /// was raised first, and the task stopped).
    public func files() -> [OutputFile]? {
        done.wait()
        done.signal()  // for the next call
        return made
    }
}
