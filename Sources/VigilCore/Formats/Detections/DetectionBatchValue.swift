import Foundation

extension DetectionBatch {
    /// The batch in a JSON value already parsed (a hub's command data): the same shape, rules and
    /// refusals as `DetectionBatchJSON.parse`, without writing the value back to text and reading
    /// it again, which costs more than the rest of storing a batch.
    public init(json: JSONValue) throws(FormatError) {
        guard let camera = json["camera"]?.stringValue else { throw Self.refusal("camera", "expected a string") }
        guard let size = json["frame"], size.objectValue != nil else { throw Self.refusal("frame", "expected {width, height}") }
        let width = try Self.whole(size["width"], "frame.width")
        let height = try Self.whole(size["height"], "frame.height")
        let frame: FrameSize
        do {
            frame = try FrameSize(width: width, height: height)
        } catch {
            throw Self.refusal("frame.width", error.description)
        }
        guard let items = json["detections"]?.arrayValue else { throw Self.refusal("detections", "expected a list") }
        var detections: [Detection] = []
        detections.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            detections.append(try Self.detection(item, path: "detections[\(index)]"))
        }
        do {
            try self.init(camera: camera, frameSize: frame, detections: detections)
        } catch {
            throw Self.refusal(error.path, error.message)
        }
    }

    private static func detection(_ item: JSONValue, path: String) throws(FormatError) -> Detection {
        guard let text = item["time"]?.stringValue, let milliseconds = RFC3339Time.parse(text) else {
            throw refusal("\(path).time", "expected an RFC 3339 time like 2026-03-01T12:00:00.250Z")
        }
        guard let box = item["box"], box.objectValue != nil else { throw refusal("\(path).box", "expected {x, y, width, height}") }
        let (x, y) = (try number(box["x"], "\(path).box.x"), try number(box["y"], "\(path).box.y"))
        let (width, height) = (try number(box["width"], "\(path).box.width"), try number(box["height"], "\(path).box.height"))
        guard let label = item["label"]?.stringValue else { throw refusal("\(path).label", "expected a string") }
        let score = try number(item["score"], "\(path).score")
        let track = try optional(item["track"], "\(path).track", "expected an integer") { $0.numberValue.flatMap { Int(exactly: $0) } }
        let thumbnail = try optional(item["thumbnail"], "\(path).thumbnail", "expected a string") { $0.stringValue }
        let appearance = try optional(item["appearance"], "\(path).appearance", "expected a list of numbers") { value -> [Float]? in
            guard let list = value.arrayValue else { return nil }
            let numbers = list.compactMap(\.numberValue)
            return numbers.count == list.count ? numbers.map(Float.init) : nil
        }
        return Detection(
            time: Date(timeIntervalSince1970: Double(milliseconds) / 1000), box: Rect(x: x, y: y, width: width, height: height), label: label,
            score: score, trackID: track, thumbnail: thumbnail, appearance: appearance)
    }

    private static func number(_ value: JSONValue?, _ path: String) throws(FormatError) -> Double {
        guard let number = value?.numberValue else { throw refusal(path, "expected a number") }
        return number
    }

    private static func whole(_ value: JSONValue?, _ path: String) throws(FormatError) -> Int {
        guard let whole = value?.numberValue.flatMap({ Int(exactly: $0) }) else { throw refusal(path, "expected an integer") }
        return whole
    }

    /// Nil when absent or null; the value `read` makes of it, or the refusal when it makes none.
    private static func optional<T>(_ value: JSONValue?, _ path: String, _ expected: String, _ read: (JSONValue) -> T?) throws(FormatError) -> T? {
        guard let value, value != .null else { return nil }
        guard let read = read(value) else { throw refusal(path, expected) }
        return read
    }

    private static func refusal(_ field: String, _ message: String) -> FormatError {
        FormatError(.detections, field: field, message)
    }
}
