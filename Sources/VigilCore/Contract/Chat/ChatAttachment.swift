/// A thumbnail attached to a chat message (docs/protocol.md §6.6): its hash in the hub's thumbnail
/// store, where it was dragged from (so a click opens that alert, camera or detection) and the
/// strokes drawn over it to point at someone. Decoding checks the shape; the hub checks in its
/// commit that the thumbnail is stored and the strokes lie inside it.
public struct ChatAttachment: Sendable, Equatable, Codable {
    /// Where a picture was dragged from.
    public struct Source: Sendable, Equatable, Codable {
        /// What a picture was dragged from: an alert, a camera, a detection, or an upload from a device.
        public enum Kind: String, Sendable, Codable, CaseIterable {
            /// The four kinds; every kind but `upload` names an `id` or a `camera`.
            case alert, camera, detection, upload
        }

        /// What the picture was dragged from.
        public var kind: Kind
        /// The alert's id, or a detection's number as text.
        public var id: String?
        /// The id of the camera it shows; nil when it names none.
        public var camera: String?
        /// When the picture was taken, in ms since 1970.
        public var ts: Int64?

        /// A source of `kind`; every kind but `upload` needs `id` or `camera` to decode again.
        public init(kind: Kind, id: String? = nil, camera: String? = nil, ts: Int64? = nil) {
            self.kind = kind
            self.id = id
            self.camera = camera
            self.ts = ts
        }

        /// A snapshot of alert `id`.
        public static func alert(_ id: String) -> Source { Source(kind: .alert, id: id) }
        /// A view of camera `camera`.
        public static func camera(_ camera: String) -> Source { Source(kind: .camera, camera: camera) }
        /// A detection, its number as text `id`, seen by `camera` (nil when not known).
        public static func detection(id: String, camera: String?) -> Source { Source(kind: .detection, id: id, camera: camera) }
        /// An image uploaded from a device, that points at nothing else.
        public static let upload = Source(kind: .upload)

        private enum CodingKeys: String, CodingKey { case kind, id, camera, ts }

