import Foundation

/// A 4×4 Double matrix stored column-major, with the handful of operations
/// MapLibre's transform uses, each with gl-matrix's semantics (every
/// `scaled`/`translated`/`rotated` post-multiplies, i.e. applies the new
/// transformation *before* the existing ones).
///
/// Only built when a ``Projection`` is made, so clarity beats speed here;
/// projection hot loops read the few entries they need into scalars.
public struct Matrix4: Hashable, Sendable {
    /// Column-major entries: `elements[column * 4 + row]`.
    public private(set) var elements: [Double]

    public static let identity = Matrix4(elements: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// `elements` must hold exactly 16 values, column-major; returns nil otherwise.
    public init?(columnMajor elements: [Double]) {
        guard elements.count == 16 else { return nil }
        self.elements = elements
    }

    /// Module-internal: callers always pass 16 values.
    init(elements: [Double]) {
        self.elements = elements
    }

    /// Entry at `row`, `column` (both 0...3).
    @inlinable
    public subscript(row: Int, column: Int) -> Double {
        elements[column * 4 + row]
    }

    /// OpenGL perspective projection (gl-matrix `perspective`): vertical field
    /// of view `fovY` radians, `aspect` = width / height, finite near/far planes.
    public static func perspective(fovY: Double, aspect: Double, near: Double, far: Double) -> Matrix4 {
        let f = 1 / tan(fovY / 2)
        let nf = 1 / (near - far)
        var m = [Double](repeating: 0, count: 16)
        m[0] = f / aspect
        m[5] = f
        m[10] = (far + near) * nf
        m[11] = -1
        m[14] = 2 * far * near * nf
        return Matrix4(elements: m)
    }

    /// `self · other`.
    public static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        var m = [Double](repeating: 0, count: 16)
        for column in 0..<4 {
            for row in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a.elements[k * 4 + row] * b.elements[column * 4 + k] }
                m[column * 4 + row] = sum
            }
        }
        return Matrix4(elements: m)
    }

    /// `self · scale(x, y, z)`.
    public func scaled(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        var m = elements
        for row in 0..<4 {
            m[row] *= x
            m[4 + row] *= y
            m[8 + row] *= z
        }
        return Matrix4(elements: m)
    }

    /// `self · translate(x, y, z)`.
    public func translated(_ x: Double, _ y: Double, _ z: Double) -> Matrix4 {
        var m = elements
        for row in 0..<4 {
            m[12 + row] = elements[row] * x + elements[4 + row] * y + elements[8 + row] * z + elements[12 + row]
        }
        return Matrix4(elements: m)
    }

    /// `self · rotationX(radians)`.
    public func rotatedX(_ radians: Double) -> Matrix4 {
        let s = sin(radians), c = cos(radians)
        var m = elements
        for row in 0..<4 {
            let a1 = elements[4 + row], a2 = elements[8 + row]
            m[4 + row] = a1 * c + a2 * s
            m[8 + row] = a2 * c - a1 * s
        }
        return Matrix4(elements: m)
    }

    /// `self · rotationY(radians)`.
    public func rotatedY(_ radians: Double) -> Matrix4 {
        let s = sin(radians), c = cos(radians)
        var m = elements
        for row in 0..<4 {
            let a0 = elements[row], a2 = elements[8 + row]
            m[row] = a0 * c - a2 * s
            m[8 + row] = a0 * s + a2 * c
        }
        return Matrix4(elements: m)
    }

    /// `self · rotationZ(radians)`.
    public func rotatedZ(_ radians: Double) -> Matrix4 {
        let s = sin(radians), c = cos(radians)
        var m = elements
        for row in 0..<4 {
            let a0 = elements[row], a1 = elements[4 + row]
            m[row] = a0 * c + a1 * s
            m[4 + row] = a1 * c - a0 * s
        }
        return Matrix4(elements: m)
    }

    /// `self · (x, y, z, w)ᵀ`.
    public func transform(_ x: Double, _ y: Double, _ z: Double, _ w: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        let e = elements
        return (
            e[0] * x + e[4] * y + e[8] * z + e[12] * w,
            e[1] * x + e[5] * y + e[9] * z + e[13] * w,
            e[2] * x + e[6] * y + e[10] * z + e[14] * w,
            e[3] * x + e[7] * y + e[11] * z + e[15] * w
        )
    }
}
