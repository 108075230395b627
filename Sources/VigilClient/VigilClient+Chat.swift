import Foundation
import VigilCore

/// A thumbnail to attach to a chat message: its hash in the hub's thumbnail store and where it
/// was dragged from (docs/protocol.md §6.6), with optional scribbles in the image's pixels.
public struct ChatAttachment: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case alert(String)
        case camera(String)
        case detection(id: String, camera: String?)
        case upload
    }

    public var thumbnail: String
    public var source: Source
    /// When the picture was taken, in ms since 1970.
    public var ts: Int64?
    public var foreground: [PixelPoint]
    public var background: [PixelPoint]

    public init(thumbnail: String, source: Source, ts: Int64? = nil, foreground: [PixelPoint] = [], background: [PixelPoint] = []) {
        self.thumbnail = thumbnail
        self.source = source
        self.ts = ts
        self.foreground = foreground
        self.background = background
    }

    var json: JSONValue {
        var origin: [String: JSONValue]
        switch source {
        case .alert(let id): origin = ["kind": "alert", "id": .string(id)]
        case .camera(let camera): origin = ["kind": "camera", "camera": .string(camera)]
        case .detection(let id, let camera): origin = ["kind": "detection", "id": .string(id), "camera": camera.map(JSONValue.string) ?? .null]
        case .upload: origin = ["kind": "upload"]
        }
        origin["ts"] = ts.map { .number(Double($0)) }
        var fields: [String: JSONValue] = ["thumbnail": .string(thumbnail), "source": .object(origin)]
        if !foreground.isEmpty || !background.isEmpty {
            let pairs = { (points: [PixelPoint]) in JSONValue.array(points.map { [.number(Double($0.x)), .number(Double($0.y))] }) }
            fields["scribble"] = ["foreground": pairs(foreground), "background": pairs(background)]
        }
        return .object(fields)
    }
}

/// A page of chat search results, newest first; `next` asks for the following page.
public struct ChatSearchPage: Sendable {
    public var messages: [JSONValue]
    public var next: Int64?
}

/// Chat for guards' devices and scripts (docs/protocol.md §6.6). Rooms are named by their topic,
/// `chat/{site}/{room}`.
extension VigilClient {
    /// Posts a message and returns it as the hub committed it (its id, seq and mentions).
    @discardableResult
    public func say(
        in room: String, text: String?, attachments: [ChatAttachment] = [], replyTo: String? = nil, urgent: Bool = false
    ) async throws -> JSONValue {
        var data: [String: JSONValue] = ["attachments": .array(attachments.map(\.json))]
        data["text"] = text.map(JSONValue.string)
        data["replyTo"] = replyTo.map(JSONValue.string)
        if urgent { data["urgent"] = true }
        guard let message = try await request(.publish(topic: room, type: "say", data: .object(data)))["data"]?["message"] else {
            throw ClientError.unexpectedAnswer("the hub's ok carried no message")
        }
        return message
    }

    /// Uploads image files (JPEG, PNG or WebP) as thumbnails, then posts them with `text`.
    @discardableResult
    public func say(in room: String, text: String?, images: [URL], urgent: Bool = false) async throws -> JSONValue {
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
    /// devices learn it at once on their inbox in that site.
    public func markRead(_ room: String, through seq: UInt64) async throws {
        let inbox = try await inboxTopic(site: try Topic(room).scope)
        _ = try await request(.publish(topic: inbox, type: "read", data: ["room": .string(room), "seq": .number(Double(seq))]))
    }

    /// Acknowledges an urgent message this person was asked to acknowledge.
    public func acknowledgeUrgent(_ message: String, in room: String) async throws {
        _ = try await request(.publish(topic: room, type: "acknowledge", data: ["message": .string(message)]))
    }

    /// Messages of `site`'s rooms holding every word of `words`, newest first.
    public func searchChat(site: String, for words: String, room: String? = nil, before: Int64? = nil, limit: Int = 20) async throws -> ChatSearchPage {
        var data: [String: JSONValue] = ["q": .string(words), "limit": .number(Double(limit))]
        data["room"] = room.map(JSONValue.string)
        data["before"] = before.map { .number(Double($0)) }
        let result = try await query(topic: "chat/\(site)", type: "search", data: .object(data))
        return ChatSearchPage(messages: result["messages"]?.arrayValue ?? [], next: result["next"]?.numberValue.map { Int64($0) })
    }
}
