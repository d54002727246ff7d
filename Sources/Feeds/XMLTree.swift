import CLibXML2
import Foundation

/// A parsed XML document, small enough to check a feed's required fields:
/// elements with their namespace, attributes, text and children. Parsed by
/// libxml2, a parser blogbuild did not write.
public enum XMLTree {
    public final class Element {
        /// Local name: `entry`, `link`, `encoded`.
        public let name: String
        /// Namespace URI, `""` for none.
        public let namespace: String
        public let attributes: [String: String]
        /// Line of the start tag (1-based).
        public let line: Int
        public fileprivate(set) var children: [Element] = []
        public fileprivate(set) var text = ""

        init(name: String, namespace: String, attributes: [String: String], line: Int) {
            self.name = name
            self.namespace = namespace
            self.attributes = attributes
            self.line = line
        }

        /// Children with this local name (and namespace, when given).
        public func all(_ name: String, in namespace: String? = nil) -> [Element] {
            children.filter { $0.name == name && (namespace == nil || $0.namespace == namespace) }
        }

        public func first(_ name: String, in namespace: String? = nil) -> Element? {
            children.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }
        }

        /// Trimmed text of the first such child, nil when there is none or it is empty.
        public func value(_ name: String, in namespace: String? = nil) -> String? {
            guard let e = first(name, in: namespace) else { return nil }
            let t = e.text.trimmingCharacters(in: .whitespacesAndNewlines)
            return t.isEmpty ? nil : t
        }
    }

    /// Why a document did not parse: a message and where.
    public struct Failure: Error {
        public var message: String
        public var line: Int
        var column: Int
    }

    /// Parses `bytes` with namespaces processed; the root element, or where it failed.
    /// No size limit a feed can reach (`XML_PARSE_HUGE`: a 10 MB post is not an
    /// error), no network, no entity expansion beyond XML's own.
    public static func parse(_ bytes: [UInt8]) -> Result<Element, Failure> {
        _ = initialized
        guard bytes.count < Int(Int32.max) else {
            return .failure(Failure(message: "not well-formed XML: larger than 2 GB", line: 1, column: 1))
        }
        guard let context = xmlNewParserCtxt() else {
            return .failure(Failure(message: "cannot start the XML parser", line: 1, column: 1))
        }
        defer { xmlFreeParserCtxt(context) }
        // libxml2 goes on after the first error and `lastError` keeps the last one;
        // the first says what is wrong.
        let first = FirstError()
        context.pointee._private = Unmanaged.passUnretained(first).toOpaque()
        context.pointee.sax?.pointee.serror = { userData, error in
            guard let ctxt = userData?.assumingMemoryBound(to: xmlParserCtxt.self), let raw = ctxt.pointee._private,
                  let error else { return }
            let first = Unmanaged<FirstError>.fromOpaque(raw).takeUnretainedValue()
            guard first.code == 0, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            first.code = Int(error.pointee.code)
            first.line = Int(error.pointee.line)
            first.column = Int(error.pointee.int2)
            first.message = error.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
        }
        let options = Int32(bitPattern: XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue
                                | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer -> xmlDocPtr? in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), "feed.xml", "UTF-8", options)
            }
        }
        defer { if let document { xmlFreeDoc(document) } }
        if first.code == 0 && (document == nil || context.pointee.wellFormed == 0) {
            let last = context.pointee.lastError
            first.code = Int(last.code)
            first.line = Int(last.line)
            first.column = Int(last.int2)
        }
        guard let document, context.pointee.wellFormed != 0, first.code == 0 else {
            var message = describe(first.code)
            if message.isEmpty { message = first.message.isEmpty ? "error \(first.code)" : first.message }
            return .failure(Failure(message: "not well-formed XML: " + message, line: max(1, first.line), column: max(1, first.column)))
        }
        guard let rootNode = xmlDocGetRootElement(document) else {
            return .failure(Failure(message: "not well-formed XML: no root element", line: 1, column: 1))
        }
        return .success(element(rootNode, document))
    }

    /// The first error libxml2 reported while parsing.
    private final class FirstError {
        var code = 0, line = 0, column = 0
        var message = ""
    }

    /// libxml2 wants `xmlInitParser` once, before parsers run on several threads.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The element `node` with its attributes (by local name), its direct text and
    /// CDATA, and its child elements. Feeds nest a few levels, so recursion is fine.
    private static func element(_ node: xmlNodePtr, _ document: xmlDocPtr) -> Element {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let a = attribute {
            if let name = a.pointee.name {
                // The value is the attribute's text children (entities already replaced).
                attributes[String(cString: name)] = text(of: a.pointee.children)
            }
            attribute = a.pointee.next
        }
        let e = Element(name: node.pointee.name.map { String(cString: $0) } ?? "",
                        namespace: node.pointee.ns?.pointee.href.map { String(cString: $0) } ?? "",
                        attributes: attributes, line: Int(xmlGetLineNo(node)))
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE { e.children.append(element(c, document)) }
            child = c.pointee.next
        }
        e.text = text(of: node.pointee.children)
        return e
    }

    /// The text and CDATA among `first` and its siblings, joined.
    private static func text(of first: xmlNodePtr?) -> String {
        var bytes: [UInt8] = []
        var node = first
        while let n = node {
            if n.pointee.type == XML_TEXT_NODE || n.pointee.type == XML_CDATA_SECTION_NODE, let content = n.pointee.content {
                bytes.append(contentsOf: UnsafeBufferPointer(start: content, count: strlen(content)))
            }
            node = n.pointee.next
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// libxml2's error codes most likely in a broken feed, in words; "" for others.
    private static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "the document is empty"
        case 5: return "the document ends early, or has content after the root element"
        case 9: return "a character XML 1.0 does not allow"
        case 26: return "an undefined entity"
        case 62: return "']]>' in text"
        case 76: return "an end tag that does not match its start tag"
        case 77: return "the document ends before every element is closed"
        default: return ""
        }
    }
}
