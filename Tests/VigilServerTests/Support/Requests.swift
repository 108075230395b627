import Foundation
import VigilClient
import VigilCore
import VigilStore
import VigilTestSupport

/// The error code a request was refused with; nil when it succeeded.
func refusalCode(_ body: () async throws -> Void) async -> String? {
    do {
        try await body()
        return nil
    } catch ClientError.refused(let info) {
        return info.code
    } catch {
        return "not a refusal: \(error)"
    }
}

/// A file of the repository's test fixtures, by its path under `Tests/`.
func fixture(_ path: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(path)
}

/// The fixture images: real JPEG, PNG and WebP files.
func fixtureImage(_ name: String) -> URL {
    fixture("VigilCoreTests/Golden/images/\(name)")
}

/// Parses a JSON body.
func json(_ text: String) -> JSONValue {
    (try? JSONValue(parsing: text)) ?? .null
}

extension TestHub {
    /// Uploads a thumbnail file with a token of `role`; returns the HTTP answer.
    func upload(_ file: URL, as role: String = "device") async throws -> CurlResponse {
        try await curl(
            "\(httpsBase)/api/thumbnails", caFile: caFile, method: "POST",
            headers: ["Authorization": "Bearer \(token(role))", "Content-Type": "application/octet-stream"], body: "@\(file.path)")
    }

    /// A JSON API call with a token of `role`.
    func api(_ method: String, _ path: String, as role: String, body: JSONValue? = nil) async throws -> CurlResponse {
        try await api(method, path, bearer: token(role), body: body)
    }

    /// A JSON API call with the token `secret`.
    func api(_ method: String, _ path: String, bearer secret: String, body: JSONValue? = nil) async throws -> CurlResponse {
        var headers = ["Authorization": "Bearer \(secret)"]
        if body != nil { headers["Content-Type"] = "application/json" }
        return try await curl("\(httpsBase)\(path)", caFile: caFile, method: method, headers: headers, body: body?.canonicalText)
    }

    /// Changes a site's timings in the database, as `vigil site set` does while the hub runs.
    func setTimings(of site: String, escalateAfterMs: Int64 = 120_000, quietAfterMs: Int64 = 60_000) async throws {
        try await offThePool { [self] in
            try SiteRepository(database: openStore())
                .setTimings(of: site, SiteTimings(escalateAfterMs: escalateAfterMs, quietAfterMs: quietAfterMs))
        }
    }
}
