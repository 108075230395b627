import Foundation
import VigilClient
import VigilCore

/// Detections made up from a seed, published through the hub, and read back by brute force: every
/// detection checked against every region with VigilCore's geometry, with no index and no paging.
/// The property tests compare the hub's answers with this reading.
struct GeneratedDetections {
    /// One published detection.
    struct Item {
        let camera: String
        let frame: FrameSize
        let detection: Detection
    }

    /// A detection the brute force found in a query's regions, with the intensity it reports.
    struct Match {
        let camera: String
        let detection: Detection
        let intensity: Double

        /// One object per track of a camera; an untracked detection is its own.
        var object: String { detection.trackID.map { "\(camera)#\($0)" } ?? "ts\(detection.milliseconds)" }
    }

    let items: [Item]

    /// Publishes `perCamera` detections (480 unless told) on each camera of `analyticsTopology`
    /// over the tests' hour, with distinct times (the brute force tells them apart by time), in
    /// batches of `batch`: in random time order, or in time order as live backends send them (the
    /// first camera's all before the second's).
    static func publish(
        _ hub: TestHub, _ random: inout SeededRandom, perCamera: Int = 480, batch batchSize: Int = 40, inTimeOrder: Bool = false
    ) async throws -> GeneratedDetections {
        let backend = hub.client("device")
        var items: [Item] = []
        let times = Array(Set((0..<(5 * perCamera / 2)).map { _ in Int64.random(in: 0..<3_600_000, using: &random) })).sorted()
        // Taken from the end.
        var offsets = inTimeOrder ? times.reversed() : times.shuffled(using: &random)
        for (camera, frame) in [("lobby", (640, 480)), ("dock", (320, 240))] {
            let size = try FrameSize(width: frame.0, height: frame.1)
            for _ in 0..<(perCamera / batchSize) {
                var batch: [Detection] = []
                for _ in 0..<batchSize {
                    guard let offset = offsets.popLast() else { break }
                    let width = Double(Int.random(in: 4...(frame.0 / 3), using: &random))
                    let height = Double(Int.random(in: 4...(frame.1 / 2), using: &random))
                    let x = Double(Int.random(in: 0...(frame.0 - Int(width)), using: &random)) + random.pick([0, 0.5])
                    let y = Double(Int.random(in: 0...(frame.1 - Int(height)), using: &random))
                    let box = Rect(x: min(x, Double(frame.0) - width), y: y, width: width, height: height)
                    batch.append(
                        detection(
                            at: offset, box, label: random.pick(["person", "person", "car"]),
                            score: Double(Int.random(in: 0...100, using: &random)) / 100,
                            track: random.chance(0.85) ? Int.random(in: 0..<12, using: &random) : nil))
                }
                _ = try await backend.request(
                    .publish(topic: "detections/hq/\(camera)", type: "batch", data: try batchJSON(camera: camera, frame: frame, batch)))
                items += batch.map { Item(camera: camera, frame: size, detection: $0) }
            }
        }
        await backend.close()
        return GeneratedDetections(items: items)
    }

    /// What a query selects, as an `roi` or `timeline` query's data says it.
    struct Query {
        var cameras: [String]
        /// Offsets into the tests' hour.
        var from: Int64
        var to: Int64
        /// Nil: whole cameras (a timeline without regions).
        var regions: [RegionOfInterest]?
        var regionJSON: [JSONValue]
        var view: FrameSize?
        var matchAll: Bool
        var intensity: Double?
        var anchor: String
        var labels: [String]?
        var minScore: Double

        var json: [String: JSONValue] {
            var data: [String: JSONValue] = [
                "cameras": .array(cameras.map(JSONValue.string)), "from": .number(Double(detectionTime(from))),
                "to": .number(Double(detectionTime(to))),
                "match": matchAll ? "all" : "any", "minScore": .number(minScore),
                "rule": intensity.map { ["intensity": .number($0)] } ?? ["anchor": .string(anchor)],
            ]
            data["regions"] = regions.map { _ in .array(regionJSON) }
            data["labels"] = labels.map { .array($0.map(JSONValue.string)) }
            data["view"] = view.map { ["width": .number(Double($0.width)), "height": .number(Double($0.height))] }
            return data
        }

