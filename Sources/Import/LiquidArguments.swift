/// The arguments of a Liquid tag as plugins read them: `name.png`,
/// `alt="Two words"`, `width=32`, `@path`. Values in quotes are literal; a bare
/// value (`src=page.image`) is a Liquid variable, which `variables` names.
struct LiquidArguments: Equatable {
    /// Words without `=` (`name.png`, `@path`, `defer`), in order.
    var words: [String] = []
    /// `key=value` pairs in order; quotes taken off.
    var pairs: [(key: String, value: String)] = []
    /// Keys whose value was a bare word that is not a number: a Liquid variable, unknown here.
    var variables: Set<String> = []

    static func == (a: LiquidArguments, b: LiquidArguments) -> Bool {
        a.words == b.words && a.pairs.map(\.key) == b.pairs.map(\.key) && a.pairs.map(\.value) == b.pairs.map(\.value)
    }

    subscript(key: String) -> String? { pairs.first { $0.key == key }?.value }

    init(_ text: String) {
        var rest = Substring(text)
        func skipBlanks() { rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" } }
        skipBlanks()
        while !rest.isEmpty {
            let token: String
            let quoted: Bool
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let inner = rest.dropFirst()
                let end = inner.firstIndex(of: quote) ?? inner.endIndex
                token = String(inner[..<end])
                quoted = true
                rest = end < inner.endIndex ? inner[inner.index(after: end)...] : inner[end...]
            } else {
                let word = rest.prefix { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "=" }
                token = String(word)
                quoted = false
                rest = rest.dropFirst(word.count)
            }
            if !quoted, rest.first == "=" {
                rest = rest.dropFirst()
                var value: Substring
                var bare = false
                if let quote = rest.first, quote == "\"" || quote == "'" {
                    let inner = rest.dropFirst()
                    let end = inner.firstIndex(of: quote) ?? inner.endIndex
                    value = inner[..<end]
                    rest = end < inner.endIndex ? inner[inner.index(after: end)...] : inner[end...]
                } else {
                    value = rest.prefix { $0 != " " && $0 != "\t" && $0 != "\n" }
                    rest = rest.dropFirst(value.count)
                    bare = Double(value) == nil && !value.isEmpty
                }
                pairs.append((key: token, value: String(value)))
                if bare { variables.insert(token) }
            } else if !token.isEmpty {
                words.append(token)
            }
            skipBlanks()
        }
    }
}
