import Foundation
import Load

/// WordPress's dates, written the way blogbuild reads them: the wall-clock time
/// the author saw with its offset (`2018-07-01 00:30:00 +01:00`), so the instant
/// is `wp:post_date_gmt`'s and the day in the file name and URL is the author's.
enum WordPressDate {
    /// `2019-03-04 11:15:00` as written fields; nil for WordPress's "no date"
    /// (`0000-00-00 00:00:00`) or anything else that is not a date.
    static func fields(_ text: String) -> DateParsing.Fields? {
        guard case .success(let f) = DateParsing.fields(text), f.utcOffsetSeconds == nil else { return nil }
        return f
    }

    /// Seconds since 1970 of `f` read as if it were UTC.
    static func seconds(_ f: DateParsing.Fields) -> Int {
        DateParsing.daysFromCivil(year: f.year, month: f.month, day: f.day) * 86_400 + f.hour * 3600 + f.minute * 60 + f.second
    }

    /// The blog's offset from UTC when `local` was `gmt`, if it is one a time zone
    /// can have (whole minutes, within ±14 h).
    static func offset(local: DateParsing.Fields, gmt: DateParsing.Fields) -> Int? {
        let offset = seconds(local) - seconds(gmt)
        guard abs(offset) <= 14 * 3600, offset % 60 == 0 else { return nil }
        return offset
    }

    /// `2019-03-04 10:15:00 +01:00`.
    static func text(_ f: DateParsing.Fields, offset: Int) -> String {
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return DateParsing.day(year: f.year, month: f.month, day: f.day)
            + " \(pad(f.hour)):\(pad(f.minute)):\(pad(f.second)) \(sign)\(pad(minutes / 60)):\(pad(minutes % 60))"
    }

    /// `instant` in UTC as written fields.
    static func utcFields(_ instant: Date) -> DateParsing.Fields {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return DateParsing.Fields(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1,
                                  hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0)
    }

    /// An RSS date (`Sun, 02 Jun 2019 09:14:22 +0000`), as the channel's `<pubDate>` has it.
    static func rfc822(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        for format in ["EEE, dd MMM yyyy HH:mm:ss Z", "dd MMM yyyy HH:mm:ss Z", "EEE, dd MMM yyyy HH:mm Z"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text.trimmingCharacters(in: .whitespaces)) { return date }
        }
        return nil
    }
}
