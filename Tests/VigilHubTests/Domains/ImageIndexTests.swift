import Foundation
import Testing
import VigilAppearances
import VigilCore
import VigilDetections
import VigilDomains
import VigilHub
import VigilTestSupport

/// The image query answered by the appearance index against a brute-force ranking of the same
/// generated detections, and against the exact scan of the store, on data made to be hard for a
/// quantised first pass: clusters of near-identical directions, exact copies, equal times.
@Suite(.timeLimit(.minutes(10))) struct ImageIndexTests {
    private static let topology: JSONValue = [
        "cameras": [
            [
                "id": "lobby", "floor": 0, "frameSize": ["width": 640, "height": 480], "position": ["x": 0, "y": 0],
                "neighbours": ["right": "dock"], "reminderNotice": "", "animationStyle": "",
            ],
            [
                "id": "dock", "floor": 0, "frameSize": ["width": 640, "height": 480], "position": ["x": 640, "y": 0],
                "neighbours": ["left": "lobby", "right": "roof"], "reminderNotice": "", "animationStyle": "",
            ],
            [
                "id": "roof", "floor": 1, "frameSize": ["width": 640, "height": 480], "position": ["x": 0, "y": 480],
                "neighbours": ["left": "dock"], "reminderNotice": "", "animationStyle": "",
            ],
        ]
    ]
    private static let cameras = ["lobby", "dock", "roof"]
    private static let dimensions = 16

    /// A detection as the hub stored it.
    struct Stored {
        let id: Int64
        let camera: String
        let detection: Detection

        var ts: Int64 { detection.milliseconds }
        var track: Int? { detection.trackID }
        var vector: [Float] { detection.appearance ?? [] }
    }

    /// What the tests generate and store, and the brute-force answer over it.
    struct Site {
        var stored: [Stored] = []
        var random = SeededRandom(seed: 71)
        let centres: [[Float]]
        let start: Int64

        init(start: Int64) {
            self.start = start
            var random = SeededRandom(seed: 7)
            centres = (0..<5).map { _ in (0..<ImageIndexTests.dimensions).map { _ in Float(random.uniform(-1...1)) } }
        }

        /// Near a centre: scaled (the same direction up to rounding), nudged below what 8-bit codes
        /// can tell apart, copied exactly, or now and then without direction.
        mutating func vector() -> [Float] {
            if random.chance(0.03) { return [Float](repeating: 0, count: ImageIndexTests.dimensions) }
            if random.chance(0.2), let copied = stored.randomElement(using: &random) { return copied.vector }
            let scale = Float(random.uniform(0.5...2))
            let nudge = random.chance(0.5) ? 0 : 1e-4
            return random.pick(centres).map { $0 * scale + Float(random.uniform(-nudge...nudge)) }
        }

        mutating func batch(camera: String, count: Int) -> [Detection] {
            (0..<count).map { _ in
                let at =
                    start + Int64.random(in: 0..<60, using: &random) * 60_000
                    + (random.chance(0.5) ? 0 : Int64.random(in: 0..<60_000, using: &random))
                return Detection(
                    time: Date(timeIntervalSince1970: Double(at) / 1000), box: Rect(x: 10, y: 10, width: 20, height: 40), label: "person", score: 0.9,
                    trackID: random.chance(0.8) ? Int.random(in: 0..<6, using: &random) : nil, appearance: vector())
            }
        }

        /// A random `similar` query and the answer a brute-force ranking gives, detections before `cutoff` gone.
        mutating func question(cutoff: Int64 = .min) -> (JSONValue, [JSONValue]) {
            var data: [String: JSONValue] = [:]
            let example: [Float]
            var excluded: Int64?
            switch Int.random(in: 0..<3, using: &random) {
            case 0:
                example = vector().map { $0 + 0.01 }
                data["vector"] = .array(example.map { .number(Double($0)) })
            default:
                let chosen = random.pick(stored.filter { $0.vector.contains { $0 != 0 } && $0.ts >= cutoff })
                (example, excluded) = (chosen.vector, chosen.id)
                data["detection"] = .number(Double(chosen.id))
            }
            let from = start + Int64.random(in: -60_000...1_800_000, using: &random)
            let to = random.chance(0.3) ? start + 3_600_000 : from + Int64.random(in: 1...3_600_000, using: &random)
            let (k, grouped) = (random.pick([1, 3, 10, 50]), random.chance(0.7))
            data.merge(["from": .number(Double(from)), "to": .number(Double(to)), "k": .number(Double(k)), "group": grouped ? "track" : "none"]) {
                $1
            }
            var cameras = ImageIndexTests.cameras
            if random.chance(0.25) {
                (data["near"], cameras) = ("dock", ["lobby", "roof"])
            } else if random.chance(0.3) {
                (data["cameras"], cameras) = (["roof", "lobby"], ["roof", "lobby"])
            }
            let measured = stored.filter { cameras.contains($0.camera) && $0.ts >= max(from, cutoff) && $0.ts < to && $0.id != excluded }
                .compactMap { item in cosine(example, item.vector).map { (item, $0) } }
            let groups = Dictionary(grouping: measured) { item in
                grouped ? item.0.track.map { "\(item.0.camera)#\($0)" } ?? "id\(item.0.id)" : "id\(item.0.id)"
            }
            func precedes(_ a: (Stored, Double), _ b: (Stored, Double)) -> Bool { (a.1, -a.0.ts, -a.0.id) > (b.1, -b.0.ts, -b.0.id) }
            let answer = groups.values.map { members in (members.min(by: precedes)!, members) }
                .sorted { precedes($0.0, $1.0) }.prefix(k)
                .map { best, members -> JSONValue in
                    [
                        "id": .number(Double(best.0.id)), "similarity": .number(best.1), "first": .number(Double(members.map(\.0.ts).min()!)),
                        "last": .number(Double(members.map(\.0.ts).max()!)), "count": .number(Double(members.count)),
                    ]
                }
            return (.object(data), answer)
        }

        private func cosine(_ a: [Float], _ b: [Float]) -> Double? {
            let norm = sqrt(a.reduce(0) { $0 + Double($1) * Double($1) })
            var dot = 0.0
            var squares = 0.0
            for index in a.indices {
                dot += Double(a[index]) * Double(b[index])
                squares += Double(b[index]) * Double(b[index])
            }
            return squares > 0 ? dot / (norm * sqrt(squares)) : nil
        }
    }

    @Test(arguments: StoreBackEnd.available) func theIndexAnswersAsABruteForceRankingAndTheScanDoAsDetectionsComeAndAgeOut(_ backEnd: StoreBackEnd)
        async throws
    {
        let engine = try await Engine.start(on: backEnd)
        let room = try await watch(engine)
        var site = Site(start: engine.clock.milliseconds() - 3_600_000)

        try await store(4, into: &site, as: room)
        try await ask(30, of: &site, engine: engine, as: room, "loaded from the store by the first query")
        try await store(4, into: &site, as: room)
        let refused = try await batchJSON(camera: "lobby", width: 320, site.batch(camera: "lobby", count: 30))
        #expect(await refusal { _ = try await room.publish("detections/hq/lobby", "batch", refused) } == .invalidData)
        try await ask(30, of: &site, engine: engine, as: room, "kept current by commits, a refused batch left out")

        // Forty minutes kept: the next batch prunes the first third of the hour (all of it: fewer
        // rows than a chunk), and the index forgets it at the same cut-off.
        try await offThePool { [database = engine.database] in try DetectionRetention.set(2_400_000, of: "hq", in: database) }
        let cutoff = engine.clock.milliseconds() - 2_400_000
        try await store(1, into: &site, as: room, keptFrom: cutoff)
        try await ask(20, of: &site, engine: engine, as: room, "past the retention", cutoff: cutoff)
    }

    /// Past the memory a site's appearance index may keep (here one block of 16,384), its oldest
    /// vectors are let go (a first load reads only the newest that fit): a query measures the part
    /// of its window older than the index holds in the store, and still answers as the brute force
    /// and the exact scan do.
    @Test(arguments: StoreBackEnd.available) func theIndexAnswersAsABruteForceRankingAndTheScanDoWhenTheVectorsOutgrowTheMemoryAllowed(
        _ backEnd: StoreBackEnd
    ) async throws {
        let engine = try await Engine.start(
            on: backEnd,
            tweak: {
                $0.indexBytesPerSite = 1
                $0.maxFrameBytes = 1 << 20
            })
        let room = try await watch(engine)
        var site = Site(start: engine.clock.milliseconds() - 3_600_000)

        try await store(17, of: 1_000, into: &site, as: room)
        try await ask(12, of: &site, engine: engine, as: room, "loaded by the first query, the newest block of them")
        try await store(2, of: 1_000, into: &site, as: room)
        try await ask(12, of: &site, engine: engine, as: room, "the oldest block let go as commits add")
    }

    /// An admin of the engine's site hq, its cameras imported, watching their detections (`store`
    /// reads the ids each batch was given from them).
    private func watch(_ engine: Engine) async throws -> Connection {
        let room = try await engine.connect("admin")
        _ = try await room.publish("cameras/hq", "topology", Self.topology)
        _ = try await room.request(.subscribe(topic: "detections/hq/+", since: nil))
        return room
    }

    /// Stores `batches` batches of `size` on random cameras; the ids are those the overlay is told,
    /// which leaves out the detections already past the retention (`keptFrom`): the hub drops them.
    private func store(_ batches: Int, of size: Int = 40, into site: inout Site, as room: Connection, keptFrom cutoff: Int64 = .min) async throws {
        for _ in 0..<batches {
            let camera = site.random.pick(Self.cameras)
            let batch = site.batch(camera: camera, count: size)
            _ = try await room.publish("detections/hq/\(camera)", "batch", try batchJSON(camera: camera, width: 640, batch))
            let ids = try await room.nextEvent().data["detections"]?.arrayValue?.compactMap { $0["id"]?.numberValue.map(Int64.init) } ?? []
            let kept = batch.filter { $0.milliseconds >= cutoff }
            #expect(ids.count == kept.count, "the overlay tells every detection kept, and only those")
            site.stored += zip(ids, kept).map { Stored(id: $0, camera: camera, detection: $1) }
        }
    }

    private func ask(_ count: Int, of site: inout Site, engine: Engine, as room: Connection, _ stage: String, cutoff: Int64 = .min) async throws {
        for round in 0..<count {
            let (data, expected) = site.question(cutoff: cutoff)
            let answer = try await room.request(.query(topic: "detections/hq", type: "similar", data: data))["result"]?["results"]?.arrayValue ?? []
            let got = answer.map { result in
                JSONValue.object(result.objectValue?.filter { ["id", "similarity", "first", "last", "count"].contains($0.key) } ?? [:])
            }
            #expect(got == expected, "\(stage), round \(round): \(data)")
            let scanned = try await ImageScan.answer(data, site: "hq", in: engine.database)["results"]?.arrayValue ?? []
            #expect(answer == scanned, "\(stage), round \(round): the exact scan agrees")
        }
    }

    private func batchJSON(camera: String, width: Int, _ detections: [Detection]) throws -> JSONValue {
        let batch = try DetectionBatch(camera: camera, frameSize: FrameSize(width: width, height: 480), detections: detections)
        return try JSONValue(parsing: DetectionBatchJSON.write(batch))
    }
}
