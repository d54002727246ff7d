/// The shape of a value a template can look into: the names an object has (in slot
/// order) and each one's shape, and, when the value may be a list, its elements' shape.
/// Immutable; compared by identity (===). A shape describes every kind the value may be at
/// once (object fields and/or list element), because test data and optional fields mix them.
public final class TemplateShape: Sendable {
    /// Field names in slot order.
    public let names: [String]
    /// The shape of each slot.
    public let fields: [TemplateShape]
    /// Name → slot; used only at compile time.
    public let slots: [String: Int]
    /// Non-nil when the value may be a list: the shape of its elements.
    public let element: TemplateShape?
    /// A free-form object (front matter `params`): names not declared are looked up BY NAME
    /// at render time (in `TemplateObject.open`) and never reported as unknown.
    let isOpen: Bool
    /// The kinds the value may be at run time.
    let kinds: TemplateValueKinds
    /// Per slot: true when every object of this shape has a value there (perhaps `.null`),
    /// never `.missing`. Such a name found in a frame that is surely an object ends the
    /// lookup there, which is what lets a recursive partial over a finite shape compile
    /// to a finite program.
    let isRequired: [Bool]

    /// `required` names the fields that are never `.missing`; by default none is, which
    /// is always correct, only less precise. `kinds` defaults to what the fields and
    /// element say: object when there are fields (or the shape is open), list when there
    /// is an element, scalar when neither.
    public init(fields: [(String, TemplateShape)], element: TemplateShape? = nil, isOpen: Bool = false,
         required: Set<String> = [], kinds: TemplateValueKinds? = nil) {
        names = fields.map(\.0)
        self.fields = fields.map(\.1)
        var slots: [String: Int] = [:]
        // A repeated name keeps its first slot, so the layout never depends on a crash.
        for (slot, name) in names.enumerated() where slots[name] == nil { slots[name] = slot }
        self.slots = slots
        self.element = element
        self.isOpen = isOpen
        isRequired = names.map { required.contains($0) }
        if let kinds {
            self.kinds = kinds
        } else {
            var derived: TemplateValueKinds = []
            if !fields.isEmpty || isOpen { derived.insert(.object) }
            if element != nil { derived.insert(.list) }
            self.kinds = derived.isEmpty ? .scalar : derived
        }
    }

    /// No fields, no element: a string, number or bool.
    public static let scalar = TemplateShape(fields: [])

    /// The shape of a value found by name in an open object: anything, itself open.
    static let anything = TemplateShape(fields: [], isOpen: true, kinds: .all)

    /// The shape a section pushes for each element when the value is a list; an open
    /// shape's elements are free-form too.
    var elementShape: TemplateShape? { element ?? (isOpen ? .anything : nil) }
}
