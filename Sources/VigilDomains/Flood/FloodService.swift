import VigilCore
import VigilHub
import VigilStore

/// `flood/{region}` and `flood/{region}/reports`: flood regions, their boundaries and events, and
/// the markers people report in them.
///
/// The public topic `flood/{region}`, which every token may read, carries what the public may see:
/// the region, its boundaries, its events opening, renamed and closing, and markers once approved. Reports
/// go to `flood/{region}/reports`, which only moderators (admins and operators) read: a submitted
/// marker, with its reporter and their contact, is stored there and nowhere else. Approving markers
/// is committed on the reports topic and mirrored, without any contact, onto the public one; so no
/// fan-out can hand a pending marker or a reporter's e-mail to the public.
struct FloodService: TopicService {
    let kind = "flood"
    let durability = Durability.durable
    static let reportsSegment = "reports"
    let queries: FloodQueries

    /// The events of `flood/{region}` that change which markers show: approvals and removals.
    static let markerEvents: Set = ["markers.approved", "markers.removed"]

    static func topic(of region: String) -> String { "flood/\(region)" }
    static func reportsTopic(of region: String) -> String { "flood/\(region)/\(reportsSegment)" }

    static func moderates(_ identity: Identity) -> Bool {
        identity.role == .admin || identity.role == .operator
    }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        switch pattern.segments.count {
        case 2:
            return
        case _ where pattern.segments.count >= 3 && pattern.segments[2] == FloodNearView.segment:
            // Public, like the region's topic; a view is one place, so never a pattern.
            guard let topic = pattern.exactTopic else {
                throw ProtocolError(.invalidTopic, "a near topic names one place: no + in it")
            }
            _ = try FloodNearView(topic)
        case 3 where pattern.segments[2] == Self.reportsSegment:
            guard Self.moderates(identity) else {
                throw ProtocolError(.forbidden, "only operators and admins read reports before they are approved")
            }
        default:
            throw ProtocolError(
                .invalidTopic, "flood topics are flood/{region}, flood/{region}/reports and flood/{region}/near/{latitude}/{longitude}/{radius}")
        }
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        let region = topic.scope
        switch topic.segments.count {
        case 2:
            return try FloodRegionCommands.command(identity, region: region, type: type, data: data)
        case 3 where topic.segments[2] == Self.reportsSegment:
            return try FloodMarkerCommands.command(identity, region: region, type: type, data: data)
        default:
            throw ProtocolError(.invalidTopic, "flood commands go to flood/{region} and flood/{region}/reports")
        }
    }

    func snapshot(of topic: Topic, for reader: Identity) async throws -> TopicSnapshot? {
        if let near = try FloodNearView(topic) { return try await queries.nearState(of: near) }
        return topic.segments.count == 2 ? try await queries.publicState(of: topic) : try await queries.reportsState(of: topic)
    }

    func view(of topic: Topic) throws(ProtocolError) -> (any TopicView)? {
        try FloodNearView(topic)
    }

    func cells(ofEvent type: String, data: JSONValue, on topic: Topic) -> [Int64] {
        FloodNearView.cells(ofEvent: type, data: data)
    }

    /// A region is a place the public follows, not a site: its topics belong to none.
    func site(of segments: [String]) -> String? { nil }
}
