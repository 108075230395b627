import VigilCore

/// A track's stay in an area long enough to raise a loitering alert, as noted in the batch's commit
/// (`zone_pending`, kind `loitering`) for the next tick to raise: the `ZoneLoitering` it becomes,
/// less the alert and the zone.
struct ZoneStay: Codable {
    /// The detection that made the stay long enough.
    let detection: ZoneDetection
    /// When the track was first seen inside in this stay, in ms since 1970.
    let first: Int64
    /// That detection's time, in ms since 1970.
    let last: Int64
    /// The track.
    let track: Int64
}
