import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A parsed XML document, small enough to check a feed's required fields:
/// elements with their namespace, attributes, text and children. Parsed by
/// Foundation's `XMLParser` (libxml2), a parser blogbuild did not write.
enum XMLTree {
    final class Element {
        /// Local name: `entry`, `link`, `encoded`.
        let name: String
        /// Namespace URI, `""` for none.
        let namespace: String
        let attributes: [String: String]
        /// Line of the start tag (1-based).
        let line: Int
        fileprivate(set) var children: [Element] = []
        fileprivate(set) var text = ""

        init(name: String, namespace: String, attributes: [String: String], line: Int) {
            self.name = name
            self.namespace = namespace
            self.attributes = attributes
            self.line = line
        }

        /// Children with this local name (and namespace, when given).
        func all(_ name: String, in namespace: String? = nil) -> [Element] {
            children.filter { $0.name == name && (namespace == nil || $0.namespace == namespace) }
        }

        func first(_ name: String, in namespace: String? = nil) -> Element? {
            children.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }
        }

        /// Trimmed text of the first such child, nil when there is none or it is empty.
        func value(_ name: String, in namespace: String? = nil) -> String? {
            guard let e = first(name, in: namespace) else { return nil }
            let t = e.text.trimmingCharacters(in: .whitespacesAndNewlines)
            return t.isEmpty ? nil : t
        }
    }

    /// Why a document did not parse: a message and where.
    struct Failure: Error {
        var message: String
        var line: Int
        var column: Int
    }

    /// Parses `bytes` with namespaces processed; the root element, or where it failed.
    static func parse(_ bytes: [UInt8]) -> Result<Element, Failure> {
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        let builder = Builder()
        parser.delegate = builder
        let ok = parser.parse()
        // XMLParser can return true with an error set (a truncated document), so check both,
        // and that every element was closed.
        let code = (parser.parserError as NSError?)?.code
        guard ok, code == nil, builder.stack.isEmpty, let root = builder.root else {
            let message: String
            if let code {
                message = "not well-formed XML: " + describe(code)
            } else if builder.root == nil {
                message = "not well-formed XML: no root element"
            } else {
                message = "not well-formed XML: the document ends before <\(builder.stack.last?.name ?? "")> is closed"
            }
            return .failure(Failure(message: message, line: parser.lineNumber, column: parser.columnNumber))
        }
        return .success(root)
    }

    /// libxml2's error codes (as `XMLParser.ErrorCode`) most likely in a broken feed.
    private static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends early, or has content after the root element"
        case 9: return "a character XML 1.0 does not allow"
        case 26: return "an undefined entity"
        case 62: return "']]>' in text"
        case 76: return "an end tag that does not match its start tag"
        default: return "XMLParser error \(code)"
        }
    }

    private final class Builder: NSObject, XMLParserDelegate {
        var root: Element?
        var stack: [Element] = []

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                    qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
            let e = Element(name: elementName, namespace: namespaceURI ?? "", attributes: attributeDict,
                            line: parser.lineNumber)
            if let parent = stack.last { parent.children.append(e) } else if root == nil { root = e }
            stack.append(e)
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
            _ = stack.popLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
            stack.last?.text += String(decoding: CDATABlock, as: UTF8.self)
        }
    }
}
