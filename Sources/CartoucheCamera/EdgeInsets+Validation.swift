import CartoucheGeometry

extension EdgeInsets {
    /// Checks every inset is finite and non-negative, and that the insets
    /// leave a non-negative padded rect inside `viewport`.
    ///
    /// - Parameters:
    ///   - viewport: the map's size the insets must fit in.
    ///   - field: the name used in errors, e.g. `"camera.padding"`.
    public func validate(in viewport: ScreenSize, field: String = "padding") throws(CameraError) {
        for (name, value) in [("top", top), ("left", left), ("bottom", bottom), ("right", right)] {
            guard value.isFinite else { throw .nonFinite(field: "\(field).\(name)", value: value) }
            guard value >= 0 else { throw .negative(field: "\(field).\(name)", value: value) }
        }
        if left + right > viewport.width {
            throw .paddingExceedsViewport(axis: "x (\(field).left + \(field).right)", insets: left + right, extent: viewport.width)
        }
        if top + bottom > viewport.height {
            throw .paddingExceedsViewport(axis: "y (\(field).top + \(field).bottom)", insets: top + bottom, extent: viewport.height)
        }
    }
}
