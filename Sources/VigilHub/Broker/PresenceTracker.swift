import NIOCore
import Synchronization
import VigilCore
import VigilStore

/// Who is on each exact topic, by session. A join or leave is an ephemeral event on
/// `presence/{topic}`; a new presence subscriber first gets `presence.state` with every member.
final class PresenceTracker: Sendable {
    /// The kind of the topics presence is told on: `presence/{watched topic}`. The engine's own:
    /// its readers are those who may read the watched topic, and only the server writes it.
    static let kind = "presence"

    struct Member: Sendable {
        let session: String
        let user: String
        let role: Role

        var json: JSONValue {
            ["session": .string(session), "user": .string(user), "role": .string(role.rawValue)]
        }
    }

    private let members = Mutex<[String: [String: Member]]>([:])
    /// Who is present through the other hubs of a shared store, as they last reported.
    private let elsewhere = Mutex<[String: [String: Member]]>([:])
    private let bus: any EventBus
    private let clock: any HubClock

    init(bus: any EventBus, clock: any HubClock) {
        self.bus = bus
        self.clock = clock
    }

    func join(_ topic: Topic, session: String, identity: Identity) {
        let member = Member(session: session, user: identity.name, role: identity.role)
        members.withLock { $0[topic.rawValue, default: [:]][session] = member }
        announce("presence.join", member: member, on: topic)
    }

    func leave(_ topic: Topic, session: String) {
        let member = members.withLock { members -> Member? in
            let member = members[topic.rawValue]?.removeValue(forKey: session)
            if members[topic.rawValue]?.isEmpty == true { members[topic.rawValue] = nil }
            return member
        }
        if let member { announce("presence.leave", member: member, on: topic) }
    }

    /// Everyone present through this hub, for the other hubs of a shared store.
    var localMembers: [HubReport.Member] {
        members.withLock { members in
            members.flatMap { topic, sessions in
                sessions.values.map { HubReport.Member(topic: topic, session: $0.session, user: $0.user, role: $0.role.rawValue) }
            }
        }
    }

    /// The members the other hubs of a shared store now report: whoever is new is told as a join
    /// and whoever is gone (left, or their hub died) as a leave, as a local member would be.
    func othersReport(_ reported: [HubReport.Member]) {
        var now: [String: [String: Member]] = [:]
        for member in reported {
            guard let role = Role(rawValue: member.role) else { continue }
            now[member.topic, default: [:]][member.session] = Member(session: member.session, user: member.user, role: role)
        }
        let before = elsewhere.withLock { known in
            defer { known = now }
            return known
        }
        for (topic, sessions) in now {
            guard let watched = try? Topic(topic) else { continue }
            for (session, member) in sessions where before[topic]?[session] == nil { announce("presence.join", member: member, on: watched) }
        }
        for (topic, sessions) in before {
            guard let watched = try? Topic(topic) else { continue }
            for (session, member) in sessions where now[topic]?[session] == nil { announce("presence.leave", member: member, on: watched) }
        }
    }

    /// The `presence.state` frame for `watched`, sent to one new subscriber.
    func stateFrame(of watched: Topic) -> ByteBuffer {
        let here = members.withLock { $0[watched.rawValue].map { Array($0.values) } ?? [] }
        let current = here + elsewhere.withLock { $0[watched.rawValue].map { Array($0.values) } ?? [] }
        let list = JSONValue.array(current.sorted { $0.session < $1.session }.map(\.json))
        return frame(type: "presence.state", data: ["topic": .string(watched.rawValue), "members": list], watched: watched)
    }

    private func announce(_ type: String, member: Member, on watched: Topic) {
        var data = member.json.objectValue ?? [:]
        data["topic"] = .string(watched.rawValue)
        let announcement = frame(type: type, data: .object(data), watched: watched)
        let topic = Self.presenceTopic(of: watched)
        bus.publish(OutgoingEvent(topic: topic, seq: nil, frame: announcement))
    }

    static func presenceTopic(of watched: Topic) -> Topic {
        // A watched topic has at most maxSegments - 1 segments (checked at subscribe), so this is valid.
        try! Topic("\(kind)/\(watched.rawValue)")
    }

    private func frame(type: String, data: JSONValue, watched: Topic) -> ByteBuffer {
        ByteBuffer(
            string: ServerFrame.event(
                topic: Self.presenceTopic(of: watched).rawValue, seq: nil, type: type, ts: clock.milliseconds(), from: "vigil",
                epoch: nil, dataJSON: data.canonicalText))
    }
}
