import Foundation
import VigilCore

/// Watch zones as a control room draws them over a 640x480 camera: mostly areas (a doorway, a
/// counter, a stretch of fence) of one or two rectangles or polygons of 6 to 16 vertices, some for
/// people only, some for vehicles only, some with a dwell time; and a few lines counting crossings.
enum BenchZones {
    /// The `define` data of `count` zones on `camera`; one in five is a line.
    static func definitions(_ count: Int, camera: String, _ random: inout SeededRandom) -> [JSONValue] {
        (0..<count).map { index in
            var zone: [String: JSONValue] = ["camera": .string(camera)]
            if index % 5 == 4 {
                let from = point(x: random.uniform(20...620), y: random.uniform(80...460))
                let to = point(x: random.uniform(20...620), y: random.uniform(80...460))
                zone["line"] = ["from": from, "to": to]
                if index % 2 == 0 { zone["direction"] = "left-to-right" }
            } else {
                zone["regions"] = .array((0..<(index % 4 == 0 ? 2 : 1)).map { _ in region(&random) })
                if index % 3 == 0 { zone["rule"] = ["intensity": 0.5] }
                if index % 4 == 1 { zone["dwell"] = "30s" }
            }
            switch index % 3 {
            case 0: zone["labels"] = ["person"]
            case 1: zone["labels"] = ["car", "truck"]
            default: break
            }
            return .object(zone)
        }
    }

    /// A rectangle, or a star-shaped polygon (vertices at rising angles around a centre: simple).
    private static func region(_ random: inout SeededRandom) -> JSONValue {
        let (cx, cy) = (random.uniform(80...560), random.uniform(80...400))
        guard Int.random(in: 0..<3, using: &random) > 0 else {
            let (width, height) = (random.uniform(60...160), random.uniform(50...120))
            return [
                "rect": [
                    "x": .number(round(cx - width / 2)), "y": .number(round(cy - height / 2)), "width": .number(round(width)),
                    "height": .number(round(height)),
                ]
            ]
        }
        let vertices = Int.random(in: 6...16, using: &random)
        return [
            "polygon": .array(
                (0..<vertices).map { step in
                    let angle = (Double(step) + random.uniform(0...0.6)) * 2 * Double.pi / Double(vertices)
                    let radius = random.uniform(35...80)
                    return point(x: cx + radius * cos(angle), y: cy + radius * sin(angle))
                })
        ]
    }

    private static func point(x: Double, y: Double) -> JSONValue {
        ["x": .number((x * 10).rounded() / 10), "y": .number((y * 10).rounded() / 10)]
    }
}
