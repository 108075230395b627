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
        var data: [String: JSONValue] = ["attachments": try JSONValue(encoding: attachments)]
        data["text"] = text.map(JSONValue.string)
        data["replyTo"] = replyTo.map(JSONValue.string)
        if urgent { data["urgent"] = true }
        guard let posted = try await request(.publish(topic: room, type: "say", data: .object(data)))["data"] else {
            throw ClientError.unexpectedAnswer("the hub's ok carried no message")
        }
        return try posted.decode(ChatMessageEvent.self).message
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
        let ok = try await request(
            .publish(topic: inbox, type: "read", data: try JSONValue(encoding: ChatReadCommand(room: room, seq: Int64(clamping: seq)))))
        return try (ok["data"] ?? .null).decode(ChatReadMarked.self)
    }

    /// Acknowledges an urgent message this person was asked to acknowledge.
    public func acknowledgeUrgent(_ message: String, in room: String) async throws {
        _ = try await request(.publish(topic: room, type: "acknowledge", data: ["message": .string(message)]))
    }

    /// Messages of `site`'s rooms holding every word of `words`, newest first.
    public func searchChat(site: String, for words: String, room: String? = nil, before: Int64? = nil, limit: Int = 20) async throws -> ChatSearchPage
    {
        var data: [String: JSONValue] = ["q": .string(words), "limit": .number(Double(limit))]
        data["room"] = room.map(JSONValue.string)
        data["before"] = before.map { .number(Double($0)) }
        return try await query(topic: "chat/\(site)", type: "search", data: .object(data)).decode(ChatMessagePage.self, field: "result")
    }
}
