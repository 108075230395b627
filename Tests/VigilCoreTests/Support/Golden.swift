import Foundation
import Testing

/// Golden files shipped with the tests (`Tests/VigilCoreTests/Golden`).
enum Golden {
    static func data(_ name: String) throws -> Data {
        let base = try #require(Bundle.module.resourceURL).appendingPathComponent("Golden")
        return try Data(contentsOf: base.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }
}
