import Diagnostics

/// One run of the compiler: compiles a template and every partial, parent and block it
/// reaches, each specialised for the shapes on the context stack where it is used,
/// resolving every name to stack positions and slots. Keeps the specialisations made so
/// far (shared between calls alike) and the problems found. Used by one thread, then dropped.
final class CompileSession {
    /// How deeply sections, partials, parents and blocks may nest, all counted together,
    /// through partials: a partial that includes itself is unrolled this far at most,
    /// and the renderer's recursion is bounded by it.
    static let maxDepth = 100
    /// Nodes compiled at most in one session: shapes that are both lists and objects at
    /// every level could otherwise double the work at every nested section.
    static let workLimit = 2_000_000
    /// Dynamic-name calls nested in one another at most. Every template of the set is a
    /// candidate at each call, compiled for its place; a candidate holding the same call
    /// in a section would otherwise unroll to `maxDepth`, once per template, when the
    /// data most likely never picks it. Deeper dynamic calls render nothing.
    static let maxDynamicDepth = 16

    private let templates: [String: ParsedTemplate]
    private let names: [String]
    private var problems: Set<TemplateProblem> = []
    private var done: [SpecializationKey: [RenderStep]] = [:]
    private var inProgress: Set<SpecializationKey> = []
    private var reached: Set<String> = []
    private var reads = TemplateReads()
    /// False for text that is not HTML (the post archetype): `{{x}}` writes its value as it is.
    private let escapes: Bool
    private var work = 0
    private var serials = 0
    private var overWorkLimit = false

    /// What a name resolves to: how to look it up, and per candidate the shape (and
    /// kinds) of what it finds, nil where the candidate's dotted chain breaks.
    private struct Resolution {
        let lookup: ValueLookup
        let found: [ShapeFrame?]
    }

    init(templates: [String: ParsedTemplate], escapes: Bool = true) {
        self.templates = templates
        self.escapes = escapes
        names = templates.keys.sorted()
    }

    /// Compiles template `name` for data of shape `root`.
    func compile(_ name: String, root: TemplateShape) -> TemplateCompilation {
        guard let template = templates[name] else {
            let problem = TemplateProblem(template: name, label: "templates/\(name).mustache", line: 1, column: 1,
                                          message: "missing template '\(name)' (no templates/\(name).mustache)", kind: .syntax)
            return TemplateCompilation(template: nil, problems: [problem], reached: [], reads: reads)
        }
        let frames = [ShapeFrame(shape: root, kinds: root.kinds)]
        let scope = CompileScope(template: name, label: template.label, frames: frames, indent: .none, blocks: [:],
                                 depth: 0, quiet: false, dynamicDepth: 0)
        let steps = specialise(template, in: scope, from: nil) ?? []
        return TemplateCompilation(template: CompiledTemplate(name: name, steps: steps),
                                   problems: TemplateProblem.sorted(problems), reached: reached, reads: reads)
    }

    // MARK: Templates

    /// `template` compiled for `scope` (whose template and label it replaces): from the
    /// cache, or compiled now. Nil when the same specialisation is already being compiled
    /// further up: the call would recurse with nothing changed, forever.
    private func specialise(_ template: ParsedTemplate, in scope: CompileScope,
                            from caller: (CompileScope, TagPosition)?) -> [RenderStep]? {
        let key = SpecializationKey(template: template.name, frames: scope.frames, indent: scope.indent,
                                    blocks: scope.blocks, quiet: scope.quiet)
        if let steps = done[key] { return steps }
        guard !inProgress.contains(key) else {
            if let (callerScope, at) = caller {
                report(callerScope, at, "'\(template.name)' includes itself with nothing changed, so it would never end",
                       .syntax, placeDependent: true)
            }
            return nil
        }
        if reached.insert(template.name).inserted { problems.formUnion(template.problems) }
        inProgress.insert(key)
        var writer = StepWriter()
        var scope = scope
        scope.template = template.name
        scope.label = template.label
        compile(template.nodes, scope, &writer)
        inProgress.remove(key)
        let steps = writer.finish()
        done[key] = steps
        return steps
    }

