import VigilStore

/// A phone that asked for pushes of one site: its browser's push subscription (the push
/// service's endpoint and the keys messages are encrypted for), registered by a token.
struct PhoneRecord: Sendable, Equatable, TableRecord {
    static let table = "push_phones"
    static let generatedColumns: Set<String> = ["id"]

    var id: Int64 = 0
    var site: String
    var tokenID: String
    var endpoint: String
    var p256dh: String
    var auth: String
    var createdAt: Int64

    enum CodingKeys: String, CodingKey {
        case id, site, endpoint, p256dh, auth, createdAt
        case tokenID = "tokenId"
    }
}

/// The push domain's tables: phones, the outbox of deliveries and each person's settings, read
/// and written in the caller's transaction.
struct PushTables {
    let transaction: any DomainTransaction

    init(_ transaction: any DomainTransaction) {
        self.transaction = transaction
    }

    func phone(endpoint: String, site: String) throws -> PhoneRecord? {
        try transaction.fetchOne(PhoneRecord.self, "SELECT * FROM push_phones WHERE site = ? AND endpoint = ?", [site, endpoint])
    }

    func phones(of tokenID: String, site: String) throws -> [PhoneRecord] {
        try transaction.fetchAll(PhoneRecord.self, "SELECT * FROM push_phones WHERE token_id = ? AND site = ? ORDER BY id", [tokenID, site])
    }

    func phoneCount(of site: String) throws -> Int64 {
        try transaction.fetchInteger("SELECT count(*) FROM push_phones WHERE site = ?", [site]) ?? 0
    }

    func phoneCount(of tokenID: String, site: String) throws -> Int64 {
        try transaction.fetchInteger("SELECT count(*) FROM push_phones WHERE token_id = ? AND site = ?", [tokenID, site]) ?? 0
    }

    /// Removes the phone at `endpoint` if `tokenID` registered it; how many rows went (0 or 1).
    func removePhone(endpoint: String, of tokenID: String, site: String) throws -> Int64 {
        let count =
            try transaction.fetchInteger(
                "SELECT count(*) FROM push_phones WHERE site = ? AND endpoint = ? AND token_id = ?", [site, endpoint, tokenID]) ?? 0
        try transaction.execute("DELETE FROM push_phones WHERE site = ? AND endpoint = ? AND token_id = ?", [site, endpoint, tokenID])
        return count
    }

    func removePhones(of tokenID: String, site: String) throws {
        try transaction.execute("DELETE FROM push_phones WHERE token_id = ? AND site = ?", [tokenID, site])
    }

    /// The sites and tokens whose phones a revoked or expired token left behind, a few at a time.
    func phonesOfEndedTokens(at now: Int64) throws -> [EndedTokenPhones] {
        try transaction.fetchAll(
            EndedTokenPhones.self,
            """
            SELECT DISTINCT p.site, p.token_id AS token FROM push_phones p
            LEFT JOIN tokens t ON t.id = p.token_id
            WHERE t.id IS NULL OR t.revoked_at IS NOT NULL OR (t.expires_at IS NOT NULL AND t.expires_at <= ?)
            ORDER BY p.site, p.token_id LIMIT 100
            """, [now])
    }
}

/// The phones one ended token registered on one site.
struct EndedTokenPhones: Decodable, Sendable {
    var site: String
    var token: String
}
