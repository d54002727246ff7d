/// Where a tag starts in its template: 1-based line, and 1-based column of its opening
/// delimiter counted in Unicode scalars (what an editor shows for most text).
struct TagPosition: Sendable, Hashable {
    let line: Int
    let column: Int
}
