import VigilCore
import VigilHub
import VigilStore

/// approved -> rejected: a moderator takes markers down again (a hoax, a duplicate), all listed or
/// none. Mirrored onto the public topic as `markers.removed` with each marker's number, event and
/// place (the place lets near-subscribers of the circle hear of it); the marker leaves the state,
/// the whole files, and shows as removed in the files' deltas.
struct RemoveFloodMarkers: DomainEffect {
    let region: String
    let ids: [Int64]

    func apply(to event: inout NewEvent, in transaction: any DomainTransaction) throws -> [String] {
        let markers = try FloodTables(transaction).floodMarkers(ids, in: region, allIn: .approved)
        try FloodTables(transaction).moderateFloodMarkers(markers.map(\.id), to: .rejected, by: event.from, at: event.ts)
        event.payload = try JSONValue.canonicalText(of: FloodMarkersRemoved(markers: markers.map(\.removalWire)))
        return [FloodService.topic(of: region)]
    }
}
