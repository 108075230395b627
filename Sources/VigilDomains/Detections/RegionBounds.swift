import VigilCore

/// What regions drawn anew may hold (an ROI query, a zone being defined), checked on the JSON
/// before any geometry is built: counts past a bound are refused with the caller's code
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

    /// `data.regions` of a query or a zone; its shape is the parser's to check.
    static func check(regions: JSONValue?, pastBound code: ErrorCode) throws(ProtocolError) {
        guard let list = regions?.arrayValue else { return }
        guard list.count <= maxRegions else {
            throw ProtocolError(code, "data.regions: \(list.count) regions is over the limit of \(maxRegions)")
        }
        for (index, region) in list.enumerated() {
            let path = "data.regions[\(index)]"
            if let rect = region["rect"] {
                try check(coordinates: [rect["x"], rect["y"], rect["width"], rect["height"]], path: "\(path).rect")
            }
            for (kind, limit) in [("polygon", maxPolygonVertices), ("lasso", maxLassoPoints)] {
                guard let points = region[kind]?.arrayValue else { continue }
                guard points.count <= limit else {
                    throw ProtocolError(code, "\(path).\(kind): \(points.count) points is over the limit of \(limit)")
                }
                for (number, point) in points.enumerated() {
                    try check(coordinates: [point["x"], point["y"]], path: "\(path).\(kind)[\(number)]")
                }
            }
        }
    }

    /// `data.line` of a zone: `{from: {x, y}, to: {x, y}}`.
    public static func check(line: JSONValue) throws(ProtocolError) {
        for end in ["from", "to"] {
            try check(coordinates: [line[end]?["x"], line[end]?["y"]], path: "data.line.\(end)")
        }
    }

    private static func check(coordinates: [JSONValue?], path: String) throws(ProtocolError) {
        for case let number? in coordinates.map({ $0?.numberValue }) where !(abs(number) <= maxCoordinate) {
            throw ProtocolError(.invalidData, "\(path): \(number) is out of range; coordinates lie within ±\(Int(maxCoordinate)) pixels")
        }
    }
}
