import Crypto
import Foundation
import VigilAlerts
import VigilCameras
import VigilChat
import VigilCheckins
import VigilCore
import VigilHub
import VigilStore

/// What the push domain sends and to whom, decided in the commits of the events other domains
/// publish through their feeds: each decision is a message in the outbox (`enqueue`), written in
/// that commit, and the sender is rung once it has committed.
struct PushDecisions: AlertWatcher, ChatWatcher, CameraWatcher, CheckpointWatcher {
    /// Deliveries waiting in one site's outbox, at most: four messages to every phone a site may
    /// have. Past it the oldest are dropped, not the news.
    static let outboxLimitPerSite: Int64 = 4 * PushService.maxPhonesPerSite
    /// How long a push service keeps an escalation for a phone that is off: an escalation an hour
    /// old is for the control room, not a lock screen.
    static let escalationTTLSeconds: Int64 = 300
    /// An urgent message is repeated on the page until acknowledged; a mention can wait longer.
    static let urgentChatTTLSeconds: Int64 = 600
    static let mentionTTLSeconds: Int64 = 3600
    /// A camera sent is worth looking at while it is still news.
    static let cameraTTLSeconds: Int64 = 300
    /// A missed round is for the guard on it now, not after the next round is due too.
    static let missedRoundTTLSeconds: Int64 = 600

    let bell: @Sendable () -> Void

    /// An alert nobody acknowledged in time: every phone of its site, urgently.
    func escalated(_ alert: Alert, locationName: String?, at time: Int64, in transaction: any DomainTransaction) throws {
        let place = locationName.map { " at \($0)" } ?? ""
        try decide(
            .escalation, about: Self.tag("alert", alert.id), site: alert.site, urgent: true, ttl: Self.escalationTTLSeconds,
            title: "Escalated: \(alert.kind)\(place)", body: { "\($0): not acknowledged yet" },
            url: "/?site=\(alert.site)&alert=\(alert.id)", at: time, in: transaction)
    }

    /// A message mentioning people, or asking them to acknowledge it: their phones alone. The lock
    /// screen gets the room's name, never the words.
    func addressed(
        _ message: ChatMessage, roomName: String, to people: [String], urgent: Bool, at time: Int64, in transaction: any DomainTransaction
    ) throws {
        try decide(
            .chat, about: Self.tag("chat", message.id), site: message.site, for: .people(people), urgent: urgent,
            ttl: urgent ? Self.urgentChatTTLSeconds : Self.mentionTTLSeconds,
            title: urgent ? "Urgent message in \(roomName)" : "You were mentioned in \(roomName)",
            body: { urgent ? "\($0): please acknowledge it" : $0 }, url: "/?site=\(message.site)&room=\(message.room)", at: time,
            in: transaction)
    }

    /// An urgent message repeated to a recipient who has not acknowledged it: their phones again,
    /// under the message's own tag, so the repeat replaces the earlier push instead of stacking.
    func askedAgain(
        _ message: ChatMessage, roomName: String, of recipient: String, repeat count: Int, at time: Int64, in transaction: any DomainTransaction
    ) throws {
        try decide(
            .chat, about: Self.tag("chat", message.id), site: message.site, for: .people([recipient]), urgent: true,
            ttl: Self.urgentChatTTLSeconds, title: "Urgent message in \(roomName), asked again",
            body: { "\($0): please acknowledge it" }, url: "/?site=\(message.site)&room=\(message.room)", at: time, in: transaction)
    }

    /// A camera an operator sent to a viewer: that person's phones; a newer camera sent replaces one
    /// not yet delivered.
    func sent(_ camera: Camera, site: String, to viewer: String, at time: Int64, in transaction: any DomainTransaction) throws {
        try decide(
            .camera, about: Self.tag("camera", viewer), site: site, for: .people([viewer]), urgent: false, ttl: Self.cameraTTLSeconds,
            title: "Camera sent to you: \(camera.name ?? "camera \(camera.id)")", body: { $0 },
            url: "/?site=\(site)&camera=\(camera.id)", at: time, in: transaction)
    }

    /// A round nobody walked: the phones of the guard whose round it is, or of every guard of the
    /// site when it is nobody's in particular. A newer miss of the same checkpoint replaces one not
    /// yet delivered; the link opens the missed-checkpoint alert.
    func missed(_ round: MissedRound, at time: Int64, in transaction: any DomainTransaction) throws {
        try decide(
            .checkpoint, about: Self.tag("checkpoint", round.site + "/" + round.checkpoint), site: round.site,
            for: round.assignedGuard.map { .people([$0]) } ?? .role(.guard), urgent: true, ttl: Self.missedRoundTTLSeconds,
            title: "Missed checkpoint: \(round.checkpointName)",
            body: { "\($0): not visited within \(DurationText.text(round.everyMs))" }, url: "/?site=\(round.site)&alert=\(round.alert.id)",
            at: time, in: transaction)
    }

    /// Queues one message for the phones of `audience` on `site`, and rings the sender once the
    /// commit is done if any phone is to get it. `body` is given the site's name.
    private func decide(
        _ kind: PushSettings.Kind, about tag: String, site: String, for audience: PushAudience = .everyone, urgent: Bool, ttl: Int64, title: String,
        body: (String) -> String, url: String, at time: Int64, in transaction: any DomainTransaction
    ) throws {
        let siteName = try transaction.fetchOne(SiteName.self, "SELECT name FROM sites WHERE id = ?", [site])?.name ?? site
        let message = PushMessageRecord(
            site: site, kind: kind, tag: tag, urgency: urgent ? "high" : "normal", ttlSeconds: ttl,
            payload: LockScreenMessage(kind: kind.rawValue, title: title, body: body(siteName), url: url, tag: tag).text, createdAt: time)
        if try PushTables(transaction).enqueue(message, for: audience, limit: Self.outboxLimitPerSite) > 0 { transaction.afterCommit(bell) }
    }

    /// The `Topic` header of a message about `subject` (RFC 8030 §5.4: at most 32 characters of
    /// the base64url alphabet): opaque, so the push service learns nothing of what it names.
    static func tag(_ kind: String, _ subject: String) -> String {
        String(Base64URL.encode(Data(SHA256.hash(data: Data("\(kind):\(subject)".utf8)))).prefix(32))
    }
}

/// A site's name as people read it, from the store's `sites` table.
private struct SiteName: Decodable {
    var name: String
}

/// What one push shows on a lock screen, and the view a tap opens: the whole plaintext of the
/// message (docs/security.md says what it may carry). `url` is the page's own address with the
/// thing to show in its query (the page opens the view of the signed-in token's role); `tag` is the
/// message's `Topic`, which the service worker gives its notification so that a newer one about the
/// same thing replaces it on the phone too.
struct LockScreenMessage: Codable, Equatable {
    var kind: String
    var title: String
    var body: String
    var url: String
    var tag: String

    var text: String { (try? JSONValue.canonicalText(of: self)) ?? "{}" }
}
