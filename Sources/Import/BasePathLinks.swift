import Foundation

/// Links written with the old site's base path (`[x](/blog/about/)`,
/// `src="/blog/img/a.png"`) become site paths (`/about/`): blogbuild adds
/// `base_url`'s path itself, so keeping it would double it.
enum BasePathLinks {
    static func strip(_ body: String, basePath: String, report: inout ImportReport) -> String {
        guard basePath != "/", basePath.hasPrefix("/") else { return body }
        let escaped = NSRegularExpression.escapedPattern(for: basePath)
        guard let regex = try? NSRegularExpression(pattern: "(\\]\\(|\\]: |href=\"|src=\"|href='|src=')" + escaped) else { return body }
        let range = NSRange(body.startIndex..., in: body)
        let n = regex.numberOfMatches(in: body, range: range)
        guard n > 0 else { return body }
        report.count("links written with the old base path → site paths", n)
        return regex.stringByReplacingMatches(in: body, range: range, withTemplate: "$1/")
    }
}
