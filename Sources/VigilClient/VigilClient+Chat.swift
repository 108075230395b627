import Foundation
import VigilCore

/// A page of chat search results, newest first; `next` asks for the following page.
public typealias ChatSearchPage = ChatMessagePage

/// Chat for guards' devices and scripts (docs/protocol.md §6.6). Rooms are named by their topic,
/// `chat/{site}/{room}`.
extension VigilClient {
    /// Posts a message and returns it as the hub committed it (its id, seq and mentions).
    @discardableResult
    public func say(
        in room: String, text: String?, attachments: [ChatAttachment] = [], replyTo: String? = nil, urgent: Bool = false
    ) async throws -> ChatMessage {
        let say = ChatRoomCommand.Say(
            text: text, attachments: attachments.isEmpty ? nil : attachments, replyTo: replyTo, urgent: urgent ? true : nil)
        return try await messageCommand(room, "say", say)
    }

    /// Changes the text of this person's own message `message` of `room`; returns its new version.
    @discardableResult
    public func edit(_ message: String, in room: String, text: String) async throws -> ChatMessage {
        try await messageCommand(room, "edit", ChatRoomCommand.Edit(message: message, text: text))
    }

    /// Creates a room of `site` named `name` (operators and admins), its id `id` or one made from
    /// the name, with a topic line; returns the room.
    @discardableResult
    public func createRoom(site: String, name: String, id: String? = nil, topicLine: String? = nil) async throws -> ChatRoom {
        try await roomCommand(site, "create_room", ChatRoomCommand.CreateRoom(name: name, room: id, topic: topicLine))
    }

    /// Opens the discussion room of alert `alert` of `site`, named after the alert's message
    /// unless `name` is given; returns the room, `alert-{alert}`.
    @discardableResult
    public func openAlertRoom(site: String, alert: String, name: String? = nil) async throws -> ChatRoom {
        try await roomCommand(site, "create_room", ChatRoomCommand.CreateRoom(alert: alert, name: name))
    }

    private func messageCommand(_ room: String, _ type: String, _ data: some Encodable) async throws -> ChatMessage {
        guard let changed = try await command(room, type, data)["data"] else {
            throw ClientError.unexpectedAnswer("the hub's ok carried no message")
        }
        return try changed.decode(ChatMessageEvent.self).message
    }

    private func roomCommand(_ site: String, _ type: String, _ creation: ChatRoomCommand.CreateRoom) async throws -> ChatRoom {
        let ok = try await command("chat/\(site)", type, creation)
        return try (ok["data"] ?? .null).decode(ChatRoomCreated.self).room
    }

    /// Uploads image files (JPEG, PNG or WebP) as thumbnails, then posts them with `text`.
    @discardableResult
    public func say(in room: String, text: String?, images: [URL], urgent: Bool = false) async throws -> ChatMessage {
        let http = try HubHTTP(configuration: configuration)
        var attachments: [ChatAttachment] = []
        for image in images {
            let hash = try await http.uploadThumbnail([UInt8](try Data(contentsOf: image)))
            attachments.append(ChatAttachment(thumbnail: hash, source: .upload))
        }
        return try await say(in: room, text: text, attachments: attachments, urgent: urgent)
    }

    /// This person's inbox in `site`, `inbox/{site}/{name}`: mentions and urgent messages of the
    /// site's rooms, and their read markers there.
    public func inboxTopic(site: String) async throws -> String {
        "inbox/\(site)/\(try await connect().user)"
    }

    /// Records that this person has read `room` (`chat/{site}/{room}`) up to `seq`; their other
    /// devices learn it at once on their inbox in that site. Returns the marker as it now is.
    @discardableResult
    public func markRead(_ room: String, through seq: UInt64) async throws -> ChatReadMarked {
        let inbox = try await inboxTopic(site: try Topic(room).scope)
        let ok = try await command(inbox, "read", ChatReadCommand(room: room, seq: Int64(clamping: seq)))
        return try (ok["data"] ?? .null).decode(ChatReadMarked.self)
    }

    /// Tells the others in `room` (`chat/{site}/{room}`) that this person is typing, for five
    /// seconds unless said again, or that they stopped; at most once every 2 s per room
    /// (`rate_limited`). Never stored.
    public func typing(in room: String, stopped: Bool = false) async throws {
        let topic = try Topic(room)
        let signal = ChatTypingCommand(stopped: stopped ? true : nil)
        _ = try await command("typing/\(topic.scope)/\(topic.segments[2])", "typing", signal)
    }

    /// Acknowledges an urgent message this person was asked to acknowledge.
    public func acknowledgeUrgent(_ message: String, in room: String) async throws {
        _ = try await command(room, "acknowledge", ChatRoomCommand.OnMessage(message: message))
    }

    /// Messages of `site`'s rooms holding every word of `words`, newest first.
    public func searchChat(site: String, for words: String, room: String? = nil, before: Int64? = nil, limit: Int = 20) async throws -> ChatSearchPage
    {
        let search = ChatSearchQuery(q: words, room: room, before: before, limit: limit)
        return try await query(topic: "chat/\(site)", type: "search", data: try JSONValue(encoding: search)).decode(
            ChatMessagePage.self, field: "result")
    }
}
