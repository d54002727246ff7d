/// Which widths of an image to make: each configured width below the image's
/// own, and its own width when it is below the largest configured one, so a
/// variant is never enlarged and the largest variant is never wider than needed.
enum ImageVariants {
    /// `widths`: the configured widths (`[480, 960, 1440]`); `sourceWidth`: the
    /// image's upright width. Sorted, without duplicates.
    static func widths(_ widths: [Int], sourceWidth: Int) -> [Int] {
        let configured = Set(widths.filter { $0 > 0 })
        guard let largest = configured.max() else { return [sourceWidth] }
        // A width within a tenth of the image's own saves too little to be worth a
        // file and a srcset entry (960 of a 1000 px image): the image's own serves.
        var out = configured.filter { $0 < sourceWidth && (sourceWidth > largest ? true : Double($0) < 0.9 * Double(sourceWidth)) }
        if sourceWidth <= largest { out.insert(sourceWidth) }
        if out.isEmpty { out.insert(min(sourceWidth, largest)) }
        return out.sorted()
    }
}
