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

/// `InPlaceOrder` against the plain way of doing the same (a new array, element by element),
/// for random orders with elements dropped and added, and the edges (all new, none kept, empty).
@Suite struct InPlaceOrderTests {
    @Test func rearrangingInPlaceEqualsMappingTheOrigins() {
        var random = SplitMix(state: 11)
        for round in 0..<300 {
            let count = Int.random(in: 0...40, using: &random)
            let old = (0..<count).map { "post \($0)" }
            // Some old elements are dropped, some new ones (nil) come; the rest in a shuffled order.
            var origin: [Int?] = old.indices.filter { _ in Int.random(in: 0..<4, using: &random) > 0 }.map { $0 }
            origin += Array(repeating: nil, count: Int.random(in: 0...3, using: &random))
            origin.shuffle(using: &random)
            var moved = old
            InPlaceOrder.rearrange(&moved, origin: origin, filler: "new")
            #expect(moved == origin.map { $0.map { old[$0] } ?? "new" }, "round \(round): origin \(origin)")
        }
        var none: [String] = ["a", "b"]
        InPlaceOrder.rearrange(&none, origin: [nil], filler: "new")
        #expect(none == ["new"])
    }

    @Test func permutingInPlaceEqualsGathering() {
        var random = SplitMix(state: 12)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 0...30, using: &random)).map { $0 * 7 }
            let order = Array(values.indices).shuffled(using: &random)
            var moved = values
            InPlaceOrder.permute(&moved, by: order)
            #expect(moved == order.map { values[$0] })
        }
    }
}
