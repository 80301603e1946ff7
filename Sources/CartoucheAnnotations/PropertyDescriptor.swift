import CartoucheJSON
import CartoucheStyle

/// The allowed range of a numeric property, checked before anything is
/// emitted so that no invalid style leaves Cartouche.
public enum NumericRange: Hashable, Sendable {
    case any
    /// `>= 0`: widths, radii, sizes, blurs.
    case nonNegative
    /// `0...1`: opacities.
    case unitInterval
    /// `>= bound`: e.g. `symbol-spacing >= 1`.
    case atLeast(Double)

    func problem(_ x: Double) -> StyleValueError? {
        guard x.isFinite else { return .notFinite }
        switch self {
        case .any: return nil
        case .nonNegative: return x >= 0 ? nil : .outOfRange(x, allowed: ">= 0")
        case .unitInterval: return (0...1).contains(x) ? nil : .outOfRange(x, allowed: "in [0, 1]")
        case .atLeast(let bound): return x >= bound ? nil : .outOfRange(x, allowed: ">= \(bound)")
        }
    }
}

/// Which renderers accept a property, and how.
public enum RendererSupport: Hashable, Sendable {
    /// Mapbox GL and MapLibre alike, per feature or per layer.
    case all
    /// Only Mapbox GL (v2/v3) knows the property.
    case mapboxOnly
    /// MapLibre accepts only one value per layer (no data expressions).
    case constantInMapLibre
}

/// The renderer family a compile must produce valid styles for. The raw
/// values are the spellings of the scene's `options.target`, the CLI's
/// `--target` and the service's `target` parameter.
public enum StyleTarget: String, Hashable, Sendable, CaseIterable {
    /// Valid for both MapLibre and Mapbox GL: Mapbox-only properties and
    /// per-feature values MapLibre cannot evaluate are rejected (the default).
    case portable
    /// Mapbox GL only: every property is allowed.
    case mapbox
}

/// A value with one or more plain numbers that a ``NumericRange`` applies to.
public protocol NumericStyleValue: StyleValue {
    var numericComponents: [Double] { get }
}
extension Double: NumericStyleValue { public var numericComponents: [Double] { [self] } }
extension Pixels: NumericStyleValue { public var numericComponents: [Double] { [value] } }
extension Ems: NumericStyleValue { public var numericComponents: [Double] { [value] } }
extension Array: NumericStyleValue where Element == Double { public var numericComponents: [Double] { self } }
extension StyleOffset: NumericStyleValue { public var numericComponents: [Double] { [x, y] } }

/// A field's state as the compiler needs it. Deliberately not nested in
/// the generic descriptor: generic code would look up its metadata on every
/// call, which showed up in compile profiles.
enum EncodedField {
    case unset
    case value(JSONValue)
    case invalid(StyleValueError)
}

/// What ``PropertyDescriptor/writeMember`` did with a field. No payload,
/// so it comes back in a register: with the problem in it, every call
/// (eight per circle, five of them for unset fields) returned 33 bytes
/// through memory. The problem is found again on the rare invalid path
/// (``AnnotationPropertySet/firstProblem``).
enum WrittenField {
    /// Nothing was written.
    case unset
    /// The key and the value were written.
    case written
    /// The value cannot be written; output may hold the key (discard it).
    case invalid
}

