import VigilCore
import VigilHub
import VigilStore

/// Registers a phone for a token's pushes of one site, or gives the registration of its endpoint
/// (the same browser) new keys and owner; `replaces` names the endpoint a browser's
/// `pushsubscriptionchange` retired. Counted inside the commit, so that racing registrations
/// cannot pass the limits.
struct RegisterPhone: DomainEffect {
    let phone: PhoneRecord
    let replaces: String?

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        if let replaces { _ = try PushTables(transaction).removePhone(endpoint: replaces, of: phone.tokenID, site: phone.site) }
        if let known = try PushTables(transaction).phone(endpoint: phone.endpoint, site: phone.site) {
            try transaction.execute(
                "UPDATE push_phones SET token_id = ?, p256dh = ?, auth = ? WHERE id = ?", [phone.tokenID, phone.p256dh, phone.auth, known.id])
        } else {
            guard try PushTables(transaction).phoneCount(of: phone.tokenID, site: phone.site) < PushService.maxPhonesPerToken else {
                throw ProtocolError(
                    .limitReached, "this token has \(PushService.maxPhonesPerToken) phones registered at site \(phone.site), the most it may")
            }
            guard try PushTables(transaction).phoneCount(of: phone.site) < PushService.maxPhonesPerSite else {
                throw ProtocolError(.limitReached, "site \(phone.site) has \(PushService.maxPhonesPerSite) phones registered, the most a site keeps")
            }
            var registered = phone
            registered.createdAt = event.ts
            try transaction.insert(registered)
        }
        return []
    }
}

/// Removes a phone the token registered (signing out, or the person turning pushes off); a
/// phone another token registered is not found, as one that never was.
struct RemovePhone: DomainEffect {
    let site: String
    let tokenID: String
    let endpoint: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        guard try PushTables(transaction).removePhone(endpoint: endpoint, of: tokenID, site: site) > 0 else {
            throw ProtocolError(.notFound, "this token has no phone registered at site \(site) with that endpoint")
        }
        return []
    }
}

/// Fired by the push domain's sweep: a token was revoked or expired, so the phones it registered
/// on a site get nothing more.
struct DropPhonesOfEndedToken: DomainEffect {
    let site: String
    let tokenID: String

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        try PushTables(transaction).removePhones(of: tokenID, site: site)
        return []
    }
}

/// Writes a person's push settings on a site over the ones they had.
struct SetPushSettings: DomainEffect {
    let record: PushSettingsRecord

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        try PushTables(transaction).setPushSettings(record)
        return []
    }
}
