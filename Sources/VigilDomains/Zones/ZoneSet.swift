import VigilCore

/// The zones on one camera, by id, as of one version of them: what a batch's detections are
/// matched against.
struct ZoneSet: Sendable {
    struct Zone: Sendable {
        let id: String
        let definition: ZoneDefinition
    }

    /// The version the store gave the camera's zones (`zone_versions`): nil while they have not
    /// changed since versions were kept. Two reads of one version hold the same zones.
    let version: Int64?
    let zones: [Zone]

    /// The set with `id` defined anew (nil: removed), still by id.
    func with(_ id: String, as definition: ZoneDefinition?, version: Int64) -> ZoneSet {
        var zones = zones.filter { $0.id != id }
        if let definition {
            zones.append(Zone(id: id, definition: definition))
            zones.sort { $0.id < $1.id }
        }
        return ZoneSet(version: version, zones: zones)
    }
}
