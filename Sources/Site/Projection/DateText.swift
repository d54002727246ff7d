import Load

/// Machine-readable date texts for templates and feeds, from the wall-clock
/// fields as written (no Foundation formatter: they are slow, not Sendable, and
/// locale-dependent). The dates people read are the site's language's
/// (`ThemeStrings.date`).
public enum DateText {
    /// RFC 3339: `2021-01-05T09:30:00+00:00`.
    public static func iso(_ d: PostDate) -> String {
        let sign = d.utcOffsetSeconds < 0 ? "-" : "+"
        let off = abs(d.utcOffsetSeconds)
        return "\(pad(d.year, 4))-\(pad(d.month))-\(pad(d.day))T\(pad(d.hour)):\(pad(d.minute)):\(pad(d.second))"
            + "\(sign)\(pad(off / 3600)):\(pad(off % 3600 / 60))"
    }

    public static func pad(_ n: Int, _ width: Int = 2) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
