@testable import BlogBuild
@testable import Search
@testable import Pages
@testable import Render
@testable import Feeds
@testable import Images
@testable import Site
@testable import Import
@testable import ImportVerify
@testable import Diagnostics
@testable import HTML
@testable import Load
@testable import Markdown
@testable import Highlight
@testable import Output
@testable import Serve
@testable import Support
@testable import Template

/// Test data from JSON: derives ONE merged `TemplateShape` tree from a JSON value (an
/// object position's keys are the union over every object found there, each key's shape
/// merged across them; a list's element shape is merged from all its elements, and from
/// every list found at that position; a position may be object, list and scalar at
/// once), then lays the value out by it (keys an object lacks are `.missing`).
enum JSONTemplateData {
    /// The shape of `json` and its value laid out by that shape.
    static func convert(_ json: JSONValue) -> (shape: TemplateShape, value: TemplateValue) {
        let builder = ShapeBuilder()
        builder.add(json)
        let shape = builder.shape()
        return (shape, value(json, shape))
    }

    /// `json` laid out by `shape`.
    static func value(_ json: JSONValue, _ shape: TemplateShape) -> TemplateValue {
        switch json {
        case .null:
            return .null
        case .bool(let b):
            return .bool(b)
        case .number(let text):
            // Integral and written without a fraction or exponent: an int.
            if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let int = Int(text) { return .int(int) }
            return .double(Double(text) ?? 0)
        case .string(let s):
            return .string(s)
        case .array(let items):
            let element = shape.element ?? .scalar
            return .list(items.map { value($0, element) })
        case .object(let pairs):
            var byName: [String: JSONValue] = [:]
            for (key, v) in pairs where byName[key] == nil { byName[key] = v }
            let values = shape.names.enumerated().map { slot, name in
                byName[name].map { value($0, shape.fields[slot]) } ?? .missing
            }
            return .object(TemplateObject(values: values))
        }
    }

    /// Gathers what is found at one position of the data.
    private final class ShapeBuilder {
        var kinds: TemplateValueKinds = []
        var order: [String] = []
        var fields: [String: ShapeBuilder] = [:]
        /// How many of the objects here have each key.
        var counts: [String: Int] = [:]
        var objects = 0
        var element: ShapeBuilder?

        func add(_ json: JSONValue) {
            switch json {
            case .null:
                break
            case .bool, .number, .string:
                kinds.insert(.scalar)
            case .array(let items):
                kinds.insert(.list)
                for item in items {
                    let e = element ?? ShapeBuilder()
                    element = e
                    e.add(item)
                }
            case .object(let pairs):
                kinds.insert(.object)
                objects += 1
                var seen: Set<String> = []
                for (key, v) in pairs where seen.insert(key).inserted {
                    let field = fields[key] ?? ShapeBuilder()
                    if fields[key] == nil {
                        fields[key] = field
                        order.append(key)
                    }
                    counts[key, default: 0] += 1
                    field.add(v)
                }
            }
        }

        func shape() -> TemplateShape {
            let built = order.compactMap { key in fields[key].map { (key, $0.shape()) } }
            let required = Set(order.filter { counts[$0] == objects })
            return TemplateShape(fields: built, element: element?.shape(), required: required,
                                 kinds: kinds.isEmpty ? .scalar : kinds)
        }
    }
}
