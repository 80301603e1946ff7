import CartoucheAnnotations
import CartoucheJSON
import CartoucheText

extension SceneDocument {
    /// The JSON path of the scene member a placing or compiling error is
    /// about, for errors found after decoding (unknown fonts, layer positions
    /// that cannot be resolved, manager properties a target refuses), so that
    /// HTTP problems and CLI reports point at the value to fix.
    ///
    /// Paths index the scene as it was decoded: view annotations, managers
    /// and text runs keep their JSON order. Nil when no single member is to
    /// blame (a cancelled placement, a missing text engine).
    public func jsonPath(for error: SceneError) -> JSONPath? {
        switch error {
        case .text(let id, let textError):
            guard let index = viewAnnotations.firstIndex(where: { $0.id == id }) else { return nil }
            let content = JSONPath.root.appending(key: "viewAnnotations").appending(index: index).appending(key: "content")
            return contentPath(content, id: id, error: textError)
        case .annotations(let annotationError):
            return managersPath(for: annotationError)
        case .manager(let id, let member, _):
            return managerPath(id, member)
        case .boxTooLarge(let id, _):
            guard let index = viewAnnotations.firstIndex(where: { $0.id == id }) else { return nil }
            return JSONPath.root.appending(key: "viewAnnotations").appending(index: index)
        case .camera(.noCoordinates):
            return cameras.count == 1 ? JSONPath.root.appending(key: "camera") : JSONPath.root.appending(key: "cameras")
        default:
            return nil
        }
    }

    /// Inside a callout's `content`: the member the text engine named as it
    /// threw (a length's path, or the run whose font stack or text failed).
    private func contentPath(_ content: JSONPath, id: String, error: TextError) -> JSONPath {
        switch error {
        case .invalidCalloutValue(let path, _, _):
            return path.prepending(content)
        case .inCalloutRun(let index, let runError):
            let run = content.appending(key: "runs").appending(index: index)
            switch runError {
            case .unknownFontStack, .emptyFontStack: return run.appending(key: "font")
            case .textTooLong: return run.appending(key: "text")
            default: return run
            }
        default:
            return content
        }
    }

    /// `managers[i].key` for the manager with id `manager` (`managers[i]`
    /// without a key), `managers` when the scene has no such manager.
    private func managerPath(_ manager: String, _ key: String?) -> JSONPath {
        let managersRoot = JSONPath.root.appending(key: "managers")
        guard let i = managers.firstIndex(where: { $0.id == manager }) else { return managersRoot }
        let path = managersRoot.appending(index: i)
        return key.map { path.appending(key: $0) } ?? path
    }

    /// `managers[i].member` for errors naming one manager, `managers` for
    /// those involving several.
    private func managersPath(for error: AnnotationError) -> JSONPath {
        let member = managerPath
        /// Where a manager-level key sits: style-spec keys (all hyphenated)
        /// under `properties`, `tapRadius` as itself, cluster options under `cluster`.
        func managerProperty(_ manager: String, _ key: String) -> JSONPath {
            if key.contains("-") { return member(manager, "properties").appending(key: key) }
            return member(manager, key == "tapRadius" ? key : "cluster")
        }
        /// Where an annotation-level key sits in annotation `annotation`
        /// (by id) of `manager`: style-spec keys under its `properties`,
        /// `custom_data` as its `customData`, others at the annotation.
        func annotationMember(_ manager: String, _ annotation: String, _ key: String) -> JSONPath? {
            guard let m = managers.first(where: { $0.id == manager }),
                  let j = m.annotationIds.firstIndex(of: annotation) else { return nil }
            let path = member(manager, "annotations").appending(index: j)
            if key.contains("-") { return path.appending(key: "properties").appending(key: key) }
            return key == customDataKey ? path.appending(key: "customData") : key == "geometry" ? path.appending(key: key) : path
        }
        switch error {
        case .unknownLayerId(let manager, _), .layerIndexOutOfRange(let manager, _, _):
            return member(manager, "layerPosition")
        case .unknownSlot(let manager, _):
            return member(manager, "slot")
        case .layerPositionCycle(let managers) where managers.count == 1:
            return member(managers[0], "layerPosition")
        case .invalidProperty(let manager, nil, let key, _), .unknownProperty(let manager, nil, let key),
             .unsupportedByTarget(let manager, nil, let key, _):
            return managerProperty(manager, key)
        case .invalidProperty(let manager, let annotation?, let key, _), .unknownProperty(let manager, let annotation?, let key),
             .unsupportedByTarget(let manager, let annotation?, let key, _):
            return annotationMember(manager, annotation, key) ?? member(manager, "annotations")
        case .invalidGeometry(let manager, let annotation, _):
            return annotationMember(manager, annotation, "geometry") ?? member(manager, "annotations")
        case .conflictingImage(_, let manager, _):
            return member(manager, "annotations")
        default:
            return JSONPath.root.appending(key: "managers")
        }
    }
}