    private func compile(_ nodes: [ParsedNode], _ scope: CompileScope, _ writer: inout StepWriter) {
        work += nodes.count
        for node in nodes {
            switch node {
            case .text(let bytes):
                writer.text(bytes)
            case .lineStart:
                writer.lineStart(scope.indent)
            case .variable(let name, let escaped, let at):
                writer.cancelStrip()
                if let resolution = resolve(name, scope, at, role: "variable") {
                    writer.step(.value(resolution.lookup, escaped: escaped && escapes))
                }
            case .section(let name, let inverted, let body, let at):
                writer.cancelStrip()
                compileSection(name, inverted: inverted, body: body, at: at, scope, &writer)
            case .partial(let reference, let at):
                writer.cancelStrip()
                compileInclude(reference, overrides: nil, at: at, scope, &writer)
            case .parent(let reference, let overrides, let at):
                writer.cancelStrip()
                compileInclude(reference, overrides: overrides, at: at, scope, &writer)
            case .block(let block):
                writer.cancelStrip()
                compileBlock(block, scope, &writer)
            }
        }
    }

    /// Whether one more level of nesting may be compiled here; reports where it may not.
    private func enter(_ scope: CompileScope, _ at: TagPosition) -> Bool {
        if scope.depth >= Self.maxDepth {
            report(scope, at, "nested more than \(Self.maxDepth) deep (sections, partials and blocks together); left out here",
                   .syntax, placeDependent: true)
            return false
        }
        if work > Self.workLimit {
            // Once: past the limit, every place left would report it.
            if !overWorkLimit {
                report(scope, at, "too much to compile (over \(Self.workLimit) steps through partials and sections); left out here",
                       .syntax)
            }
            overWorkLimit = true
            return false
        }
        return true
    }

    // MARK: Sections

    /// A section's body is compiled once per shape its value may have: with the element
    /// pushed when it may be a list, with the value pushed when it may be something else.
    private func compileSection(_ name: DottedName, inverted: Bool, body: [ParsedNode], at: TagPosition,
                                _ scope: CompileScope, _ writer: inout StepWriter) {
        guard enter(scope, at) else { return }
        var inner = scope
        inner.depth += 1
        guard let resolution = resolve(name, scope, at, role: "section") else {
            // Never found, so always falsey: an inverted section always renders.
            if inverted { compile(body, inner, &writer) }
            return
        }
        if inverted {
            var bodyWriter = StepWriter()
            compile(body, inner, &bodyWriter)
            let steps = bodyWriter.finish()
            if !steps.isEmpty { writer.step(.inverted(resolution.lookup, steps)) }
            return
        }
        var byShape: [ShapeFrame: SectionBodies] = [:]
        var bodies: [SectionBodies] = []
        for found in resolution.found {
            guard let found else {
                bodies.append(.empty)
                continue
            }
            if let known = byShape[found] {
                bodies.append(known)
                continue
            }
            var list: [RenderStep]?
            if found.kinds.contains(.list), let element = found.shape.elementShape {
                list = compileBody(body, inner, pushing: ShapeFrame(shape: element, kinds: element.kinds))
            }
            var value: [RenderStep]?
            let once = found.kinds.subtracting(.list)
            if !once.isEmpty {
                value = compileBody(body, inner, pushing: ShapeFrame(shape: found.shape, kinds: once))
            }
            let compiled = SectionBodies(list: list, value: value)
            byShape[found] = compiled
            bodies.append(compiled)
        }
        if !bodies.allSatisfy(\.isEmpty) { writer.step(.section(resolution.lookup, bodies)) }
    }

    private func compileBody(_ body: [ParsedNode], _ scope: CompileScope, pushing frame: ShapeFrame) -> [RenderStep] {
        var inner = scope
        inner.frames.append(frame)
        var writer = StepWriter()
        compile(body, inner, &writer)
        return writer.finish()
    }

