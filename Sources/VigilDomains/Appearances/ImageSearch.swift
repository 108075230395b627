import VigilCore
import VigilDetections
import VigilStore

/// Answers image queries (`similar`) with the appearance index: the first pass over the codes
/// keeps the detections that could be in the answer, which are then measured exactly from their
/// stored vectors and grouped. The part of the window older than the index holds (its memory let
/// it go) is measured in the store, as the exact scan measures it. The answer is the exact scan's
/// (`ImageScan`), found without it.
struct ImageSearch: DetectionQueryAnswerer {
    let store: any EventStore
    let index: AppearanceIndex

    func answer(_ data: JSONValue, site: String) async throws -> JSONValue {
        try await run(try ImageQuery(data), site: site).get()
    }

    func run(_ query: ImageQuery, site: String) async throws -> Swift.Result<JSONValue, ProtocolError> {
        let resolved = try await store.read { try ImageQueryPlan.resolve(query, site: site, in: $0) }
        guard case .success(let plan) = resolved else { return resolved.map { _ in .null } }
        let search = AppearanceSnapshot.Search(
            plan: plan, codes: AppearanceCodes.Query(plan.example, stride: AppearanceCodes.stride(forLength: plan.example.count)))
        // Every candidate is read back; one deleted meanwhile (pruned past the retention cut-off
        // after the snapshot) may have set the threshold, so the search is made again on a new one.
        var attempts = 0
        while true {
            attempts += 1
            let snapshot = try await index.snapshot(of: site)
            let (candidates, last) = (snapshot.candidates(for: search), attempts == 3)
            let answer = try await store.read { transaction -> JSONValue? in
                let values = try transaction.measureAppearances(ofDetections: candidates.map(\.id), plan.similarity)
                guard values.count == candidates.count || last else { return nil }
                let measured = candidates.compactMap { candidate in
                    values[candidate.id].map { MeasuredDetection(id: candidate.id, ts: candidate.ts, group: candidate.group, value: $0) }
                }
                let older =
                    query.from < snapshot.heldFrom
                    ? try ImageScan.measure(plan, from: query.from, to: min(query.to, snapshot.heldFrom), in: transaction) : []
                let leading = MeasuredDetection.leading(measured + older, k: query.k)
                var spans = snapshot.spans(of: leading.map(\.group), for: search)
                ImageGroupSpan.add(older, to: &spans)
                return try plan.answer(leading, spans: spans, in: transaction)
            }
            if let answer { return .success(answer) }
        }
    }
}
