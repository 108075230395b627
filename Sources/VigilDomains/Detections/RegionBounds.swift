import VigilCore

/// What regions drawn anew may hold (an ROI query, a zone being defined), checked on the decoded
/// shapes before any geometry is built: counts past a bound are refused with the caller's code
/// (`invalid_data` for a query, `limit_reached` for a zone, which is kept), coordinates out of
/// range with `invalid_data` (docs/security.md, "What is bounded"). Zones stored before these
/// bounds are read back without them.
public enum RegionBounds {
    static let maxRegions = 16
    /// Vertices of one polygon as sent.
    static let maxPolygonVertices = 1_000
    /// Points of one lasso stroke as sent, before it is simplified: about 48 KiB of JSON with
    /// coordinates to a tenth of a pixel, so a stroke at the bound fits the 64 KiB message.
    static let maxLassoPoints = 2_000
    /// The farthest a coordinate may lie from the frame's origin, in pixels, either way: past it
    /// the products an area or an intensity is made of lose the precision a pixel needs.
    static let maxCoordinate = 1_000_000.0

    /// `data.regions` of a query or a zone; its geometry is the parser's to check.
    static func check(regions: [DrawnRegion], pastBound code: ErrorCode) throws(ProtocolError) {
        guard regions.count <= maxRegions else {
            throw ProtocolError(code, "data.regions: \(regions.count) regions is over the limit of \(maxRegions)")
        }
        for (index, region) in regions.enumerated() {
            let path = "data.regions[\(index)]"
            switch region {
            case .rect(let rect):
                try check(coordinates: [rect.x, rect.y, rect.width, rect.height], path: "\(path).rect")
            case .polygon(let points):
                try check(points, limit: maxPolygonVertices, path: "\(path).polygon", pastBound: code)
            case .lasso(let points):
                try check(points, limit: maxLassoPoints, path: "\(path).lasso", pastBound: code)
            }
        }
    }

    /// `data.line` of a zone.
    public static func check(line: WatchZoneDefinition.Line) throws(ProtocolError) {
        try check(coordinates: [line.from.x, line.from.y], path: "data.line.from")
        try check(coordinates: [line.to.x, line.to.y], path: "data.line.to")
    }

    private static func check(_ points: [Point], limit: Int, path: String, pastBound code: ErrorCode) throws(ProtocolError) {
        guard points.count <= limit else {
            throw ProtocolError(code, "\(path): \(points.count) points is over the limit of \(limit)")
        }
        for (number, point) in points.enumerated() {
            try check(coordinates: [point.x, point.y], path: "\(path)[\(number)]")
        }
    }

    private static func check(coordinates: [Double], path: String) throws(ProtocolError) {
        for number in coordinates where !(abs(number) <= maxCoordinate) {
            throw ProtocolError(.invalidData, "\(path): \(number) is out of range; coordinates lie within ±\(Int(maxCoordinate)) pixels")
        }
    }
}