    // MARK: Partials and parents

    /// `{{>name}}`, `{{<name}}…{{/name}}` and their dynamic forms. A parent passes its
    /// blocks down, except those already given from further out (the outermost wins).
    private func compileInclude(_ reference: PartialReference, overrides: [ParsedBlock]?, at: TagPosition,
                                _ scope: CompileScope, _ writer: inout StepWriter) {
        guard enter(scope, at) else { return }
        var blocks = scope.blocks
        for block in overrides ?? [] where blocks[block.name] == nil {
            let indent = block.isStandalone
                ? LineIndent(strip: max(scope.indent.strip, block.commonIndentation.count), add: [])
                : scope.indent
            serials += 1
            blocks[block.name] = BlockArgument(serial: serials, block: block, template: scope.template,
                                               label: scope.label, indent: indent)
        }
        // A standalone tag's blanks, as this template's own indentation leaves them, go
        // before every line of the included template.
        let indent = reference.indentation.map {
            LineIndent(strip: 0, add: scope.indent.add + LineIndent.dropBlanks($0, upTo: scope.indent.strip))
        } ?? .none
        var inner = scope
        inner.indent = indent
        inner.blocks = blocks
        inner.depth += 1
        if reference.isDynamic {
            guard let name = DottedName(reference.name), let resolution = resolve(name, scope, at, role: "variable"),
                  scope.dynamicDepth < Self.maxDynamicDepth else { return }
            inner.quiet = true
            inner.dynamicDepth += 1
            var table: [String: [RenderStep]] = [:]
            for candidate in names {
                guard let template = templates[candidate] else { continue }
                table[candidate] = specialise(template, in: inner, from: nil)
            }
            if !table.isEmpty { writer.step(.dynamic(resolution.lookup, table)) }
        } else {
            guard let template = templates[reference.name] else {
                report(scope, at, "missing partial '\(reference.name)' (no templates/\(reference.name).mustache)", .syntax)
                return
            }
            if let steps = specialise(template, in: inner, from: (scope, at)), !steps.isEmpty {
                writer.step(.include(steps))
            }
        }
    }

    // MARK: Blocks

    /// `{{$name}}…{{/name}}`: the argument given for it, else its own content. A standalone
    /// block re-indents whichever it renders to its own indentation: that of its default
    /// content, else the blanks before its tag.
    private func compileBlock(_ block: ParsedBlock, _ scope: CompileScope, _ writer: inout StepWriter) {
        guard enter(scope, block.position) else { return }
        var site: [UInt8]?
        if block.isStandalone {
            let own = scope.indent.add + LineIndent.dropBlanks(block.commonIndentation, upTo: scope.indent.strip)
            site = own.isEmpty ? LineIndent.dropBlanks(block.before, upTo: scope.indent.strip) : own
        }
        var inner = scope
        inner.depth += 1
        if let argument = scope.blocks[block.name] {
            // Within its own argument a block is not replaced again: that could not end.
            inner.blocks[block.name] = nil
            inner.template = argument.template
            inner.label = argument.label
            inner.indent = LineIndent(strip: argument.indent.strip, add: (site ?? []) + argument.indent.add)
            // An argument written inline starts mid-line; its first line is indented too.
            if let site, let first = argument.block.body.first {
                if case .lineStart = first {} else { writer.literal(site) }
            }
            compile(argument.block.body, inner, &writer)
        } else {
            if let site {
                inner.indent = LineIndent(strip: max(scope.indent.strip, block.commonIndentation.count), add: site)
            }
            compile(block.body, inner, &writer)
        }
    }

    // MARK: Names

