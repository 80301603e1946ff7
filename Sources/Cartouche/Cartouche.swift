// `import Cartouche`: every library module at once, for apps that use the
// library rather than pick modules (docs/EMBEDDING.md). The HTTP service is
// left out on purpose: it brings Hummingbird and NIO; import CartoucheService
// for it. Each module can still be imported alone.
@_exported import CartoucheAnnotations
@_exported import CartoucheCamera
@_exported import CartoucheGeometry
@_exported import CartoucheJSON
@_exported import CartoucheJobs
@_exported import CartouchePlacement
@_exported import CartoucheQuery
@_exported import CartoucheRender
@_exported import CartoucheScene
@_exported import CartoucheStyle
@_exported import CartoucheText
