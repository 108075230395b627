import VigilCore
import VigilDetections
import VigilStore

/// The image query answered without the appearance index: every vector of the window read from
/// the store and measured exactly. What the index replaced, kept as the benchmark's baseline and
/// as a second opinion in the tests: both must give the same answer.
public enum ImageScan {
    /// The answer to the `similar` query `data` at `site`, by a scan of `database`.
    public static func answer(_ data: JSONValue, site: String, in database: any StoreDatabase) async throws -> JSONValue {
        let query = try ImageQuery(data)
        return try await database.read { transaction in
            try scan(ImageQueryPlan.resolve(query, site: site, in: transaction).get(), in: transaction)
        }
    }

    static func scan(_ plan: ImageQueryPlan, in transaction: any DomainTransaction) throws -> JSONValue {
        let measured = try measure(plan, from: plan.query.from, to: plan.query.to, in: transaction)
        let leading = MeasuredDetection.leading(measured, k: plan.query.k)
        var spans = Dictionary(uniqueKeysWithValues: leading.map { ($0.group, ImageGroupSpan()) })
        ImageGroupSpan.add(measured, to: &spans)
        return try plan.answer(leading, spans: spans, in: transaction)
    }

    /// Every vector of the plan's cameras stored in `from..<to`, measured, the example left out.
    static func measure(_ plan: ImageQueryPlan, from: Int64, to: Int64, in transaction: any DomainTransaction) throws -> [MeasuredDetection] {
        var measured: [MeasuredDetection] = []
        for key in plan.cameraKeys {
            for entry in try transaction.measureAppearances(cameraKey: key, from: from, to: to, plan.similarity) where entry.id != plan.excluded {
                let group = ImageGroup(id: entry.id, cameraKey: key, track: entry.track, byTrack: plan.query.groupByTrack)
                measured.append(MeasuredDetection(id: entry.id, ts: entry.ts, group: group, value: entry.value))
            }
        }
        return measured
    }
}
