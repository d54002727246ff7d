extension YAMLFields {
    /// `aliases:`, the old URLs of a post or page, each a site path starting with
    /// `/`, with where each is written. A query string or `#fragment` is an error
    /// at its entry: a static site cannot serve either.
    mutating func aliases() -> (paths: [String], locations: [SourceLocation]) {
        var aliases: [String] = []
        var aliasLocations: [SourceLocation] = []
        for (alias, node) in textListWithNodes("aliases") ?? [] {
            if !alias.hasPrefix("/") || alias.hasPrefix("//") {
                report("'aliases' entries must start with one '/' \(YAMLFields.quote(alias))"
                       + (alias.hasPrefix("//") ? ": a browser reads '//' as the start of another host's address" : ""), at: node)
            } else if alias.contains("?") {
                report("'aliases' entry has a query string \(YAMLFields.quote(alias)): a static site cannot serve "
                              + "query strings (a static file server looks only at the path before '?'); redirect it in the web server's settings",
                              at: node)
            } else if alias.contains("#") {
                report("'aliases' entry has a #fragment \(YAMLFields.quote(alias)): a static site cannot serve "
                              + "fragments (browsers never send what follows '#'); use the path alone", at: node)
            } else {
                aliases.append(alias)
                aliasLocations.append(context.location(of: node))
            }
        }
        return (aliases, aliasLocations)
    }
}