    /// Resolves a name statically, following the spec's context-stack rules: the frames
    /// whose shape declares the first segment (or is open), top down, each with the rest
    /// of the path resolved in that field's shape. A frame that is surely an object and
    /// always has the name ends the search, since nothing below it can be reached.
    /// Reports the name when no candidate can find it all.
    private func resolve(_ name: DottedName, _ scope: CompileScope, _ at: TagPosition, role: String) -> Resolution? {
        let frames = scope.frames
        if name.isImplicit {
            guard let top = frames.last else { return nil }
            return Resolution(lookup: .top, found: [top])
        }
        let first = name.segments[0]
        let rest = Array(name.segments.dropFirst())
        var candidates: [ValueLookup.Candidate] = []
        var found: [ShapeFrame?] = []
        // The broken chain that got furthest: which segment of `rest` failed, and in what shape.
        var furthest: (segment: Int, shape: TemplateShape)?
        for index in frames.indices.reversed() {
            let frame = frames[index]
            guard frame.kinds.contains(.object) else { continue }
            let step: ValueLookup.Step
            var current: TemplateShape
            var certain = false
            if let slot = frame.shape.slots[first] {
                reads.insert(frame.shape, slot: slot)
                step = .slot(slot)
                current = frame.shape.fields[slot]
                certain = frame.kinds == .object && frame.shape.isRequired[slot]
            } else if frame.shape.isOpen {
                reads.insertOpen(first)
                step = .name(first)
                current = .anything
            } else {
                continue
            }
            var steps: [ValueLookup.Step] = []
            var breaks = false
            for (segment, part) in rest.enumerated() {
                if let slot = current.slots[part] {
                    reads.insert(current, slot: slot)
                    steps.append(.slot(slot))
                    current = current.fields[slot]
                } else if current.isOpen {
                    reads.insertOpen(part)
                    steps.append(.name(part))
                    current = .anything
                } else {
                    breaks = true
                    if segment > furthest?.segment ?? -1 { furthest = (segment, current) }
                    break
                }
            }
            candidates.append(ValueLookup.Candidate(frame: index, first: step, rest: steps, breaks: breaks))
            found.append(breaks ? nil : ShapeFrame(shape: current, kinds: current.kinds))
            if certain { break }
        }
        // Broken candidates below every working one change nothing: missing either way.
        while let last = candidates.last, last.breaks {
            candidates.removeLast()
            found.removeLast()
        }
        guard !candidates.isEmpty else {
            reportUnknown(name, role: role, furthest: furthest, scope, at)
            return nil
        }
        return Resolution(lookup: .chain(candidates), found: found)
    }

    /// `unknown variable 'page.tittle' (did you mean 'page.title'?)`: suggestions for the
    /// first segment come from every name on the stack, for a later one from the shape
    /// it was looked up in.
    private func reportUnknown(_ name: DottedName, role: String, furthest: (segment: Int, shape: TemplateShape)?,
                               _ scope: CompileScope, _ at: TagPosition) {
        var segments = name.segments
        var suggestion: String?
        if let (segment, shape) = furthest {
            if let fix = DidYouMean.closest(to: segments[segment + 1], in: shape.names) {
                segments[segment + 1] = fix
                suggestion = segments.joined(separator: ".")
            }
        } else {
            var seen: Set<String> = []
            var declared: [String] = []
            for frame in scope.frames.reversed() {
                for field in frame.shape.names where seen.insert(field).inserted { declared.append(field) }
            }
            if let fix = DidYouMean.closest(to: segments[0], in: declared) {
                segments[0] = fix
                suggestion = segments.joined(separator: ".")
            }
        }
        let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        report(scope, at, "unknown \(role) '\(name.text)'\(hint)", .unknownName, placeDependent: true)
    }

    /// Records a problem; one that depends on the place (`placeDependent`) is dropped
    /// inside a dynamic-name candidate, where the data may never pick the template.
    private func report(_ scope: CompileScope, _ at: TagPosition, _ message: String, _ kind: TemplateProblem.Kind,
                        placeDependent: Bool = false) {
        if placeDependent && scope.quiet { return }
        problems.insert(TemplateProblem(template: scope.template, label: scope.label, line: at.line, column: at.column,
                                        message: message, kind: kind))
    }
}
