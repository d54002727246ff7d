import Foundation

/// Reads the dates authors write: `2021-01-05`, `2021-01-05 09:30`,
/// `2021-01-05T09:30:00`, with optional seconds and fraction (`09:30:15.25`)
/// and an optional zone (`Z`, `+01:00`, `+0100`, `+01`), a blank allowed before
/// the zone. A date without a zone is wall-clock time in the site's time zone.
/// The wall-clock fields are kept as written, so a post never shifts a day.
public enum DateParsing {
    public enum Failure: Error, Equatable, Sendable {
        /// Not in any of the accepted forms.
        case notADate
        /// In the right form, but no such day or time (`2021-02-30`, `25:00`).
        case invalid
    }

    /// The parts of a written date, before any time zone is applied.
    public struct Fields: Equatable, Sendable {
        public var year: Int, month: Int, day: Int
        public var hour = 0, minute = 0, second = 0
        var fraction: Double = 0
        /// Offset written in the text, if any.
        public var utcOffsetSeconds: Int?

        /// The memberwise initializer, for the modules that build on this one (Swift's own is internal).
        public init(
            year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
            fraction: Double = 0, utcOffsetSeconds: Int? = nil
        ) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
            self.fraction = fraction
            self.utcOffsetSeconds = utcOffsetSeconds
        }
    }

    /// The forms `fields` reads, for messages about a date it could not.
    public static let acceptedForms = "2021-01-05, 2021-01-05 09:30 or 2021-01-05T09:30:15+01:00 (seconds and zone optional)"

    /// Parses `text` (surrounding blanks ignored), resolving a zone-less time in `timeZone`.
    public static func parse(_ text: String, timeZone: TimeZone) -> Result<PostDate, Failure> {
        switch fields(text) {
        case .failure(let failure): return .failure(failure)
        case .success(let f): return .success(postDate(f, timeZone: timeZone))
        }
    }

    /// The written fields, checked against the calendar.
    public static func fields(_ text: String) -> Result<Fields, Failure> {
        var scanner = ByteScanner(text.utf8.trimmingBlanks())
        guard let year = scanner.digits(exactly: 4), scanner.take(45),
              let month = scanner.digits(exactly: 2), scanner.take(45),
              let day = scanner.digits(exactly: 2) else { return .failure(.notADate) }
        var f = Fields(year: year, month: month, day: day)
        if !scanner.atEnd {
            // Time: `T09:30` or one or more blanks then `09:30`.
            if !scanner.take(84) && !scanner.take(116) {
                guard scanner.skipBlanks() > 0 else { return .failure(.notADate) }
            }
            guard let hour = scanner.digits(min: 1, max: 2), scanner.take(58),
                  let minute = scanner.digits(exactly: 2) else { return .failure(.notADate) }
            f.hour = hour
            f.minute = minute
            if scanner.take(58) {
                guard let second = scanner.digits(exactly: 2) else { return .failure(.notADate) }
                f.second = second
                if scanner.take(46) {
                    guard let fraction = scanner.fraction() else { return .failure(.notADate) }
                    f.fraction = fraction
                }
            }
            scanner.skipBlanks()
            if !scanner.atEnd {
                guard let offset = scanner.zone() else { return .failure(.notADate) }
                f.utcOffsetSeconds = offset
            }
            guard scanner.atEnd else { return .failure(.notADate) }
        }
        guard (1...12).contains(f.month), f.day >= 1, f.day <= daysIn(month: f.month, year: f.year),
              f.hour <= 23, f.minute <= 59, f.second <= 59 else { return .failure(.invalid) }
        if let offset = f.utcOffsetSeconds, abs(offset) >= 24 * 3600 { return .failure(.invalid) }
        return .success(f)
    }

    /// Applies the written offset, or `timeZone`'s offset at that wall-clock time.
    static func postDate(_ f: Fields, timeZone: TimeZone) -> PostDate {
        let local = Double(daysFromCivil(year: f.year, month: f.month, day: f.day) * 86_400
            + f.hour * 3600 + f.minute * 60 + f.second) + f.fraction
        let offset: Int
        if let written = f.utcOffsetSeconds {
            offset = written
        } else {
            // Two passes find the offset in force at that local time (DST included).
            let guess = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))
            offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local - Double(guess)))
        }
        return PostDate(instant: Date(timeIntervalSince1970: local - Double(offset)),
                        year: f.year, month: f.month, day: f.day,
                        hour: f.hour, minute: f.minute, second: f.second, utcOffsetSeconds: offset)
    }

    /// For `YYYY-MM-DD-slug` file names: the date part if the name starts with
    /// `NNNN-NN-NN` followed by `-` or the end. Month and day may have one digit
    /// (`2016-1-5-x`); `date` is always padded (`2016-01-05`), `written` is as in the name.
    public static func fileNamePrefix(_ name: String) -> (date: String, written: String, rest: String)? {
        let bytes = Array(name.utf8)
        func number(from start: Int, digits: ClosedRange<Int>) -> (value: Int, end: Int)? {
            var end = start
            while end < bytes.count, end - start < digits.upperBound, bytes[end] >= 48, bytes[end] <= 57 { end += 1 }
            guard digits.contains(end - start) else { return nil }
            return (bytes[start..<end].reduce(0) { $0 * 10 + Int($1 - 48) }, end)
        }
        guard let year = number(from: 0, digits: 4...4), year.end < bytes.count, bytes[year.end] == 45,
              let month = number(from: year.end + 1, digits: 1...2), month.end < bytes.count, bytes[month.end] == 45,
              let day = number(from: month.end + 1, digits: 1...2) else { return nil }
        let end = day.end
        guard end == bytes.count || bytes[end] == 45 else { return nil }
        let written = String(decoding: bytes[..<end], as: UTF8.self)
        let rest = end == bytes.count ? "" : String(decoding: bytes[(end + 1)...], as: UTF8.self)
        return (Self.day(year: year.value, month: month.value, day: day.value), written, rest)
    }

    /// `2016-01-05`.
    public static func day(year: Int, month: Int, day: Int) -> String {
        func pad(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

/// A cursor over ASCII bytes for the date grammar.
private struct ByteScanner {
    let bytes: [UInt8]
    var i = 0
    init<S: Sequence<UInt8>>(_ bytes: S) { self.bytes = Array(bytes) }

    var atEnd: Bool { i == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    @discardableResult
    mutating func skipBlanks() -> Int {
        let start = i
        while i < bytes.count && (bytes[i] == 32 || bytes[i] == 9) { i += 1 }
        return i - start
    }

    mutating func digits(exactly n: Int) -> Int? { digits(min: n, max: n) }

    mutating func digits(min: Int, max: Int) -> Int? {
        var value = 0
        var count = 0
        while count < max, i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            value = value * 10 + Int(bytes[i] - 48)
            i += 1
            count += 1
        }
        // Whatever follows is checked by the caller's next expectation.
        return count >= min ? value : nil
    }

    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 0.1
        let start = i
        while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
            value += Double(bytes[i] - 48) * scale
            scale /= 10
            i += 1
        }
        return i > start ? value : nil
    }

    /// `Z`, `+01:00`, `+0100` or `+01`, in seconds east of UTC.
    mutating func zone() -> Int? {
        if take(90) || take(122) { return 0 }
        let sign: Int
        if take(43) { sign = 1 } else if take(45) { sign = -1 } else { return nil }
        guard let hours = digits(exactly: 2), hours <= 23 else { return nil }
        var minutes = 0
        if take(58) {
            guard let m = digits(exactly: 2) else { return nil }
            minutes = m
        } else if !atEnd {
            guard let m = digits(exactly: 2) else { return nil }
            minutes = m
        }
        guard minutes <= 59 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}

private extension String.UTF8View {
    func trimmingBlanks() -> ArraySlice<UInt8> {
        let all = Array(self)
        var start = 0
        var end = all.count
        while start < end && (all[start] == 32 || all[start] == 9 || all[start] == 10) { start += 1 }
        while end > start && (all[end - 1] == 32 || all[end - 1] == 9 || all[end - 1] == 10) { end -= 1 }
        return all[start..<end]
    }
}
