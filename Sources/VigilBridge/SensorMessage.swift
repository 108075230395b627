import Foundation
import NIOCore
import VigilCore

/// What one MQTT message from a sensor raises. A Smartguard PIR sensor publishes on
/// `smartguard/{location}/motion` when it sees a warm body; the message may be:
///
/// - a JSON object: `location`, `message` and `snapshot` (a JPEG, PNG or WebP image in base64),
///   each optional;
/// - the image itself (a JPEG, PNG or WebP file's bytes): the snapshot;
/// - any other text: the alert's message.
///
/// The location is the JSON's `location`, else the topic level the filter's first `+` matched,
/// else none (an alert of kind `motion` then is refused by the hub: visits are kept per location).
struct SensorMessage: Equatable {
    var location: String?
    var message: String?
    var snapshot: [UInt8]?

    init(topic: String, filter: String, payload: ByteBuffer) {
        let bytes = Array(payload.readableBytesView)
        location = Self.wildcardLevel(of: topic, in: filter)
        if Self.isImage(bytes) {
            snapshot = bytes
            return
        }
        if let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] {
            if let named = object["location"] as? String { location = named }
            message = (object["message"] as? String).flatMap(Self.nonBlank)
            snapshot = (object["snapshot"] as? String).flatMap { Data(base64Encoded: $0) }.map(Array.init)
            return
        }
        message = String(bytes: bytes, encoding: .utf8).flatMap(Self.nonBlank).map { String($0.prefix(500)) }
    }

    /// The level of `topic` that the first `+` of `filter` stands for.
    static func wildcardLevel(of topic: String, in filter: String) -> String? {
        let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
        let pattern = filter.split(separator: "/", omittingEmptySubsequences: false)
        guard let index = pattern.firstIndex(of: "+"), index < levels.count, !levels[index].isEmpty else { return nil }
        return String(levels[index])
    }

    /// JPEG, PNG and WebP, the images the hub's thumbnail store takes, by their first bytes.
    static func isImage(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xFF, 0xD8, 0xFF]) || bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
            || (bytes.count >= 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8))
    }

    private static func nonBlank(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Which MQTT topic filter of a bridge a topic came through: `+` one level, `#` the rest.
func matchingFilter(of topic: String, in filters: [String]) -> String? {
    let levels = topic.split(separator: "/", omittingEmptySubsequences: false)
    return filters.first { filter in
        let pattern = filter.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in pattern.enumerated() {
            if level == "#" { return true }
            guard index < levels.count, level == "+" || level == levels[index] else { return false }
        }
        return pattern.count == levels.count
    }
}