/// One style-spec property of a property set (``AnnotationPropertySet``):
/// its key, layout or paint group, spec default, and how to read, write and
/// check the typed Swift field behind it.
///
/// Descriptor tables replace hundreds of lines of per-property switch
/// statements: encoding, decoding, validation and layer building all walk
/// the same table, so a property added once is handled everywhere.
public struct PropertyDescriptor<Owner>: Sendable {
    /// The style-spec key, e.g. `"text-color"`.
    public let key: String
    public let group: StylePropertyGroup
    /// The style-spec default in JSON form; nil where the spec has none
    /// (images, patterns, sort keys, `fill-outline-color`).
    public let defaultValue: JSONValue?
    public let support: RendererSupport
    /// The type an expression for this property must produce.
    public let expressionType: ExpressionType
    /// Whether a zoom `interpolate` may drive it (numbers, colours, offsets).
    public let interpolatable: Bool
    /// The range numbers must lie in; evaluated expressions are clamped to it.
    public let range: NumericRange
    /// Reads, checks and encodes the field in one go (the compile hot path).
    let encode: @Sendable (Owner) -> EncodedField
    let write: @Sendable (inout Owner, JSONValue?) throws(StyleValueError) -> Void
    /// The key, escaped and quoted once.
    let quotedKey: JSONQuotedString
    /// Checks the field and, when it is set and valid, appends it as a
    /// member (a comma unless it is the object's first, key and value)
    /// straight to the feature buffer: the streaming compile's hot path,
    /// with no `JSONValue` and no `String` for numbers and colors.
    ///
    /// It reads the field through a pointer to the owner: a property set
    /// passed by value was copied whole (about 140 bytes for circles) into
    /// every call to read one field at its offset, a tenth of the compile
    /// benchmark's time in `memmove`.
    let writeMember: @Sendable (_ owner: UnsafePointer<Owner>, inout JSONRawBuffer, _ isFirst: Bool) -> WrittenField

    /// The field's JSON, or nil when unset (or invalid).
    func read(_ owner: Owner) -> JSONValue? {
        if case .value(let json) = encode(owner) { json } else { nil }
    }

    /// Why the field's value cannot be written, or nil.
    func problem(_ owner: Owner) -> StyleValueError? {
        if case .invalid(let problem) = encode(owner) { problem } else { nil }
    }

    /// A property stored as an optional typed field; `range` applies to every
    /// number the value contains.
    static func value<V: StyleValue>(
        _ key: String, _ group: StylePropertyGroup, _ keyPath: WritableKeyPath<Owner, V?> & Sendable,
        default defaultValue: V?, range: NumericRange = .any, support: RendererSupport = .all
    ) -> Self {
        let get = fieldReader(keyPath)
        // The member writer loads the field at this offset itself: through
        // a reader closure that was a second indirect call per property.
        let offset = MemoryLayout<Owner>.offset(of: keyPath)
        // The feature member: flat and prefixed (`StyleExpression.perFeatureKey`).
        let quotedKey = JSONQuotedString(StyleExpression.perFeatureKey(key, in: layerPropertiesKey))
        // Two closures, so the usual one (a stored field at an offset) has
        // no key-path fallback in it: that path's stack frame and saved
        // registers were paid on every call, set or not.
        let writeMember: @Sendable (UnsafePointer<Owner>, inout JSONRawBuffer, Bool) -> WrittenField
        if let offset {
            writeMember = { owner, buffer, isFirst in
                Self.writeMember(UnsafeRawPointer(owner).load(fromByteOffset: offset, as: V?.self),
                                 key: quotedKey, range: range, to: &buffer, isFirst: isFirst)
            }
        } else {
            writeMember = { owner, buffer, isFirst in
                Self.writeMember(owner.pointee[keyPath: keyPath], key: quotedKey, range: range, to: &buffer, isFirst: isFirst)
            }
        }
        return PropertyDescriptor(
            key: key, group: group, defaultValue: defaultValue?.styleJSON, support: support,
            expressionType: .of(V.self), interpolatable: V.self is any InterpolatableStyleValue.Type, range: range,
            encode: { owner in
                guard let value = get(owner) else { return .unset }
                if let problem = value.styleValueProblem ?? Self.rangeProblem(value, range) { return .invalid(problem) }
                // Colors are the one value type whose spelling is costly.
                if V.self == StyleColor.self, let color = value as? StyleColor { return .value(color.fastStyleJSON) }
                return .value(value.styleJSON)
            },
            write: { (owner: inout Owner, json: JSONValue?) throws(StyleValueError) in
                guard let json, !json.isNull else {
                    owner[keyPath: keyPath] = nil
                    return
                }
                let value = try V(styleJSON: json)
                if let problem = Self.rangeProblem(value, range) { throw problem }
                owner[keyPath: keyPath] = value
            },
            quotedKey: quotedKey,
            writeMember: writeMember)
    }

