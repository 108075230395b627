import VigilCore

/// A topic that is read through another: a subscription to it receives those events of `source`
/// that the view selects, as the view shows them, numbered with the source's `seq` (so `since`
/// resumes it like any durable topic). Nothing is stored on the view's own topic.
///
/// The broker files a view under the cells it covers (a grid of the source's events, say) and
/// offers it an event only when the event touches one of them (`TopicService.cells`), so matching
/// costs the candidates of an event's cells, not a scan of every view. Views with the same topic
/// get the same bytes: a frame is encoded once per view topic and selection.
public protocol TopicView: Sendable {
    var source: Topic { get }
    /// The cells of the source's index this view covers.
    var cells: [Int64] { get }
    /// What the view shows of an event of the source: its data, or nil to leave it out.
    func select(type: String, data: JSONValue) -> JSONValue?
}
