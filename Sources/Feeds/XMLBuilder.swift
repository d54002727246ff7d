/// Writes an XML document into bytes, one element per line. Every text and
/// attribute value goes through `XMLText`, so nothing a post contains can
/// make the document invalid.
struct XMLBuilder {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// Markup written as it is: only for literals.
    mutating func raw(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
    }

    /// Bytes of an already built fragment (an Atom entry shared by several feeds).
    mutating func raw(_ fragment: [UInt8]) {
        bytes.append(contentsOf: fragment)
    }

    /// Escaped text.
    mutating func text(_ s: String) {
        XMLText.append(s, to: &bytes)
    }

    /// `<name a="v">text</name>` and a line break.
    mutating func element(_ name: String, _ text: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        open(name, attributes)
        self.text(text)
        raw("</\(name)>\n")
    }

    /// `<name a="v"/>` and a line break.
    mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String>) {
        raw("<\(name)")
        writeAttributes(attributes)
        raw("/>\n")
    }

    /// `<name a="v">`, no line break.
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        raw("<\(name)")
        writeAttributes(attributes)
        raw(">")
    }

    private mutating func writeAttributes(_ attributes: KeyValuePairs<String, String>) {
        for (key, value) in attributes {
            raw(" \(key)=\"")
            text(value)
            raw("\"")
        }
    }
}
