/// Which widths of an image to make: each configured width below the image's
/// own, and its own width when it is below the largest configured one, so a
/// variant is never enlarged and the largest variant is never wider than needed.
enum ImageVariants {
    /// `widths`: the configured widths (`[480, 960, 1440]`); `sourceWidth`: the
    /// image's upright width. Sorted, without duplicates.
    static func widths(_ widths: [Int], sourceWidth: Int) -> [Int] {
        let configured = Set(widths.filter { $0 > 0 })
        guard let largest = configured.max() else { return [sourceWidth] }
        var out = configured.filter { $0 < sourceWidth }
        if sourceWidth <= largest { out.insert(sourceWidth) }
        if out.isEmpty { out.insert(min(sourceWidth, largest)) }
        return out.sorted()
    }
}