    /// The member writers' body: checks `field` and, when it is set and
    /// valid, appends `,"key":value` (no comma when `isFirst`).
    @inline(__always)
    private static func writeMember<V: StyleValue>(
        _ field: V?, key quotedKey: JSONQuotedString, range: NumericRange, to buffer: inout JSONRawBuffer, isFirst: Bool
    ) -> WrittenField {
        guard let value = field else { return .unset }
        if value.styleValueProblem ?? Self.rangeProblem(value, range) != nil { return .invalid }
        if !isFirst { buffer.append(byte: UInt8(ascii: ",")) }
        buffer.appendMemberName(quotedKey)
        // The casts are resolved when the closure is specialised for V.
        do throws(JSONWriteError) {
            if let color = value as? StyleColor {
                try color.writeStyleJSON(to: &buffer)
            } else if let number = value as? Double {
                try buffer.appendNumber(number)
            } else if let pixels = value as? Pixels {
                try buffer.appendNumber(pixels.value)
            } else {
                try buffer.append(value.styleJSON)
            }
        } catch {
            return .invalid
        }
        return .written
    }

    /// A fast reader for a stored field. Compiling a million annotations
    /// reads every field of every property set; applying a key path that is
    /// not a literal at the call site goes through the runtime's generic key
    /// path machinery each time, which dominated compile profiles. A stored
    /// property of a struct sits at a fixed offset, so it is read directly.
    private static func fieldReader<V>(_ keyPath: KeyPath<Owner, V> & Sendable) -> @Sendable (Owner) -> V {
        guard let offset = MemoryLayout<Owner>.offset(of: keyPath) else { return { $0[keyPath: keyPath] } }
        return { owner in withUnsafeBytes(of: owner) { $0.load(fromByteOffset: offset, as: V.self) } }
    }

    private static func rangeProblem<V: StyleValue>(_ value: V, _ range: NumericRange) -> StyleValueError? {
        guard range != .any else { return nil }
        // Plain numbers and pixels without an existential or an array: these
        // casts fold away when the caller is specialised for V.
        if let number = value as? Double { return range.problem(number) }
        if let pixels = value as? Pixels { return range.problem(pixels.value) }
        guard let numeric = value as? any NumericStyleValue else { return nil }
        return numeric.numericComponents.lazy.compactMap(range.problem).first
    }
}

/// Values a zoom `interpolate` can produce (the spec's `"interpolated": true`).
protocol InterpolatableStyleValue {}
extension Double: InterpolatableStyleValue {}
extension Pixels: InterpolatableStyleValue {}
extension Ems: InterpolatableStyleValue {}
extension StyleColor: InterpolatableStyleValue {}
extension StyleOffset: InterpolatableStyleValue {}

/// A set of style-spec properties held as typed optional fields (nil: not
/// set). Annotations carry their data-driven properties in one; managers
/// carry fallbacks for those plus their layer-only properties.
///
/// A property given as a style-spec expression sits in ``expressions``
/// instead of its typed field (which is then nil).
public protocol AnnotationPropertySet: Hashable, Sendable {
    init()
    /// Every property of the set, in a fixed order.
    static var descriptors: [PropertyDescriptor<Self>] { get }
    /// Properties given as expressions, by style-spec key.
    var expressions: [String: PropertyExpression] { get set }
    /// Whether the set's properties may vary per feature (the annotation
    /// sets); layer-only sets take zoom expressions only.
    static var isDataDriven: Bool { get }
}

extension PropertyDescriptor {
    /// What an expression for this property may use, in a set that is
    /// data-driven or not (``AnnotationPropertySet/isDataDriven``).
    public func expressionRules(dataDriven: Bool) -> ExpressionRules {
        ExpressionRules(type: expressionType, interpolatable: interpolatable, featureDependent: dataDriven,
                        featureState: dataDriven && group == .paint)
    }
}

