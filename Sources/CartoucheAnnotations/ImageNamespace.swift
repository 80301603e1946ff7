import CartoucheStyle

/// The style images annotations use, shared by all managers and counted by
/// reference: an image stays while at least one annotation uses it, and two
/// annotations may only share a name if they mean the same image.
public struct ImageNamespace: Hashable, Sendable {
    public struct Entry: Hashable, Sendable {
        public var image: StyleImage
        /// Number of annotations (across all managers) using the image.
        public var referenceCount: Int
    }

    public private(set) var entries: [String: Entry] = [:]

    public init() {}

    /// Adds one reference to `image`.
    /// - Throws: ``AnnotationError/conflictingImage(name:manager:annotation:)``
    ///   when the name is taken by a different image.
    public mutating func retain(_ image: StyleImage, manager: String, annotation: String) throws(AnnotationError) {
        if let existing = entries[image.name] {
            guard existing.image == image else {
                throw .conflictingImage(name: image.name, manager: manager, annotation: annotation)
            }
            entries[image.name]?.referenceCount += 1
        } else {
            entries[image.name] = Entry(image: image, referenceCount: 1)
        }
    }

    /// Drops one reference; the image leaves the namespace at zero.
    public mutating func release(named name: String) {
        guard let entry = entries[name] else { return }
        if entry.referenceCount <= 1 {
            entries[name] = nil
        } else {
            entries[name]?.referenceCount -= 1
        }
    }

    /// The images, sorted by name.
    public var images: [StyleImage] { entries.keys.sorted().compactMap { entries[$0]?.image } }
}
