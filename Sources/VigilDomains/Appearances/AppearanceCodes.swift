import Foundation

/// The small integer codes the appearance index scans instead of the vectors, and what each code
/// may be off by. A stored vector `v` becomes its direction `u = v / |v|`, kept as Int8 codes `q`
/// with a scale `s` (the largest |u_i| maps to 127) and the exact length of what rounding lost,
/// `|e|` where `e = u - s q`. The query's direction `x` is kept as Int16 codes `p` with a scale
/// `t`, losing `f = x - t p`. Then
///
///     u·x = s t (q·p) + s q·f + e·x,   |s q·f| <= |u - e| |f| <= (1 + |e|) |f|,   |e·x| <= |e|
///
/// so the cosine lies within `bound` of the estimate `s t (q·p)`, which is computed in integers.
/// The bound is per vector and rigorous: only vectors whose interval can still reach the top k
/// are measured exactly, and the answer is the exact scan's.
enum AppearanceCodes {
    /// Codes are padded with zeros to a multiple of this: the scan's step (two 16-byte vectors).
    static let step = 32
    /// More than every rounding of the Double and Float arithmetic involved, in the estimate and
    /// in the exact cosine it is compared with (both ~1e-15).
    static let slack = 1e-9

    static func stride(forLength length: Int) -> Int {
        (length + step - 1) / step * step
    }

    /// Writes the codes of the direction of `vector` (32-bit floats) into `codes` (`stride` bytes)
    /// and returns their scale and the length of the rounding error, rounded up; nil for a vector
    /// without direction, which no query can be similar to.
    static func encode(_ vector: UnsafeRawBufferPointer, into codes: UnsafeMutablePointer<Int8>, stride: Int) -> (scale: Float, error: Float)? {
        // Read in place (a blob of SQLite need not be aligned), without an array: the index is
        // filled with a million of them.
        let count = vector.count / MemoryLayout<Float>.size
        func element(_ index: Int) -> Double { Double(vector.loadUnaligned(fromByteOffset: index * MemoryLayout<Float>.size, as: Float.self)) }
        let length = sqrt((0..<count).reduce(0) { $0 + element($1) * element($1) })
        guard length > 0, length.isFinite else { return nil }
        let scale = Float((0..<count).reduce(0) { max($0, abs(element($1)) / length) } / 127)
        var lost = 0.0
        for index in 0..<count {
            let value = element(index) / length
            let code = min(max((value / Double(scale)).rounded(), -127), 127)
            codes[index] = Int8(code)
            lost += (value - Double(scale) * code) * (value - Double(scale) * code)
        }
        (codes + count).initialize(repeating: 0, count: stride - count)
        return (scale, Float(sqrt(lost)).nextUp)
    }

    /// A query's direction as the scan multiplies it: Int16 codes (more precise than the stored
    /// ones, at no cost: the scan widens both to 16 bits anyway), their scale, and the length of
    /// what they lose.
    struct Query: Sendable {
        let codes: [Int16]
        let scale: Double
        let error: Double

        /// `example` has a direction: the query was refused otherwise.
        init(_ example: [Float], stride: Int) {
            let length = sqrt(example.reduce(0) { $0 + Double($1) * Double($1) })
            precondition(length > 0 && length.isFinite, "an example without direction is refused before it is searched")
            let direction = example.map { Double($0) / length }
            let largest = direction.reduce(0) { max($0, abs($1)) }
            scale = largest / Double(Int16.max)
            var codes = [Int16](repeating: 0, count: stride)
            var lost = 0.0
            for (index, value) in direction.enumerated() {
                let code = min(max((value / scale).rounded(), -Double(Int16.max)), Double(Int16.max))
                codes[index] = Int16(code)
                lost += (value - scale * code) * (value - scale * code)
            }
            self.codes = codes
            error = sqrt(lost)
        }

        /// How far the cosine with a stored vector whose codes lost `storedError` may be from the estimate.
        func bound(storedError: Float) -> Double {
            Double(storedError) + error * (1 + Double(storedError)) + AppearanceCodes.slack
        }
    }

    /// `q·p` over `stride` codes: Int8 codes widened to Int32 and multiplied by Int16 ones, which the
    /// x86-64 baseline (SSE2) compiles to `pmaddwd`; two accumulators keep both multipliers busy.
    @inline(__always)
    static func dot(_ codes: UnsafeRawPointer, _ query: UnsafeRawPointer, stride: Int) -> Int32 {
        var even = SIMD8<Int32>()
        var odd = SIMD8<Int32>()
        var offset = 0
        while offset < stride {
            even &+= products(codes.loadUnaligned(fromByteOffset: offset, as: SIMD16<Int8>.self), query + 2 &* offset)
            odd &+= products(codes.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD16<Int8>.self), query + 2 &* (offset &+ 16))
            offset &+= step
        }
        return (even &+ odd).wrappedSum()
    }

    @inline(__always)
    private static func products(_ codes: SIMD16<Int8>, _ query: UnsafeRawPointer) -> SIMD8<Int32> {
        let factors = query.loadUnaligned(as: SIMD16<Int16>.self)
        return SIMD8<Int32>(truncatingIfNeeded: codes.lowHalf) &* SIMD8<Int32>(truncatingIfNeeded: factors.lowHalf)
            &+ SIMD8<Int32>(truncatingIfNeeded: codes.highHalf) &* SIMD8<Int32>(truncatingIfNeeded: factors.highHalf)
    }
}
