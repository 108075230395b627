/// The part of a topic whose writes take turns: its scope, the segment after the kind
/// (`alerts/hq/escalated` -> `hq`, the site of site-scoped kinds). Writes of different scopes may
/// commit at once (several hubs on one PostgreSQL server, or several writers of one hub), so an
/// effect mirrors its event only to topics of the event's own scope.
enum TopicScope {
    static func of(_ topic: String) -> Substring {
        let segments = topic.split(separator: "/", maxSplits: 2)
        return segments.count > 1 ? segments[1] : Substring(topic)
    }
}
