import CartoucheJSON
import CartoucheStyle

// Evaluating the style-spec expressions a property set holds, where
// Cartouche itself needs the values (placement, hit-testing, pictures).
// The renderer evaluates the same expressions from the compiled style; the
// inputs are the frame's zoom and the feature as the compiled source holds
// it, so both read the same values.

/// What expressions are evaluated with besides the feature: the frame's
/// camera zoom and the feature state a renderer holds.
public struct StyleEnvironment: Hashable, Sendable {
    /// The camera zoom of the frame.
    public var zoom: Double
    /// Feature state by manager id (the source), then annotation id; empty,
    /// as a fresh renderer has it, unless given.
    public var featureState: [String: [String: [String: JSONValue]]]

    public init(zoom: Double = 0, featureState: [String: [String: [String: JSONValue]]] = [:]) {
        self.zoom = zoom
        self.featureState = featureState
    }
}

extension AnnotationPropertySet {
    /// Whether `descriptor`'s property is set, as a constant or an expression.
    func isSet(_ descriptor: PropertyDescriptor<Self>) -> Bool {
        descriptor.read(self) != nil || expressions[descriptor.key] != nil
    }

    /// This set with each expression replaced by its value in `context`, with
    /// MapLibre's rules: an evaluation error, null, NaN or a value the
    /// property cannot take (an unknown enum word) leaves the property unset
    /// (the manager's value or the spec default applies); numbers outside the
    /// property's range are clamped into it, as the renderer draws them.
    /// Layout properties other than `icon-size` and `text-size` see the zoom
    /// rounded down, as MapLibre lays out a tile at its integer zoom.
    /// - Complexity: O(e · p) for e expressions and p descriptors.
    public func evaluated(in context: EvaluationContext) -> Self {
        guard !expressions.isEmpty else { return self }
        var result = self
        result.expressions = [:]
        for descriptor in Self.descriptors {
            guard let expression = expressions[descriptor.key] else { continue }
            guard let value = try? expression.parsed.evaluate(in: Self.context(context, for: descriptor)),
                  let json = Self.constant(value, range: descriptor.range) else { continue }
            try? descriptor.write(&result, json)
        }
        return result
    }

    /// This set with each expression evaluated once for good (per-annotation
    /// expressions, which become constants of their feature at compile).
    /// - Throws: ``PropertySetError/invalidExpression(key:_:)`` for an
    ///   expression that reads the zoom or feature state (they change after
    ///   compile) or fails to evaluate; ``PropertySetError/invalidValue(key:problem:)``
    ///   for a value the property cannot take. A null result leaves the property unset.
    public func evaluatedOnce(in context: EvaluationContext) throws(PropertySetError) -> Self {
        guard !expressions.isEmpty else { return self }
        var result = self
        result.expressions = [:]
        for descriptor in Self.descriptors {
            guard let expression = expressions[descriptor.key] else { continue }
            guard expression.isZoomConstant && expression.isStateConstant else {
                throw .invalidExpression(key: descriptor.key, ExpressionParseError(
                    path: "", reason: "a per-annotation expression is evaluated once, for its feature, when compiling, so it cannot read "
                        + "\(expression.isZoomConstant ? "feature-state" : "the zoom"); give it in the manager's properties instead"))
            }
            let value: ExpressionValue
            do { value = try expression.parsed.evaluate(in: context) } catch {
                throw .invalidExpression(key: descriptor.key, ExpressionParseError(path: "", reason: "evaluation failed: \(error)"))
            }
            if value == .null { continue }
            do { try descriptor.write(&result, value.json) } catch {
                throw .invalidValue(key: descriptor.key, problem: error)
            }
        }
        return result
    }

    static func context(_ context: EvaluationContext, for descriptor: PropertyDescriptor<Self>) -> EvaluationContext {
        guard descriptor.group == .layout, descriptor.key != "icon-size", descriptor.key != "text-size" else { return context }
        var layout = context
        layout.zoom = context.zoom.rounded(.down)
        return layout
    }

