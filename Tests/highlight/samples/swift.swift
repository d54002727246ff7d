import Foundation

/* A small feed fetcher.
   /* Nested comments are legal in Swift, and this one stays a comment. */
   Still inside the outer comment. */

/// Errors the fetcher reports to its caller.
enum FeedError: Error, Equatable {
    case badStatus(Int)
    case emptyBody
}

@MainActor
final class FeedStore: ObservableObject {
    @Published private(set) var items: [FeedItem] = []
    private let session: URLSession
    private var cache = [String: Data]()
    static let maxItems = 0x40

    init(session: URLSession = .shared) {
        self.session = session
    }

    // MARK: Loading

    func load(from url: URL, retries: Int = 3) async throws -> [FeedItem] {
        var attempt = 0
        while attempt < retries {
            attempt += 1
            let (data, response) = try await session.data(from: url)
            guard let http = response as? HTTPURLResponse, (200..<300).contains(http.statusCode) else {
                print("attempt \(attempt) failed for \(url.absoluteString)")
                continue
            }
            guard !data.isEmpty else { throw FeedError.emptyBody }
            cache[url.absoluteString] = data
            let decoded = try JSONDecoder().decode([FeedItem].self, from: data)
            items = Array(decoded.prefix(Self.maxItems))
            return items
        }
        throw FeedError.badStatus(-1)
    }

    func summary(limit: Double = 2.5e3) -> String {
        let titles = items.map { $0.title.uppercased() }.joined(separator: ", ")
        let pattern = #"^\d+ items? in "\#(titles.count)" groups$"#
        return """
            Feed with \(items.count) items (limit \(Int(limit)))
            Titles: \(titles.isEmpty ? "none" : titles)
            Pattern: \(pattern) \\ done
            """
    }
}

struct FeedItem: Codable, Hashable {
    let id: UUID
    var title: String
    var score: Float = 1_000.5

    var isPopular: Bool { score > 750 && !title.isEmpty }
}

extension Array where Element == FeedItem {
    func sortedByScore() -> [FeedItem] {
        sorted { lhs, rhs in lhs.score > rhs.score }
    }
}

#if DEBUG
let preview = FeedItem(id: UUID(), title: "Hello \"world\"", score: 42)
#endif
