import Synchronization
import VigilCore
import VigilHub

/// `typing/{site}/{room}`: who is writing in a room, never stored. Each `typing` says "until", five
/// seconds on, so an indicator stops by itself when its sender goes quiet or away; `stopped` ends
/// it sooner. One person may say so at most once per `interval` per room.
final class TypingService: TopicService {
    let kind = "typing"
    let durability = Durability.ephemeral
    static let lastsMs: Int64 = 5_000
    static let intervalMs: Int64 = 2_000
    static let rememberedSenders = 10_000

    let access: SiteScopedAccess
    let clock: any HubClock
    /// When each person (name and room) last said they were typing.
    private let lastTyping = Mutex<[String: Int64]>([:])

    init(sites: SiteDirectory, clock: any HubClock) {
        access = SiteScopedAccess(readers: ChatService.chatters, writers: ChatService.chatters, sites: sites)
        self.clock = clock
    }

    func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        guard pattern.segments.count == 3 else { throw ProtocolError(.invalidTopic, "typing topics are typing/{site}/{room}") }
        try access.authorizeRead(identity, pattern)
    }

    func command(_ identity: Identity, topic: Topic, type: String, data: JSONValue) throws(ProtocolError) -> ValidatedEvent {
        guard topic.segments.count == 3 else { throw ProtocolError(.invalidTopic, "typing topics are typing/{site}/{room}") }
        try access.authorizeWrite(identity, topic)
        guard type == "typing" else { throw ProtocolError(.unknownType, "typing topics take typing") }
        let stopped = try data.decode(ChatTypingCommand.self).stopped ?? false
        let now = clock.milliseconds()
        let key = "\(identity.name) \(topic.rawValue)"
        let allowed = lastTyping.withLock { last -> Bool in
            if stopped { return last.removeValue(forKey: key) != nil }
            if let previous = last[key], now - previous < Self.intervalMs { return false }
            if last.count >= Self.rememberedSenders { last = last.filter { now - $0.value < Self.lastsMs } }
            last[key] = now
            return true
        }
        guard allowed else {
            throw stopped
                ? ProtocolError(.invalidTransition, "\(identity.name) is not typing in \(topic.rawValue)")
                : ProtocolError(.rateLimited, "typing is said at most once every \(Self.intervalMs / 1000) s per room")
        }
        let typing = stopped ? ChatTyping.stoppedTyping : ChatTyping(until: now + Self.lastsMs)
        return ValidatedEvent(type: "typing", payload: .object(JSONValue.fields(of: typing)))
    }
}