    /// The value as a property constant, numbers clamped to `range`; nil for
    /// null and NaN (the renderer's "use the default").
    static func constant(_ value: ExpressionValue, range: NumericRange) -> JSONValue? {
        func clamp(_ x: Double) -> Double? {
            guard !x.isNaN else { return nil }
            switch range {
            case .any: return x
            case .nonNegative: return max(0, x)
            case .unitInterval: return min(1, max(0, x))
            case .atLeast(let bound): return max(bound, x)
            }
        }
        switch value {
        case .null: return nil
        case .number(let x): return clamp(x).map(JSONValue.number)
        case .array(let items) where items.allSatisfy({ $0.number != nil }):
            var numbers: [JSONValue] = []
            for item in items { guard let x = item.number.flatMap(clamp) else { return nil }; numbers.append(.number(x)) }
            return .array(numbers)
        default: return value.json
        }
    }
}

extension AnnotationManager {
    /// The annotation's feature as an expression reads it in the compiled
    /// source: properties `layerProperties.<key>` (its constant style values),
    /// `custom_data` and, with ``promoteIds``, `id`; the feature id is the
    /// annotation id where the renderer keeps it (promoted, or numeric).
    public func evaluationContext(of a: Kind.Annotation, in environment: StyleEnvironment) -> EvaluationContext {
        var properties: [String: JSONValue] = [customDataKey: .object(a.customData)]
        for (key, value) in a.properties.styleJSON { properties[StyleExpression.perFeatureKey(key, in: layerPropertiesKey)] = value }
        if promoteIds { properties[annotationIdPropertyKey] = .string(a.id) }
        // MapLibre keeps a GeoJSON feature id only when it is a number.
        let featureID: JSONValue = promoteIds ? .string(a.id) : Double(a.id).map { .number($0.rounded(.towardZero)) } ?? .null
        return EvaluationContext(
            zoom: environment.zoom, properties: properties, featureID: featureID, geometryType: Kind.geometryType,
            featureState: environment.featureState[id]?[a.id] ?? [:])
    }

    /// `a`'s own properties and this manager's fallbacks with their
    /// expressions evaluated for `a` in `environment` (see
    /// ``AnnotationPropertySet/evaluated(in:)``).
    func evaluatedProperties(of a: Kind.Annotation, in environment: StyleEnvironment) -> (own: Kind.Annotation.Properties, manager: Kind.Annotation.Properties) {
        guard !defaults.expressions.isEmpty || !a.properties.expressions.isEmpty else { return (a.properties, defaults) }
        let context = evaluationContext(of: a, in: environment)
        return (a.properties.evaluated(in: context), defaults.evaluated(in: context))
    }

    /// The layer-only properties with their (zoom) expressions evaluated.
    public func evaluatedLayerProperties(in environment: StyleEnvironment) -> Kind.LayerProperties {
        layerProperties.evaluated(in: EvaluationContext(zoom: environment.zoom))
    }

    /// `a` with its per-annotation expressions evaluated for its feature
    /// (``AnnotationPropertySet/evaluatedOnce(in:)``).
    public func evaluatingExpressions(of a: Kind.Annotation) throws(PropertySetError) -> Kind.Annotation {
        guard !a.properties.expressions.isEmpty else { return a }
        var copy = a
        copy.properties = try a.properties.evaluatedOnce(in: evaluationContext(of: a, in: StyleEnvironment()))
        return copy
    }

    /// Whether an annotation holds an expression (not yet a constant).
    var hasAnnotationExpressions: Bool { annotations.contains { !$0.properties.expressions.isEmpty } }

    /// This manager with every per-annotation expression evaluated.
    func evaluatingAnnotationExpressions() throws(AnnotationError) -> Self {
        guard hasAnnotationExpressions else { return self }
        var copy = self
        for i in annotations.indices {
            do { copy.annotations[i] = try evaluatingExpressions(of: annotations[i]) } catch {
                switch error {
                case .invalidValue(let key, let problem):
                    throw .invalidProperty(manager: id, annotation: annotations[i].id, property: key, problem: problem)
                case .invalidExpression(let key, let problem):
                    throw .invalidProperty(manager: id, annotation: annotations[i].id, property: key, problem: .expression(path: problem.path, reason: problem.reason))
                case .unknownKey(let key):
                    throw .unknownProperty(manager: id, annotation: annotations[i].id, property: key)
                }
            }
        }
        return copy
    }
}
