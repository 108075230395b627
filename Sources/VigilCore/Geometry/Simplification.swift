/// Ramer–Douglas–Peucker simplification: drops points closer than `tolerance` pixels to the
/// line through the points kept on either side. Iterative, so a long stroke cannot overflow the stack.
enum Simplification {
    static func simplify(_ points: [Point], tolerance: Double) -> [Point] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var pending = [(0, points.count - 1)]
        while let (first, last) = pending.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first
            var farthestDistance = -1.0
            for index in (first + 1)..<last {
                let distance = distanceFromLine(points[index], points[first], points[last])
                if distance > farthestDistance {
                    farthest = index
                    farthestDistance = distance
                }
            }
            if farthestDistance > tolerance {
                keep[farthest] = true
                pending.append((first, farthest))
                pending.append((farthest, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// Distance from `point` to the segment a-b (to a itself when a and b coincide).
    private static func distanceFromLine(_ point: Point, _ a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return point.distanceSquared(to: a).squareRoot() }
        let t = Swift.max(0, Swift.min(1, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared))
        return point.distanceSquared(to: Point(x: a.x + t * dx, y: a.y + t * dy)).squareRoot()
    }
}

extension Polygon {
    /// Most raw points accepted from a lasso before simplification.
    public static let maxLassoPointCount = 100_000

    /// Turns a finger-drawn closed stroke into a validated polygon: simplifies it with
    /// Ramer–Douglas–Peucker (`tolerance` in pixels) and refuses it if it still crosses itself.
    public static func lasso(_ stroke: [Point], tolerance: Double = 1.0) throws(GeometryError) -> Polygon {
        guard stroke.count <= maxLassoPointCount else {
            throw .tooManyVertices(count: stroke.count, limit: maxLassoPointCount)
        }
        if let bad = stroke.firstIndex(where: { !$0.isFinite }) { throw .nonFiniteCoordinate(index: bad) }
        guard stroke.count > 3 else { return try Polygon(stroke) }
        // A closed ring has no natural end points: split it at the vertex farthest from the start
        // and simplify both halves, so that the split point itself is kept.
        let start = stroke[0]
        let far = stroke.indices.max { start.distanceSquared(to: stroke[$0]) < start.distanceSquared(to: stroke[$1]) }!
        let firstHalf = simplify(Array(stroke[0...far]), tolerance)
        let secondHalf = simplify(Array(stroke[far...]) + [start], tolerance)
        return try Polygon(firstHalf + secondHalf.dropFirst().dropLast())
    }

    private static func simplify(_ points: [Point], _ tolerance: Double) -> [Point] {
        Simplification.simplify(points, tolerance: tolerance.isFinite ? Swift.max(0, tolerance) : 0)
    }
}

extension Point {
    func distanceSquared(to other: Point) -> Double {
        (x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)
    }
}