extension AnnotationPropertySet {
    /// The properties that are set, keyed by style-spec key (expressions
    /// as written).
    /// - Complexity: O(number of descriptors).
    public var styleJSON: [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for descriptor in Self.descriptors {
            if let value = descriptor.read(self) ?? expressions[descriptor.key]?.json { result[descriptor.key] = value }
        }
        return result
    }

    /// Sets (or with nil / JSON null, clears) one property from its
    /// style-spec JSON form: a constant, or an expression
    /// (`PropertyExpression.isExpression(_:for:)` of CartoucheStyle) checked against the
    /// property's type and the spec's rules for it.
    /// - Throws: ``PropertySetError`` for unknown keys, invalid values and
    ///   invalid expressions.
    public mutating func setStyleValue(_ value: JSONValue?, forKey key: String) throws(PropertySetError) {
        guard let descriptor = Self.descriptors.first(where: { $0.key == key }) else {
            throw .unknownKey(key)
        }
        if let value, PropertyExpression.isExpression(value, for: descriptor.expressionType) {
            do {
                let expression = try PropertyExpression(parsing: value, rules: descriptor.expressionRules(dataDriven: Self.isDataDriven))
                try? descriptor.write(&self, nil)
                expressions[key] = expression
            } catch {
                throw .invalidExpression(key: key, error)
            }
            return
        }
        do {
            try descriptor.write(&self, value)
        } catch {
            throw .invalidValue(key: key, problem: error)
        }
        expressions[key] = nil
    }

    /// A property set decoded from style-spec JSON such as
    /// `{"text-color": "red", "text-size": 14}`.
    public init(styleJSON object: [String: JSONValue]) throws(PropertySetError) {
        self.init()
        // Sorted so the first error reported is the same on every run.
        for key in object.keys.sorted() { try setStyleValue(object[key], forKey: key) }
    }

    /// The first invalid property in descriptor order, if any.
    public var firstProblem: (key: String, problem: StyleValueError)? {
        for descriptor in Self.descriptors {
            if let problem = descriptor.problem(self) { return (descriptor.key, problem) }
        }
        return nil
    }

    /// The set properties as (descriptor index, JSON) in descriptor order,
    /// after checking them all, in one pass, into `values` (emptied first:
    /// one array reused for every annotation of a compile, where a
    /// dictionary per annotation cost an allocation and a hash per key);
    /// marks `isSet[i]` for each descriptor `i` that is set.
    func checkedStyleValues(into values: inout [(index: Int, value: JSONValue)], markingSetIn isSet: inout [Bool]) throws(InvalidPropertyValue) {
        values.removeAll(keepingCapacity: true)
        let descriptors = Self.descriptors
        // An index loop: `enumerated()` in this generic context builds tuple
        // metadata at run time on every step.
        // The descriptor is not bound to a local: that copied the whole
        // descriptor (retaining each of its closures and strings) per property
        // and annotation, 2 % of the tree compile in profiles.
        for i in 0..<descriptors.count {
            switch descriptors[i].encode(self) {
            case .unset: continue
            case .value(let json):
                values.append((i, json))
                isSet[i] = true
            case .invalid(let problem):
                throw InvalidPropertyValue(key: descriptors[i].key, problem: problem)
            }
        }
    }
}

/// A set property whose value cannot be written.
struct InvalidPropertyValue: Error {
    var key: String
    var problem: StyleValueError
}

/// Why a property could not be set from JSON.
public enum PropertySetError: Error, Hashable, Sendable {
    case unknownKey(String)
    case invalidValue(key: String, problem: StyleValueError)
    /// An expression that does not parse, has the wrong type or breaks the
    /// spec's rules for the property; the error's path is inside the expression.
    case invalidExpression(key: String, ExpressionParseError)
}