        /// Decodes `{kind, id?, camera?, ts?}`, taking `id` as text or a detection's number; refuses an unknown kind,
        /// an empty or over-long id or camera (1–128 characters), a negative `ts`, and a non-upload that names nothing.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            guard let kind = Kind(rawValue: try fields.decode(String.self, forKey: .kind)) else {
                throw fields.refuse(.kind, "must be one of alert, camera, detection, upload")
            }
            self.kind = kind
            // Detections are numbered; alerts have text ids.
            if let number = try? fields.decodeIfPresent(Int64.self, forKey: .id) {
                guard number >= 0 else { throw fields.refuse(.id, "must be text or a detection's number") }
                id = String(number)
            } else {
                id = try Self.text(fields, .id)
            }
            camera = try Self.text(fields, .camera)
            if let camera, !Topic.isValidSegment(camera) { throw fields.refuse(.camera, "must be a camera id") }
            ts = try fields.decodeIfPresent(Int64.self, forKey: .ts)
            if let ts, ts < 0 { throw fields.refuse(.ts, "must be milliseconds since 1970") }
            if kind != .upload, id == nil, camera == nil {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "names the \(kind) it came from: id or camera"))
            }
        }

        private static func text(_ fields: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String? {
            guard let text = try fields.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard !text.isEmpty, text.count <= 128 else { throw fields.refuse(key, "must be a string of 1-128 characters") }
            return text
        }
    }

    /// Strokes over the picture in its own pixels, `[[x, y], ...]` on the wire: the iCoseg layers
    /// (docs/formats.md §4).
    public struct Scribble: Sendable, Equatable, Codable {
        /// Points per layer: a finger's stroke is sampled, not every pixel it crossed.
        public static let maxPoints = 4000

        /// The foreground layer: points on the person or thing pointed at, in the thumbnail's pixels.
        public var foreground: [PixelPoint]
        /// The background layer: points around it, in the thumbnail's pixels.
        public var background: [PixelPoint]

        /// Strokes of the two layers, each a list of whole-pixel points.
        public init(foreground: [PixelPoint], background: [PixelPoint]) {
            self.foreground = foreground
            self.background = background
        }

        private enum CodingKeys: String, CodingKey { case foreground, background }

        /// Decodes `{foreground: [[x, y], ...], background: [[x, y], ...]}`; refuses a layer of more than `maxPoints`
        /// points or a point that is not two whole numbers.
        public init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            foreground = try Self.points(fields, .foreground)
            background = try Self.points(fields, .background)
        }

        /// Encodes each layer as a list of `[x, y]` pairs.
        public func encode(to encoder: any Encoder) throws {
            var fields = encoder.container(keyedBy: CodingKeys.self)
            try fields.encode(foreground.map { [$0.x, $0.y] }, forKey: .foreground)
            try fields.encode(background.map { [$0.x, $0.y] }, forKey: .background)
        }

        private static func points(_ fields: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> [PixelPoint] {
            guard let pairs = try? fields.decodeIfPresent([[Int]].self, forKey: key) else {
                throw fields.refuse(key, "must hold [x, y] pairs of whole pixels")
            }
            guard pairs.count <= maxPoints else { throw fields.refuse(key, "must be a list of at most \(maxPoints) [x, y] pixels") }
            return try pairs.map { pair in
                guard pair.count == 2 else { throw fields.refuse(key, "must hold [x, y] pairs of whole pixels") }
                return PixelPoint(x: pair[0], y: pair[1])
            }
        }
    }

    /// SHA-256 of the picture in the hub's thumbnail store, 64 lowercase hexadecimal digits.
    public var thumbnail: String
    /// Where the picture was dragged from, so a click opens it.
    public var source: Source
    /// Strokes drawn over the picture; nil when there are none.
    public var scribble: Scribble?

    /// An attachment of thumbnail `thumbnail`; a scribble with no point in either layer is kept as nil.
    public init(thumbnail: String, source: Source, scribble: Scribble? = nil) {
        self.thumbnail = thumbnail
        self.source = source
        self.scribble = scribble.flatMap { $0.foreground.isEmpty && $0.background.isEmpty ? nil : $0 }
    }

    /// A picture with the time it was taken and strokes drawn over it.
    public init(thumbnail: String, source: Source, ts: Int64? = nil, foreground: [PixelPoint], background: [PixelPoint] = []) {
        var source = source
        source.ts = ts ?? source.ts
        self.init(thumbnail: thumbnail, source: source, scribble: Scribble(foreground: foreground, background: background))
    }

    private enum CodingKeys: String, CodingKey { case thumbnail, source, scribble }

    /// Decodes `{thumbnail, source, scribble?}`, refusing a thumbnail that is not a SHA-256 hash in lowercase hexadecimal.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        let hash = try fields.decode(String.self, forKey: .thumbnail)
        guard HexText.isSHA256(hash) else {
            throw fields.refuse(.thumbnail, "must be a SHA-256 hash as POST /api/thumbnails returns it")
        }
        self.init(
            thumbnail: hash, source: try fields.decode(Source.self, forKey: .source),
            scribble: try fields.decodeIfPresent(Scribble.self, forKey: .scribble))
    }

    /// Refuses strokes that leave the picture, as the iCoseg reader does.
    public func checkScribble(against size: FrameSize) throws(ProtocolError) {
        guard let scribble else { return }
        do {
            _ = try VigilCore.Scribble(imageName: thumbnail, imageSize: size, foreground: scribble.foreground, background: scribble.background)
        } catch {
            throw ProtocolError(.invalidData, "the scribble over \(thumbnail.prefix(12))…: \(error.description) of \(size.width)x\(size.height)")
        }
    }
}
