import Template

/// One object of a template's context being filled in, name by name, laid out by
/// its shape (`ContextShapes`). A name the shape does not declare is a mistake in
/// blogbuild, not in the site: it stops a debug build (every test that renders
/// the page finds it) and is dropped in a release one.
public struct TemplateRecord: Sendable {
    let shape: TemplateShape
    /// What the page's templates read; a value no template reads need not be made.
    let reads: TemplateReads
    private var values: [TemplateValue]

    public init(_ shape: TemplateShape, reads: TemplateReads) {
        self.shape = shape
        self.reads = reads
        values = Array(repeating: .missing, count: shape.names.count)
    }

    /// Whether any template of the page reads `name` here: worth making when costly.
    func wants(_ name: String) -> Bool {
        guard let slot = shape.slots[name] else { return false }
        return reads.contains(shape, slot: slot)
    }

    public subscript(name: String) -> TemplateValue {
        get { shape.slots[name].map { values[$0] } ?? .missing }
        set {
            guard let slot = shape.slots[name] else {
                assertionFailure("'\(name)' is not declared in ContextShapes")
                return
            }
            values[slot] = newValue
        }
    }

    /// The shape of field `name` (for filling in the object or list it holds).
    func shape(of name: String) -> TemplateShape {
        guard let slot = shape.slots[name] else {
            assertionFailure("'\(name)' is not declared in ContextShapes")
            return .scalar
        }
        return shape.fields[slot]
    }

    /// A record for the object field `name` holds.
    public func record(for name: String) -> TemplateRecord {
        TemplateRecord(shape(of: name), reads: reads)
    }

    /// A record for each element of the list field `name` holds.
    public func elementRecord(for name: String) -> TemplateRecord {
        TemplateRecord(shape(of: name).element ?? .scalar, reads: reads)
    }

    public var value: TemplateValue { .object(TemplateObject(values: values)) }
}
