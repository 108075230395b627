/// A simple polygon (no edge crosses another), convex or concave, in frame pixels.
/// The ring is implicit: the last vertex joins the first.
public struct Polygon: Sendable, Hashable {
    /// Most vertices accepted; a finger lasso is simplified well below this first.
    public static let maxVertexCount = 4096

    /// The ring's vertices in frame pixels, without a closing copy of the first.
    public let vertices: [Point]

    /// Validates untrusted vertices: finite, at least three distinct, some area, no self-crossing.
    /// Repeated consecutive vertices and a closing copy of the first vertex are dropped.
    public init(_ vertices: [Point]) throws(GeometryError) {
        if let bad = vertices.firstIndex(where: { !$0.isFinite }) { throw .nonFiniteCoordinate(index: bad) }
        let ring = Polygon.withoutRepeats(vertices)
        guard ring.count >= 3 else { throw .tooFewVertices(count: ring.count) }
        guard ring.count <= Polygon.maxVertexCount else {
            throw .tooManyVertices(count: ring.count, limit: Polygon.maxVertexCount)
        }
        // All on one line is "no area"; any other shape without area (a bow tie) crosses itself.
        guard ring.dropFirst(2).contains(where: { Segment.cross(ring[0], ring[1], $0) != 0 }) else { throw .zeroArea }
        if let (first, second) = SelfIntersection.firstCrossing(in: ring) {
            throw .selfIntersection(first: first, second: second)
        }
        self.init(unchecked: ring)
        guard area > 0 else { throw .zeroArea }
    }

    /// For vertices already known to form a valid ring (scaled or clipped shapes).
    init(unchecked vertices: [Point]) {
        self.vertices = vertices
    }

    /// Shoelace area, positive when the vertices run clockwise on screen (y down).
    public var signedArea: Double {
        guard vertices.count >= 3 else { return 0 }
        var twice = 0.0
        var previous = vertices[vertices.count - 1]
        for vertex in vertices {
            twice += previous.x * vertex.y - vertex.x * previous.y
            previous = vertex
        }
        return twice / 2
    }

    /// Enclosed area in square pixels.
    public var area: Double { abs(signedArea) }

    /// The smallest rectangle holding the polygon.
    public var bounds: Rect { Rect(bounding: vertices) ?? Rect(x: 0, y: 0, width: 0, height: 0) }

    /// Even-odd point-in-polygon test; points on an edge count as inside.
    public func contains(_ point: Point) -> Bool {
        guard var previous = vertices.last else { return false }
        var inside = false
        for vertex in vertices {
            if Segment(start: previous, end: vertex).contains(point) { return true }
            if (vertex.y > point.y) != (previous.y > point.y) {
                let crossingX = vertex.x + (point.y - vertex.y) * (previous.x - vertex.x) / (previous.y - vertex.y)
                if point.x < crossingX { inside.toggle() }
            }
            previous = vertex
        }
        return inside
    }

    private static func withoutRepeats(_ points: [Point]) -> [Point] {
        var ring: [Point] = []
        ring.reserveCapacity(points.count)
        for point in points where point != ring.last { ring.append(point) }
        while ring.count > 1, ring.first == ring.last { ring.removeLast() }
        return ring
    }
}

extension Polygon: Codable {
    /// Decoding validates like `init(_:)`, so a decoded polygon is always simple.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let vertices = try container.decode([Point].self)
        do {
            try self.init(vertices)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the vertices as a list of `{x, y}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(vertices)
    }
}