        static func random(_ random: inout SeededRandom) -> Query {
            let view = random.chance(0.3) ? try? FrameSize(width: 1280, height: 960) : nil
            let (width, height) = view.map { (Double($0.width), Double($0.height)) } ?? (640, 480)
            var regions: [RegionOfInterest] = []
            var regionJSON: [JSONValue] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let center = Point(x: random.uniform(0...width), y: random.uniform(0...height))
                if random.chance(0.5) {
                    let rect = Rect(x: center.x, y: center.y, width: random.uniform(20...width / 2), height: random.uniform(20...height / 2))
                    regions.append(.rect(rect))
                    regionJSON.append([
                        "rect": ["x": .number(rect.x), "y": .number(rect.y), "width": .number(rect.width), "height": .number(rect.height)]
                    ])
                } else {
                    // A star around a centre: vertices by increasing angle make a simple polygon.
                    let angles = (0..<Int.random(in: 3...9, using: &random)).map { _ in random.uniform(0...(2 * Double.pi)) }.sorted()
                    let points = angles.map { angle in
                        let radius = random.uniform(10...min(width, height) / 2)
                        return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
                    }
                    guard let polygon = try? Polygon(points) else { continue }
                    regions.append(.polygon(polygon))
                    regionJSON.append(["polygon": .array(polygon.vertices.map { ["x": .number($0.x), "y": .number($0.y)] })])
                }
            }
            if regions.isEmpty {
                regions = [.rect(Rect(x: 0, y: 0, width: width, height: height))]
                regionJSON = [["rect": ["x": 0, "y": 0, "width": .number(width), "height": .number(height)]]]
            }
            let from = Int64.random(in: 0..<2_400_000, using: &random)
            return Query(
                cameras: random.pick([["lobby"], ["dock"], ["lobby", "dock"]]),
                from: from, to: from + max(1, Int64.random(in: 1...3_600_000, using: &random) / random.pick([1, 1, 1, 1000])),
                regions: regions, regionJSON: regionJSON, view: view, matchAll: random.chance(0.3),
                intensity: random.chance(0.6) ? random.pick([0, 0.25, 0.5, 1, random.uniform(0...1)]) : nil,
                anchor: random.pick(["bottom-center", "center"]), labels: random.chance(0.3) ? ["person"] : nil,
                minScore: random.chance(0.3) ? 0.5 : 0)
        }
    }

    /// Every published detection the query selects, found one by one.
    func matches(_ query: Query) -> [Match] {
        var matches: [Match] = []
        for item in items where query.cameras.contains(item.camera) {
            let ts = item.detection.milliseconds
            guard ts >= detectionTime(query.from), ts < detectionTime(query.to), item.detection.score >= query.minScore,
                query.labels?.contains(item.detection.label) ?? true
            else { continue }
            guard let unscaled = query.regions else {
                matches.append(Match(camera: item.camera, detection: item.detection, intensity: 1))
                continue
            }
            let regions = query.view.map { view in unscaled.map(FrameScaling(from: view, to: item.frame).apply) } ?? unscaled
            let box = item.detection.box
            let inside = regions.map { region in
                if let least = query.intensity {
                    let intensity = region.intensity(of: box)
                    return intensity > 0 && intensity >= least
                }
                let point =
                    query.anchor == "center"
                    ? Point(x: box.x + box.width / 2, y: box.y + box.height / 2) : Point(x: box.x + box.width / 2, y: box.y + box.height)
                return region.contains(point)
            }
            let intensities = regions.map { $0.intensity(of: box) }
            if query.matchAll {
                guard inside.allSatisfy({ $0 }) else { continue }
                matches.append(Match(camera: item.camera, detection: item.detection, intensity: intensities.min()!))
            } else {
                guard inside.contains(true) else { continue }
                matches.append(Match(camera: item.camera, detection: item.detection, intensity: zip(inside, intensities).filter(\.0).map(\.1).max()!))
            }
        }
        return matches
    }
}
