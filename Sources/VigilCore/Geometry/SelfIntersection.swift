/// Finds where a closed ring of vertices crosses or touches itself.
enum SelfIntersection {
    /// The first pair of edges (by index; edge i joins vertex i to vertex i+1) that meet anywhere
    /// other than at the vertex two neighbouring edges share; nil for a simple ring.
    /// Edges are swept in order of their left end so that only edges overlapping in x are compared.
    static func firstCrossing(in ring: [Point]) -> (Int, Int)? {
        let count = ring.count
        let edges = (0..<count).map { Segment(start: ring[$0], end: ring[($0 + 1) % count]) }
        let order = edges.indices.sorted { edges[$0].minX < edges[$1].minX }
        var found: (Int, Int)?
        for (position, i) in order.enumerated() {
            for j in order[(position + 1)...] {
                if edges[j].minX > edges[i].maxX { break }
                if meet(edges, i, j, count: count) {
                    let pair = (Swift.min(i, j), Swift.max(i, j))
                    if let current = found, current <= pair { continue }
                    found = pair
                }
            }
        }
        return found
    }

    private static func meet(_ edges: [Segment], _ i: Int, _ j: Int, count: Int) -> Bool {
        let nextOfI = (i + 1) % count == j
        let nextOfJ = (j + 1) % count == i
        guard nextOfI || nextOfJ else { return edges[i].intersects(edges[j]) }
        // Neighbours always share a vertex; they only overlap when one folds back onto the other.
        let (first, second) = nextOfI ? (edges[i], edges[j]) : (edges[j], edges[i])
        return foldsBack(first, second)
    }

    /// Two consecutive edges a->b->c fold back when they are collinear and c turns back past b.
    private static func foldsBack(_ first: Segment, _ second: Segment) -> Bool {
        guard Segment.cross(first.start, first.end, second.end) == 0 else { return false }
        let dot =
            (first.end.x - first.start.x) * (second.end.x - second.start.x)
            + (first.end.y - first.start.y) * (second.end.y - second.start.y)
        return dot < 0
    }
}
