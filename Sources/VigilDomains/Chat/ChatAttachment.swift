import VigilCore
import VigilHub

/// A thumbnail attached to a message, with where it was dragged from (so a click opens that alert,
/// camera or detection) and the scribbles drawn over it to point at someone.
struct ChatAttachment: Sendable, Equatable {
    static let sourceKinds: Set<String> = ["alert", "camera", "detection", "upload"]
    /// Points per scribble layer: a finger's stroke is sampled, not every pixel it crossed.
    static let maxScribblePoints = 4000

    var thumbnail: String
    var sourceKind: String
    var sourceID: String?
    var camera: String?
    var ts: Int64?
    /// The iCoseg layers in the thumbnail's pixels; checked against its size in the commit.
    var foreground: [PixelPoint]
    var background: [PixelPoint]

    var hasScribble: Bool { !foreground.isEmpty || !background.isEmpty }

    /// Reads `data.attachments[index]`, refusing with the field named.
    init(_ value: JSONValue, index: Int) throws(ProtocolError) {
        let field = "data.attachments[\(index)]"
        guard let fields = value.objectValue else {
            throw ProtocolError(.invalidData, "\(field) must be an object {thumbnail, source, scribble?}")
        }
        guard let hash = fields["thumbnail"]?.stringValue, SHA256Hex.isValid(hash) else {
            throw ProtocolError(.invalidData, "\(field).thumbnail must be a SHA-256 hash as POST /api/thumbnails returns it")
        }
        guard let source = fields["source"]?.objectValue else {
            throw ProtocolError(.invalidData, "\(field).source must be an object {kind, id?, camera?, ts?}")
        }
        guard let kind = source["kind"]?.stringValue, Self.sourceKinds.contains(kind) else {
            throw ProtocolError(.invalidData, "\(field).source.kind must be one of alert, camera, detection, upload")
        }
        thumbnail = hash
        sourceKind = kind
        // Detections are numbered; alerts have text ids.
        if case .number(let number)? = source["id"], let whole = Int64(exactly: number), whole >= 0 {
            sourceID = String(whole)
        } else {
            sourceID = try Self.optionalText(source["id"], "\(field).source.id")
        }
        camera = try Self.optionalText(source["camera"], "\(field).source.camera")
        if let camera, !Topic.isValidSegment(camera) {
            throw ProtocolError(.invalidData, "\(field).source.camera must be a camera id")
        }
        switch source["ts"] {
        case nil, .null?: ts = nil
        case .number(let number)?:
            guard let whole = Int64(exactly: number), whole >= 0 else {
                throw ProtocolError(.invalidData, "\(field).source.ts must be milliseconds since 1970")
            }
            ts = whole
        default: throw ProtocolError(.invalidData, "\(field).source.ts must be milliseconds since 1970")
        }
        if kind != "upload", sourceID == nil, camera == nil {
            throw ProtocolError(.invalidData, "\(field).source names the \(kind) it came from: id or camera")
        }
        switch fields["scribble"] {
        case nil, .null?:
            foreground = []
            background = []
        case .object(let scribble)?:
            foreground = try Self.points(scribble["foreground"], "\(field).scribble.foreground")
            background = try Self.points(scribble["background"], "\(field).scribble.background")
        default:
            throw ProtocolError(.invalidData, "\(field).scribble must be an object {foreground, background} of [x, y] pixels")
        }
    }

    private static func optionalText(_ value: JSONValue?, _ field: String) throws(ProtocolError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)? where !text.isEmpty && text.count <= 128: return text
        default: throw ProtocolError(.invalidData, "\(field) must be a string of 1-128 characters")
        }
    }

    private static func points(_ value: JSONValue?, _ field: String) throws(ProtocolError) -> [PixelPoint] {
        guard let value, value != .null else { return [] }
        guard let list = value.arrayValue, list.count <= maxScribblePoints else {
            throw ProtocolError(.invalidData, "\(field) must be a list of at most \(maxScribblePoints) [x, y] pixels")
        }
        var points: [PixelPoint] = []
        for item in list {
            guard let pair = item.arrayValue, pair.count == 2,
                  let x = pair[0].numberValue.flatMap({ Int(exactly: $0) }), let y = pair[1].numberValue.flatMap({ Int(exactly: $0) })
            else {
                throw ProtocolError(.invalidData, "\(field) must hold [x, y] pairs of whole pixels")
            }
            points.append(PixelPoint(x: x, y: y))
        }
        return points
    }

    /// Refuses scribbles that leave the image, as the iCoseg reader does.
    func checkScribble(against size: FrameSize) throws(ProtocolError) {
        guard hasScribble else { return }
        do {
            _ = try Scribble(imageName: thumbnail, imageSize: size, foreground: foreground, background: background)
        } catch {
            throw ProtocolError(.invalidData, "the scribble over \(thumbnail.prefix(12))…: \(error.description) of \(size.width)x\(size.height)")
        }
    }

    var json: JSONValue {
        var source: [String: JSONValue] = ["kind": .string(sourceKind)]
        source["id"] = sourceID.map(JSONValue.string)
        source["camera"] = camera.map(JSONValue.string)
        source["ts"] = ts.map { .number(Double($0)) }
        var fields: [String: JSONValue] = ["thumbnail": .string(thumbnail), "source": .object(source)]
        if hasScribble {
            let pairs = { (points: [PixelPoint]) in JSONValue.array(points.map { .array([.number(Double($0.x)), .number(Double($0.y))]) }) }
            fields["scribble"] = .object(["foreground": pairs(foreground), "background": pairs(background)])
        }
        return .object(fields)
    }
}
