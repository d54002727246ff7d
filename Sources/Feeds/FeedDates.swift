import Load
import Site

/// Dates as feeds write them, from a `PostDate`'s wall-clock fields and its own
/// UTC offset: the calendar date is the one the author wrote (a date without a
/// zone is in the site's `timezone`), and the instant is exact. No Foundation
/// formatter: they are slow, locale-dependent and not needed.
public enum FeedDates {
    static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// RFC 822 (as RFC 2822 spells it) for RSS: `Tue, 05 Jan 2021 09:30:00 +0000`.
    static func rfc822(_ date: PostDate) -> String {
        let d = wholeMinuteOffset(date)
        let days = DateParsing.daysFromCivil(year: d.year, month: d.month, day: d.day)
        let weekday = dayNames[((days % 7) + 7 + 4) % 7]  // 1970-01-01 was a Thursday
        let sign = d.utcOffsetSeconds < 0 ? "-" : "+"
        let off = abs(d.utcOffsetSeconds)
        return "\(weekday), \(pad(d.day)) \(monthNames[max(0, min(11, d.month - 1))]) \(pad(d.year, 4)) "
            + "\(pad(d.hour)):\(pad(d.minute)):\(pad(d.second)) \(sign)\(pad(off / 3600))\(pad(off % 3600 / 60))"
    }

    /// RFC 3339 for Atom, JSON Feed and the sitemap: `2021-01-05T09:30:00+00:00`.
    static func rfc3339(_ date: PostDate) -> String {
        DateText.iso(wholeMinuteOffset(date))
    }

    /// `2021-01-05`: the calendar date as written (for `tag:` ids).
    static func day(_ date: PostDate) -> String {
        "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))"
    }

    /// The date with the latest instant (ties: the first), or nil for none.
    public static func latest(_ dates: some Sequence<PostDate>) -> PostDate? {
        var best: PostDate?
        for d in dates where best.map({ d.instant > $0.instant }) ?? true { best = d }
        return best
    }

    /// Offsets that are not whole minutes (local mean time before 1900) cannot be
    /// written in RFC 822 or RFC 3339: such dates are written in UTC instead, so
    /// the instant stays right.
    static func wholeMinuteOffset(_ d: PostDate) -> PostDate {
        guard d.utcOffsetSeconds % 60 != 0 else { return d }
        let total = Int(d.instant.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secs = total - days * 86_400
        let (y, m, day) = civil(fromDays: days)
        return PostDate(instant: d.instant, year: y, month: m, day: day, hour: secs / 3600, minute: secs % 3600 / 60,
                        second: secs % 60, utcOffsetSeconds: 0)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
    static func civil(fromDays z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    // MARK: Checking (for the validator)

    /// Whether `s` is an RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS[.frac](Z|±HH:MM)`.
    static func isRFC3339(_ s: String) -> Bool {
        let b = Array(s.utf8)
        func digits(_ r: Range<Int>) -> Bool { r.upperBound <= b.count && r.allSatisfy { b[$0] >= 48 && b[$0] <= 57 } }
        func at(_ i: Int, _ c: Character) -> Bool { i < b.count && b[i] == c.asciiValue }
        guard digits(0..<4), at(4, "-"), digits(5..<7), at(7, "-"), digits(8..<10), at(10, "T") || at(10, "t"),
              digits(11..<13), at(13, ":"), digits(14..<16), at(16, ":"), digits(17..<19) else { return false }
        var i = 19
        if at(i, ".") {
            i += 1
            let start = i
            while digits(i..<(i + 1)) { i += 1 }
            if i == start { return false }
        }
        if at(i, "Z") || at(i, "z") { return i + 1 == b.count }
        guard at(i, "+") || at(i, "-"), digits((i + 1)..<(i + 3)), at(i + 3, ":"), digits((i + 4)..<(i + 6)) else { return false }
        return i + 6 == b.count
    }

    /// Whether `s` is an RFC 822 date as RSS writes it: `Tue, 05 Jan 2021 09:30:00 +0000`
    /// (day name optional, seconds optional, numeric zone or `GMT`/`UT`).
    static func isRFC822(_ s: String) -> Bool {
        var parts = s.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if let first = parts.first, first.hasSuffix(",") {
            guard dayNames.contains(String(first.dropLast())) else { return false }
            parts.removeFirst()
        }
        guard parts.count == 5,
              let day = Int(parts[0]), (1...31).contains(day), parts[0].count <= 2,
              monthNames.contains(parts[1]),
              parts[2].count == 4, Int(parts[2]) != nil else { return false }
        let time = parts[3].split(separator: ":")
        guard time.count == 2 || time.count == 3, time.allSatisfy({ $0.count == 2 && Int($0) != nil }) else { return false }
        let zone = parts[4]
        if zone == "GMT" || zone == "UT" || zone == "Z" { return true }
        return zone.count == 5 && (zone.hasPrefix("+") || zone.hasPrefix("-"))
            && zone.utf8.dropFirst().allSatisfy { $0 >= 48 && $0 <= 57 }
    }

    private static func pad(_ n: Int, _ width: Int = 2) -> String { DateText.pad(n, width) }
}
