import Foundation
import Load

/// A Jekyll post's `date:` as Ruby reads it. Jekyll hands the text to
/// `Time.parse` (`Jekyll::Utils.parse_date`), which takes a 12-hour clock
/// (`11:30:00 am`, `3pm`, `12:15 am` is a quarter past midnight) and a zone as a
/// number (`+0200`, `-07:00`, `+02`) or a name from `Time::ZoneOffset` (`UTC`,
/// `GMT`, `Z`, the American `EST`…`PDT`, the military letters); any other name
/// (`CEST`, `GMT+2`) is not known and the time is local, the site's `timezone`.
/// A zone after a date without a time of day is not used either. This is
/// Ruby's rule, not a guess: `FeedContinuityTests`' oracle is Ruby itself.
enum RubyTime {
    /// `Time::ZoneOffset`, in hours.
    static let zoneHours: [String: Int] = [
        "UTC": 0, "Z": 0, "UT": 0, "GMT": 0,
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        "A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8, "I": 9, "K": 10, "L": 11, "M": 12,
        "N": -1, "O": -2, "P": -3, "Q": -4, "R": -5, "S": -6, "T": -7, "U": -8, "V": -9, "W": -10, "X": -11, "Y": -12,
    ]

    private static let pattern = try? NSRegularExpression(pattern: """
        ^\\s*(\\d{4})-(\\d{1,2})-(\\d{1,2})\
        (?:(?:[Tt]|\\s+)(\\d{1,2})(?::(\\d{2}))?(?::(\\d{2})(?:\\.\\d+)?)?\
        \\s*(?:([AaPp])\\.?[Mm]\\.?)?)?\
        \\s*([+-]\\d{1,2}(?::?\\d{2})?|[A-Za-z]{1,5}(?:[+-]\\d{1,2})?)?\\s*$
        """)

    /// The date in the form blogbuild reads (`2016-06-05 11:30:00 -08:00`, no offset when
    /// the time is local), or nil when it is not a date of this shape or not a real time.
    static func normalized(_ text: String) -> String? {
        let ns = text as NSString
        guard let pattern, let m = pattern.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) else { return nil }
        func group(_ k: Int) -> String? {
            let r = m.range(at: k)
            return r.location == NSNotFound ? nil : ns.substring(with: r)
        }
        guard let year = group(1).flatMap({ Int($0) }), let month = group(2).flatMap({ Int($0) }),
              let day = group(3).flatMap({ Int($0) }) else { return nil }
        let date = DateParsing.day(year: year, month: month, day: day)
        guard let hourText = group(4), var hour = Int(hourText) else {
            // A date alone: midnight, local, whatever zone follows.
            return group(8).map { _ in date } ?? date
        }
        let minute = group(5).flatMap { Int($0) } ?? 0, second = group(6).flatMap { Int($0) } ?? 0
        if let meridian = group(7)?.lowercased() {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridian == "p" ? 12 : 0)
        }
        guard hour <= 23, minute <= 59, second <= 59 else { return nil }
        var out = date + " " + two(hour) + ":" + two(minute) + ":" + two(second)
        if let zone = group(8), let offset = offsetMinutes(zone) {
            let sign = offset < 0 ? "-" : "+"
            out += " " + sign + two(abs(offset) / 60) + ":" + two(abs(offset) % 60)
        }
        return out
    }

    /// `Time.zone_offset`: a number, or a name in `zoneHours`; nil for any other (local time).
    static func offsetMinutes(_ zone: String) -> Int? {
        if let hours = zoneHours[zone.uppercased()] { return hours * 60 }
        guard let first = zone.first, first == "+" || first == "-" else { return nil }
        let digits = zone.dropFirst().filter(\.isNumber)
        let sign = first == "-" ? -1 : 1
        switch digits.count {
        case 1, 2: return Int(digits).map { sign * $0 * 60 }
        case 4: return Int(digits.prefix(2)).flatMap { h in Int(digits.suffix(2)).map { m in sign * (h * 60 + m) } }
        default: return nil
        }
    }

    private static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
