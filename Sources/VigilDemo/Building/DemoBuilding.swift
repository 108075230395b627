import VigilCore

/// The demo site's camera wall: two floors, each a row of cameras from left to right. Each
/// camera's neighbours follow from where it sits: left and right along its floor, up and down the
/// camera in the same column on the next floor. Positions are on each floor's own plan (the
/// dashboard draws the wall floor by floor), a column at the same place on both floors.
struct DemoBuilding: Sendable {
    static let name = "Demo building"

    /// Floors from the ground up, each camera's id and name, column by column.
    private static let floors: [[(id: String, name: String)]] = [
        [("entrance", "Entrance"), ("lobby", "Lobby"), ("mail-room", "Mail room"), ("loading-dock", "Loading dock")],
        [("stairwell", "Stairwell"), ("open-office", "Open office"), ("meeting-room", "Meeting room"), ("server-room", "Server room")],
    ]
    /// Frame widths by column; frames are 180 high.
    private static let columnWidths = [320, 320, 240, 320]
    private static let frameHeight = 180
    private static let reminders = ["loading-dock": "The shutter sticks halfway", "server-room": "Badge access only"]
    /// Cameras that watch a door, where a door can be forced.
    private static let doorIDs: Set = ["entrance", "loading-dock", "server-room"]
    /// Where the guards' phones start: the control room's first pushes.
    private static let postIDs = ["lobby", "loading-dock"]

    let topology: CameraTopology

    init() {
        var cameras: [Camera] = []
        for (floor, row) in Self.floors.enumerated() {
            for (column, spec) in row.enumerated() {
                let neighbours = CameraNeighbours(
                    up: Self.camera(floor: floor + 1, column: column), down: Self.camera(floor: floor - 1, column: column),
                    left: Self.camera(floor: floor, column: column - 1), right: Self.camera(floor: floor, column: column + 1))
                // Sizes from the table above, all above zero.
                let frameSize = try! FrameSize(width: Self.columnWidths[column], height: Self.frameHeight)
                cameras.append(
                    Camera(
                        id: spec.id, frameSize: frameSize, position: Point(x: Double(Self.columnWidths[..<column].reduce(0, +)), y: 0),
                        floor: floor, neighbours: neighbours, reminderNotice: Self.reminders[spec.id] ?? "", name: spec.name))
            }
        }
        // Ids are unique and every neighbour names a camera of the table above.
        topology = try! CameraTopology(cameras: cameras)
    }

    private static func camera(floor: Int, column: Int) -> String? {
        guard floors.indices.contains(floor), floors[floor].indices.contains(column) else { return nil }
        return floors[floor][column].id
    }

    var cameras: [Camera] { topology.cameras }
    var doors: [Camera] { cameras.filter { Self.doorIDs.contains($0.id) } }
    var posts: [Camera] { Self.postIDs.compactMap(topology.camera) }
    var floorCount: Int { Self.floors.count }
}

extension Camera {
    /// What people call it; every camera of the demo building has a name.
    var title: String { name ?? id }
}
