/// What a page template's program was compiled from besides its context's shape:
/// the label and text of each template the compile reached (the template, its
/// partials and parents, the candidates of a dynamic name), and the names of all the
/// theme's templates (a partial that comes or goes changes what an include or a
/// dynamic name finds, and the messages say which is missing). A theme loaded again
/// reuses a compiled page whose sources are all the same (`Theme.load(reusing:)`):
/// a template edit compiles only the pages it reaches.
struct CompiledFrom: Sendable, Equatable {
    /// Template name → its label (which the compile's messages name) and text.
    let reached: [String: Source]
    /// Every template the theme had, page templates and partials.
    let names: Set<String>

    struct Source: Sendable, Equatable {
        let label: String
        let text: String
    }

    /// `texts`: the theme's templates, name → (label, text), as `Theme.load` reads them.
    init(reached: Set<String>, names: Set<String>, texts: [String: (String, String)]) {
        var sources: [String: Source] = [:]
        for name in reached {
            if let (label, text) = texts[name] { sources[name] = Source(label: label, text: text) }
        }
        self.reached = sources
        self.names = names
    }

    /// A hash of the reached templates' names and texts: what the page's output depends
    /// on in the theme (a dynamic name's candidates included, which no include names).
    var fingerprint: Int {
        var hasher = Hasher()
        for name in reached.keys.sorted() {
            hasher.combine(name)
            hasher.combine(reached[name]?.text)
        }
        return hasher.finalize()
    }

    /// Whether compiling against `texts` (whose names are `names`) would give the same
    /// program, reads and problems: the same templates, each reached one with the same label and text.
    func isCurrent(in texts: [String: (String, String)], names: Set<String>) -> Bool {
        guard names == self.names else { return false }
        return reached.allSatisfy { name, source in
            texts[name].map { $0.0 == source.label && $0.1 == source.text } ?? false
        }
    }
}
