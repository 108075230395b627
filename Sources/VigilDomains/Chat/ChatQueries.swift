import VigilCore
import VigilHub
import VigilStore

/// Reads of the chat domain: the states its topics start with (each with the reader's own read
/// markers), pages of a room's messages, and full-text search.
struct ChatQueries: Sendable {
    static let statePage = 50
    static let maxPage = 200
    let store: any EventStore

    /// `chat/{site}`: its rooms, each with the reader's unread count.
    func directory(of site: String, for reader: String) async throws -> TopicSnapshot {
        try await store.read { transaction in
            let head = try transaction.head(of: ChatService.directoryTopic(of: site))
            let rooms = try ChatTables(transaction).roomsWithControl(of: site).map { record in
                var room = record.wire
                room.unread = try ChatTables(transaction).unreadCount(of: reader, room: record.id, site: site)
                return room
            }
            return TopicSnapshot(head: head, data: JSONValue.fields(of: ChatDirectoryState(rooms: rooms)))
        }
    }

    /// `chat/{site}/{room}`: the room, its latest messages, the reader's marker and unread count.
    func room(_ id: String, site: String, for reader: String) async throws -> TopicSnapshot {
        try await store.read { transaction in
            let head = try transaction.head(of: ChatService.roomTopic(id, site: site))
            let tables = ChatTables(transaction)
            guard let room = try tables.roomOrControl(id, site: site) else {
                return TopicSnapshot(head: head, data: JSONValue.fields(of: ChatRoomState(room: nil, messages: [])))
            }
            let messages = try tables.messages(of: id, site: site, before: nil, limit: Self.statePage)
            let state = ChatRoomState(
                room: room.wire, messages: try messages.map(tables.wire(of:)),
                earlier: try tables.hasMessages(in: id, site: site, before: messages.first?.seq),
                read: try tables.readMarker(of: reader, room: id, site: site), unread: try tables.unreadCount(of: reader, room: id, site: site))
            return TopicSnapshot(head: head, data: JSONValue.fields(of: state))
        }
    }

    /// Older messages of a room, latest versions, oldest first: `{messages, next?}`.
    func messages(of room: String, site: String, before: Int64?, limit: Int) async throws -> JSONValue {
        try await store.read { transaction in
            let page = try ChatTables(transaction).messages(of: room, site: site, before: before, limit: limit)
            var answer = ChatMessagePage(messages: try page.map(ChatTables(transaction).wire(of:)))
            if let first = page.first, try ChatTables(transaction).hasMessages(in: room, site: site, before: first.seq) { answer.next = first.seq }
            return try JSONValue(encoding: answer)
        }
    }

    /// Messages of the site matching the words, newest first: `{messages, next?}`, `next` being the
    /// `before` of the following page.
    func search(_ search: ChatSearch) async throws -> JSONValue {
        try await store.read { transaction in
            let page = try ChatTables(transaction).search(search)
            var answer = ChatMessagePage(messages: try page.map(ChatTables(transaction).wire(of:)))
            if page.count == search.limit, let last = page.last { answer.next = last.n }
            return try JSONValue(encoding: answer)
        }
    }

    /// `inbox/{site}/{name}`: the site's rooms where the person has unread messages, and the
    /// site's urgent messages waiting for their acknowledgement.
    func inbox(of name: String, site: String) async throws -> TopicSnapshot {
        try await store.read { transaction in
            let head = try transaction.head(of: InboxService.topic(of: name, site: site))
            var rooms: [ChatInboxState.Room] = []
            for room in try ChatTables(transaction).roomsWithControl(of: site) {
                let unread = try ChatTables(transaction).unreadCount(of: name, room: room.id, site: site)
                guard unread > 0 else { continue }
                rooms.append(ChatInboxState.Room(room: room.topic, name: room.name, unread: unread))
            }
            let urgent = try ChatTables(transaction).urgentAwaiting(name, site: site).map(ChatTables(transaction).wire(of:))
            return TopicSnapshot(head: head, data: JSONValue.fields(of: ChatInboxState(rooms: rooms, urgent: urgent)))
        }
    }
}

/// The reads the chat's queries make: the control room before its row exists.
extension ChatTables {
    /// The site's rooms, the control room among them even before its row is made.
    func roomsWithControl(of site: String) throws -> [RoomRecord] {
        let rooms = try rooms(of: site)
        guard !rooms.contains(where: { $0.id == ChatService.controlRoom }) else { return rooms }
        return [.control(of: site)] + rooms
    }

    /// One room of the site, the control room even before its row is made.
    func roomOrControl(_ id: String, site: String) throws -> RoomRecord? {
        try room(id, site: site) ?? (id == ChatService.controlRoom ? .control(of: site) : nil)
    }

    func hasMessages(in room: String, site: String, before seq: Int64?) throws -> Bool {
        guard let seq else { return false }
        return try transaction.exists("SELECT 1 FROM chat_messages WHERE site = ? AND room = ? AND seq < ?", [site, room, seq])
    }
}
