import CartoucheAnnotations
import CartoucheJSON

extension SceneDecoding {
    /// `featureState`: `{"<manager id>": {"<annotation id>": {"selected": true}}}`,
    /// the state a renderer holds per source (the manager) and feature (the
    /// annotation). Both ids must exist, so a typo is an error rather than a
    /// state nothing reads.
    static func featureState(
        _ v: JSONValue, _ p: JSONPath, managers: [String: AnyAnnotationManager]
    ) throws(JSONDecodingError) -> [String: [String: [String: JSONValue]]] {
        var out: [String: [String: [String: JSONValue]]] = [:]
        for (managerId, states) in try v.decodeObject(at: p) {
            let mp = p.appending(key: managerId)
            guard let manager = managers[managerId] else {
                throw JSONDecodingError(path: mp, reason: "\"\(managerId)\" is not the id of a manager of this scene")
            }
            let ids = Set(manager.annotationIds)
            var byAnnotation: [String: [String: JSONValue]] = [:]
            for (annotationId, state) in try states.decodeObject(at: mp) {
                let ap = mp.appending(key: annotationId)
                guard ids.contains(annotationId) else {
                    throw JSONDecodingError(path: ap, reason: "\"\(annotationId)\" is not the id of an annotation of manager \"\(managerId)\"")
                }
                byAnnotation[annotationId] = try state.decodeObject(at: ap)
            }
            out[managerId] = byAnnotation
        }
        return out
    }
}
