import VigilCore

/// One person walking across a site's cameras: a track id kept from camera to neighbouring camera,
/// a position on the current camera's frame, a gait, a look (the appearance the analytics backend
/// would compute, with a little noise each frame) and a thumbnail.
struct SimulatedWalker: Sendable {
    let track: Int
    let appearance: [Float]
    let thumbnail: String
    var camera: Camera
    /// Across the frame, 0 (left edge) to 1 (right edge), and into it, 0.35 (far) to 1 (near).
    var across: Double
    var depth: Double
    /// Frame widths and depths a second.
    var speed: Double
    var drift: Double

    /// Walks for `seconds`: off the left or right edge onto that neighbour, entering from the far
    /// edge, or turning back where there is none; up and down the room between its walls.
    mutating func walk(_ seconds: Double, in topology: CameraTopology) {
        across += speed * seconds
        depth += drift * seconds
        if depth < 0.35 || depth > 1 {
            drift = -drift
            depth = min(1, max(0.35, depth))
        }
        guard across < 0 || across > 1 else { return }
        let direction: CameraDirection = across < 0 ? .left : .right
        if let next = topology.neighbour(of: camera.id, direction) {
            camera = next
            across = direction == .left ? 1 : 0
        } else {
            speed = -speed
            across = min(1, max(0, across))
        }
    }

    /// What the backend reports now: a box whose bottom centre is where the person stands, taller
    /// nearer the camera, inside the frame.
    func detection(at time: Double, using random: inout SeededRandom) -> Detection {
        let frame = camera.frameSize
        let height = Double(frame.height) * 0.45 * depth
        let width = height * 0.4
        let x = min(Double(frame.width) - width, max(0, across * Double(frame.width) - width / 2))
        let y = min(Double(frame.height) - height, max(0, depth * Double(frame.height) - height))
        let look = appearance.map { $0 + Float(random.uniform(-0.02...0.02)) }
        return Detection(
            time: .init(timeIntervalSince1970: time), box: Rect(x: x, y: y, width: width, height: height), label: "person",
            score: random.uniform(0.6...0.99), trackID: track, thumbnail: thumbnail, appearance: look)
    }
}
