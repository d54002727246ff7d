/// A value as templates see it, laid out by a `TemplateShape` so that rendering needs
/// no dynamic casts. Falsey: `.missing`, `.null`, `.bool(false)` and the empty list;
/// everything else is truthy, including 0 and "" (the specification leaves this to
/// implementations; blogbuild's contexts leave out what is empty instead).
public enum TemplateValue: Sendable {
    /// Not there: name lookup goes on down the context stack.
    case missing
    /// There, and falsey: lookup stops here.
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case list([TemplateValue])
    case object(TemplateObject)

    /// Whether a section renders for this value (once, or per element for a list).
    var isTruthy: Bool {
        switch self {
        case .missing, .null: return false
        case .bool(let b): return b
        case .list(let items): return !items.isEmpty
        case .int, .double, .string, .object: return true
        }
    }
}
