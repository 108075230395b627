import VigilCore
import VigilStore

/// One person's push settings on one site, as stored: muted kinds between commas (`,escalation,`,
/// so one `LIKE` finds a kind), quiet hours as minutes of the day, the offset from UTC they are read at.
struct PushSettingsRecord: Sendable, Equatable, TableRecord {
    static let table = "push_settings"
    static let generatedColumns: Set<String> = []

    var site: String
    var tokenID: String
    var muted: String
    var quietFrom: Int64?
    var quietTo: Int64?
    var utcOffsetMinutes: Int64
    var breakThrough: Int64

    enum CodingKeys: String, CodingKey {
        case site, muted, quietFrom, quietTo, utcOffsetMinutes, breakThrough
        case tokenID = "tokenId"
    }

    init(_ settings: PushSettings, of tokenID: String, site: String) {
        self.site = site
        self.tokenID = tokenID
        muted = "," + settings.muted.map(\.rawValue).joined(separator: ",") + ","
        quietFrom = settings.quietHours.flatMap { PushSettingsRecord.minuteOfDay($0.from) }
        quietTo = settings.quietHours.flatMap { PushSettingsRecord.minuteOfDay($0.to) }
        utcOffsetMinutes = Int64(settings.quietHours?.utcOffsetMinutes ?? 0)
        breakThrough = settings.escalationsBreakThrough ? 1 : 0
    }

    /// The settings as the contract gives them.
    var settings: PushSettings {
        var quietHours: PushSettings.QuietHours?
        if let quietFrom, let quietTo {
            quietHours = .init(from: Self.clockText(quietFrom), to: Self.clockText(quietTo), utcOffsetMinutes: Int(utcOffsetMinutes))
        }
        return PushSettings(
            muted: muted.split(separator: ",").compactMap { PushSettings.Kind(rawValue: String($0)) }, quietHours: quietHours,
            escalationsBreakThrough: breakThrough != 0)
    }

    /// `"HH:MM"` as minutes since midnight; nil when it is not such a time.
    static func minuteOfDay(_ text: String) -> Int64? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }), let hours = Int64(parts[0]),
            let minutes = Int64(parts[1]), (0..<24).contains(hours), (0..<60).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }

    static func clockText(_ minute: Int64) -> String {
        let hours = minute / 60
        let minutes = minute % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
    }
}

extension PushTables {
    func pushSettings(of tokenID: String, site: String) throws -> PushSettingsRecord? {
        try transaction.fetchOne(PushSettingsRecord.self, "SELECT * FROM push_settings WHERE site = ? AND token_id = ?", [site, tokenID])
    }

    /// Writes a person's settings over the ones they had.
    func setPushSettings(_ record: PushSettingsRecord) throws {
        try transaction.execute("DELETE FROM push_settings WHERE site = ? AND token_id = ?", [record.site, record.tokenID])
        try transaction.insert(record)
    }
}
