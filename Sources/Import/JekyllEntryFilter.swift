import Foundation

/// Which files and folders of a Jekyll site Jekyll reads, by its own rules
/// (`Jekyll::EntryFilter`): `exclude:` and `include:` patterns are matched against
/// the path from the site's root, a leading `/` meaning that root (`/docs`), by
/// `File.fnmatch` (no flags: `*` crosses `/`) or as a prefix of the path (`docs`
/// leaves out `docs/_posts/…`); an entry whose name starts with `.`, `_`, `#` or
/// `~`, or ends with `~`, is left out unless `include:` names it or its path.
/// Jekyll 4 adds its default excludes to the site's own.
struct JekyllEntryFilter {
    /// Jekyll 4's `Configuration::DEFAULT_EXCLUDES`.
    static let defaultExcludes = [".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock", "node_modules",
                                  "vendor/bundle/", "vendor/cache/", "vendor/gems/", "vendor/ruby/"]

    var exclude: [String]
    var include: [String]

    init(exclude: [String], include: [String]) {
        self.include = include.map(Self.fromRoot)
        let included = Set(self.include)
        self.exclude = (exclude.map(Self.fromRoot) + Self.defaultExcludes).filter { !included.contains($0) }
    }

    /// Whether Jekyll leaves out the entry at `path` (from the site's root). `special`:
    /// whether a leading `_` or `.` counts (false for a folder the caller reads itself,
    /// such as `_posts/`).
    func leavesOut(_ path: String, isDirectory: Bool, special: Bool = true) -> Bool {
        let name = (path as NSString).lastPathComponent
        if Self.matches(include, path, isDirectory: isDirectory) || Self.matches(include, name, isDirectory: isDirectory) { return false }
        if special, let first = name.first, ".#~_".contains(first) || name.hasSuffix("~") { return true }
        return Self.matches(exclude, path, isDirectory: isDirectory)
    }

    /// `glob_include?`: a pattern matches by fnmatch, as a prefix, or as the folder with a slash.
    static func matches(_ patterns: [String], _ path: String, isDirectory: Bool) -> Bool {
        patterns.contains { pattern in
            pattern.isEmpty ? false
                : fnmatch(pattern, path, 0) == 0 || path.hasPrefix(pattern) || (isDirectory && pattern == path + "/")
        }
    }

    /// A pattern as a path from the site's root: `/docs` and `docs` are one.
    static func fromRoot(_ pattern: String) -> String {
        String(pattern.drop { $0 == "/" })
    }
}
