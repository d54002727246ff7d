import Yams

/// What a YAML scalar means. Plain (unquoted) scalars follow the YAML 1.2
/// core schema: `null`/`~`/empty, `true`/`false` (also `True`, `TRUE`, ...),
/// integers (`12`, `-3`, `0x1F`, `0o17`) and floats (`1.5`, `1e3`, `.inf`,
/// `.nan`). Everything else, and every quoted or block scalar, is a string,
/// kept as written: `yes`, `no`, `2021-01-05` and `09:30` stay strings.
enum YAMLScalar {
    private static let tagPrefix = "tag:yaml.org,2002:"

    /// Whether `node` is an empty or null scalar (`key:`, `key: ~`, `key: null`).
    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node else { return false }
        let tag = scalar.tag.description
        if tag.isEmpty {
            guard scalar.style == .plain else { return false }
            switch scalar.string {
            case "", "~", "null", "Null", "NULL": return true
            default: return false
            }
        }
        return tag == tagPrefix + "null"
    }

    /// The typed value of one scalar.
    static func value(of scalar: Node.Scalar) -> FrontMatterValue {
        let text = scalar.string
        let tag = scalar.tag.description
        if tag.isEmpty {
            return scalar.style == .plain ? resolvePlain(text) : .string(text)
        }
        // An explicit tag (`!!int 3`). Quoted scalars carry `!!str` implicitly.
        switch tag {
        case tagPrefix + "null": return .null
        case tagPrefix + "bool", tagPrefix + "int", tagPrefix + "float":
            let resolved = resolvePlain(text)
            if case .string = resolved { return .string(text) }
            if case .null = resolved { return .string(text) }
            return resolved
        default: return .string(text)
        }
    }

    /// YAML 1.2 core schema resolution of a plain scalar's text.
    static func resolvePlain(_ text: String) -> FrontMatterValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: break
        }
        if let int = integer(text) { return .int(int) }
        if isFloat(text), let double = Double(text) { return .double(double) }
        return .string(text)
    }

    /// A decimal (`-12`), hexadecimal (`0x1F`) or octal (`0o17`) integer that fits in `Int`.
    static func integer(_ text: String) -> Int? {
        let utf8 = Array(text.utf8)
        if utf8.count > 2 && utf8[0] == 48 && (utf8[1] == 120 || utf8[1] == 111) {
            return Int(String(text.dropFirst(2)), radix: utf8[1] == 120 ? 16 : 8)
        }
        guard isDecimal(text, allowSign: true) else { return nil }
        return Int(text)
    }

    /// `[-+]?[0-9]+` with at least one digit.
    static func isDecimal(_ text: String, allowSign: Bool) -> Bool {
        var digits = 0
        for (i, b) in text.utf8.enumerated() {
            if b >= 48 && b <= 57 { digits += 1; continue }
            if i == 0 && allowSign && (b == 43 || b == 45) { continue }
            return false
        }
        return digits > 0
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        let b = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < b.count && b[i] >= 48 && b[i] <= 57 { i += 1 }
            return i - start
        }
        if i < b.count && (b[i] == 43 || b[i] == 45) { i += 1 }
        var mantissa = digits()
        if i < b.count && b[i] == 46 {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i < b.count && (b[i] == 101 || b[i] == 69) {
            i += 1
            if i < b.count && (b[i] == 43 || b[i] == 45) { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == b.count
    }
}
