import VigilBench
import VigilClient
import VigilCore

/// Camera topologies for the benchmarks' sites: the hub refuses a detections batch whose camera is
/// not in the site's topology at the batch's frame size.
enum BenchCameras {
    /// `count` cameras `cam-0`, `cam-1`... of one frame size, five side by side on each floor: the
    /// `data` of a `topology` publish on `cameras/{site}`.
    static func topology(_ count: Int, width: Int, height: Int) throws -> JSONValue {
        let frame = try FrameSize(width: width, height: height)
        let cameras = (0..<count).map { index in
            Camera(id: "cam-\(index)", frameSize: frame, position: Point(x: Double(index % 5 * width), y: 0), floor: index / 5)
        }
        return try JSONValue(encoding: CameraTopology(cameras: cameras))
    }

    /// Gives sites `bench-0..<sites` the camera the benchmark's batches name, when the channel
    /// publishes detections: imported through the hub with an admin token, as `vigil import cameras`
    /// does, so the hub checks the topology and publishes it on `cameras/{site}`.
    static func prepare(_ channel: VigilChannel, sites: Int, endpoint: Endpoint, store: StoreOptions) async throws {
        guard channel == .detections else { return }
        let admin = try BenchSetup.token(role: .admin, in: try store.open())
        let client = VigilClient(
            configuration: ClientConfiguration(
                url: "\(endpoint.caFile == nil ? "ws" : "wss")://\(endpoint.host):\(endpoint.port)/ws", token: admin, caFile: endpoint.caFile))
        let topology = try topology(1, width: DetectionBatchPayload.frameWidth, height: DetectionBatchPayload.frameHeight)
        do {
            for site in 0..<sites {
                _ = try await client.request(.publish(topic: "cameras/\(BenchSetup.site(site))", type: "topology", data: topology))
            }
            await client.close()
        } catch {
            await client.close()
            throw error
        }
    }
}
