import CartoucheAnnotations
import CartoucheStyle

extension SceneDocument {
    /// ``styleDocument(options:target:)`` together with the compile's
    /// non-fatal findings (duplicate annotation ids: the first is kept), so
    /// callers that must report them need not compile twice.
    public func styleDocumentWithWarnings(
        options: StyleDocumentOptions = StyleDocumentOptions(), target: StyleTarget = .portable
    ) throws(SceneError) -> (document: StyleDocument, warnings: [AnnotationError]) {
        let camera = try styleCamera()
        do {
            var (document, compiled) = try orchestrator.styleDocument(options: options, target: target)
            document.camera = camera
            return (document, compiled.warnings)
        } catch let error as AnnotationError {
            throw .annotations(error)
        } catch {
            throw .invalidStyle("\(error)")
        }
    }
}
