import Crypto
import Foundation
import VigilAlerts
import VigilCore
import VigilHub
import VigilStore

/// What the push domain sends and to whom, decided in the commits of the events other domains
/// publish: each decision is a message in the outbox (`enqueue`), written in that commit, and the
/// sender is rung once it has committed.
struct PushDecisions: AlertWatcher {
    /// Deliveries waiting in one site's outbox, at most: four messages to every phone a site may
    /// have. Past it the oldest are dropped, not the news.
    static let outboxLimitPerSite: Int64 = 4 * PushService.maxPhonesPerSite
    /// How long a push service keeps an escalation for a phone that is off: an escalation an hour
    /// old is for the control room, not a lock screen.
    static let escalationTTLSeconds: Int64 = 300

    let bell: @Sendable () -> Void

    /// An alert nobody acknowledged in time: every phone of its site, urgently.
    func escalated(_ alert: Alert, locationName: String?, at time: Int64, in transaction: any DomainTransaction) throws {
        let siteName = try transaction.fetchOne(SiteName.self, "SELECT name FROM sites WHERE id = ?", [alert.site])?.name ?? alert.site
        let place = locationName.map { " at \($0)" } ?? ""
        let message = PushMessageRecord(
            site: alert.site, kind: .escalation, tag: Self.tag("alert", alert.id), urgency: "high", ttlSeconds: Self.escalationTTLSeconds,
            payload: LockScreenMessage(
                kind: "escalation", title: "Escalated: \(alert.kind)\(place)", body: "\(siteName): not acknowledged yet",
                url: "/guard/?site=\(alert.site)&alert=\(alert.id)"
            ).text,
            createdAt: time)
        if try transaction.enqueue(message, limit: Self.outboxLimitPerSite) > 0 { transaction.afterCommit(bell) }
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
/// message (docs/security.md says what it may carry).
struct LockScreenMessage: Codable, Equatable {
    var kind: String
    var title: String
    var body: String
    var url: String

    var text: String { (try? JSONValue.canonicalText(of: self)) ?? "{}" }
}
