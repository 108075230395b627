import ArgumentParser
import VigilCore
import VigilStore

/// `--keep-events KIND=RULE` of `vigil site set`: how long, or how many per topic, a site keeps
/// the events of a kind: `notice=7d`, `chat=100000`, `alerts=90d,50000` (whichever prunes more),
/// `notice=forever` (the default: kept for ever).
struct EventRetentionOption {
    static func parse(_ text: String, site: String) throws -> RetentionRule {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        // A kind is a topic's first segment (notice, alerts, chat, ...); one no topic has prunes nothing.
        guard parts.count == 2, Topic.isValidSegment(parts[0]) else {
            throw ValidationError(
                "--keep-events takes KIND=7d, KIND=5000 or KIND=7d,5000 (or KIND=forever), KIND a topic kind such as notice: \(text)")
        }
        var rule = RetentionRule(site: site, kind: parts[0], maxAgeMs: nil, maxCount: nil)
        guard parts[1] != "forever" else { return rule }
        for bound in parts[1].split(separator: ",").map(String.init) {
            if let count = Int64(bound), count >= RetentionRule.minCount, rule.maxCount == nil {
                rule.maxCount = count
            } else if let age = DurationText.milliseconds(bound), age >= RetentionRule.minAgeMs, rule.maxAgeMs == nil {
                rule.maxAgeMs = age
            } else {
                throw ValidationError("--keep-events \(text): \(bound) is neither an age of at least 1m (such as 7d) nor a count of at least 1")
            }
        }
        guard rule.maxAgeMs != nil || rule.maxCount != nil else { throw ValidationError("--keep-events \(text) keeps nothing to go by") }
        return rule
    }

    /// `notice 7d or 1000 a topic`, for the command's answer.
    static func describe(_ rule: RetentionRule) -> String {
        let bounds = [rule.maxAgeMs.map(DurationText.text), rule.maxCount.map { "\($0) a topic" }].compactMap { $0 }
        return "\(rule.kind) \(bounds.joined(separator: " or "))"
    }
}
