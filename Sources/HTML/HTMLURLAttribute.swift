/// The attributes whose values are URLs, for everything that reads or rewrites
/// them (the link checker's `PageLinks`, the feeds' `AbsoluteURLs`), so both
/// agree on what a page refers to.
public enum HTMLURLAttribute: Sendable, Hashable {
    /// `href` on any element (`a`, `area`, `link`, `base`): followed or linked.
    case href
    /// `src` on any element, `poster` (`video`), `data` on `object`: loaded.
    case source
    /// `srcset` (`img`, `source`): a list of URLs with descriptors (`HTMLSrcset`).
    case srcset

    /// What the attribute named `p[attribute]` on the element `p[tag]` holds, if a URL.
    public static func kind(tag: Range<Int>, attribute: Range<Int>, in p: UnsafeBufferPointer<UInt8>) -> HTMLURLAttribute? {
        // By length first: most attributes are none of these.
        switch attribute.count {
        case 3: return HTMLScanner.equals(p, attribute, "src") ? .source : nil
        case 4:
            if HTMLScanner.equals(p, attribute, "href") { return .href }
            return HTMLScanner.equals(p, attribute, "data") && HTMLScanner.equals(p, tag, "object") ? .source : nil
        case 6:
            if HTMLScanner.equals(p, attribute, "srcset") { return .srcset }
            return HTMLScanner.equals(p, attribute, "poster") ? .source : nil
        default:
            return nil
        }
    }
}
