import VigilCore
import VigilHub

/// `flood/{region}/near/{latitude}/{longitude}/{radius}`: the approved markers of `flood/{region}`
/// within `radius` metres (at most 100 km) of a place, as they are approved and removed, and
/// nothing outside the circle. A view of the region's topic (`TopicView`): its numbers are the
/// region topic's, so it resumes with `since` like any durable topic.
struct FloodNearView: TopicView {
    static let segment = "near"
    static let maxRadius = 100_000.0
    let source: Topic
    let center: GeoPoint
    let radius: Double
    let cells: [Int64]

    /// Reads the topic's place and radius; nil when the topic is not a near topic.
    init?(_ topic: Topic) throws(ProtocolError) {
        guard topic.segments.count >= 3, topic.segments[2] == Self.segment else { return nil }
        let refusal = ProtocolError(
            .invalidTopic,
            "near topics are flood/{region}/near/{latitude}/{longitude}/{radius in metres, at most 100000}, e.g. flood/red-river/near/46.9/-96.8/5000"
        )
        guard topic.segments.count == 6, let latitude = Self.decimal(topic.segments[3]), let longitude = Self.decimal(topic.segments[4]),
            let radius = Self.decimal(topic.segments[5]), radius > 0, radius <= Self.maxRadius,
            let center = try? GeoPoint(latitude: latitude, longitude: longitude), let box = try? GeoBox.around(center, radius: radius),
            let source = try? Topic(FloodService.topic(of: topic.scope))
        else { throw refusal }
        self.source = source
        self.center = center
        self.radius = radius
        cells = FloodGrid.cells(covering: box)
    }

    /// A number of the topic in plain decimal, `-?(0|[1-9][0-9]*)(\.[0-9]+)?`: one spelling per
    /// place, so no hexadecimal (`0x10`), exponent (`1e5`), leading zero, `inf` or `nan`, which
    /// `Double` would read and subscribers would then know the same place by several topics.
    static func decimal(_ text: String) -> Double? {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { (0x30...0x39).contains($0) } }
        guard isDigits(parts[0]), parts[0] == "0" || !parts[0].hasPrefix("0"), parts.count == 1 || isDigits(parts[1]) else { return nil }
        return Double(text)
    }

    func contains(latitude: Double, longitude: Double) -> Bool {
        guard let point = try? GeoPoint(latitude: latitude, longitude: longitude) else { return false }
        return center.distance(to: point) <= radius
    }

    /// Approvals and removals only, cut down to the markers inside the circle.
    func select(type: String, data: JSONValue) -> JSONValue? {
        guard FloodService.markerEvents.contains(type) else { return nil }
        let inside = (data["markers"]?.arrayValue ?? []).filter { marker in
            guard let latitude = marker["latitude"]?.numberValue, let longitude = marker["longitude"]?.numberValue else { return false }
            return contains(latitude: latitude, longitude: longitude)
        }
        return inside.isEmpty ? nil : ["markers": .array(inside)]
    }

    /// The cells an approval or a removal touches: those of its markers.
    static func cells(ofEvent type: String, data: JSONValue) -> [Int64] {
        guard FloodService.markerEvents.contains(type) else { return [] }
        return Array(
            Set(
                (data["markers"]?.arrayValue ?? []).compactMap { marker -> Int64? in
                    guard let latitude = marker["latitude"]?.numberValue, let longitude = marker["longitude"]?.numberValue,
                        let point = try? GeoPoint(latitude: latitude, longitude: longitude)
                    else { return nil }
                    return FloodGrid.cell(of: point)
                }))
    }
}
