import Foundation
import VigilTestSupport

/// A real HTTPS client for the HTTP tests: curl, trusting the hub's development CA.
struct CurlResponse {
    let status: Int
    let headers: [String: String]
    let body: String
}

/// Runs curl on a thread of its own: waiting for a process must not hold one of the few threads
/// that the in-process hub under test runs on.
/// A binary body goes to `saveBodyTo` (the response's `body` is then empty).
func curl(
    _ url: String, caFile: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil, pathAsIs: Bool = false,
    maxTime: Int = 30, saveBodyTo file: URL? = nil
) async throws -> CurlResponse {
    try await offThePool {
        try curlBlocking(url, caFile: caFile, method: method, headers: headers, body: body, pathAsIs: pathAsIs, maxTime: maxTime, file: file)
    }
}

private func curlBlocking(
    _ url: String, caFile: String, method: String, headers: [String: String], body: String?, pathAsIs: Bool, maxTime: Int, file: URL?
) throws -> CurlResponse {
    var arguments = ["-s", "--http1.1", "--max-time", String(maxTime), "--cacert", caFile, "-X", method]
    arguments += file.map { ["-D", "-", "-o", $0.path] } ?? ["-i"]
    if pathAsIs { arguments.append("--path-as-is") }
    for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
    if let body { arguments += ["--data-binary", body] }
    arguments.append(url)
    let (exitStatus, text) = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl"] + arguments)
    guard let split = text.range(of: "\r\n\r\n") else {
        // No answer at all: the body says why, by curl's exit status (7 refused, 28 timed out, 35 TLS, 56 reset).
        return CurlResponse(status: 0, headers: [:], body: "curl exited \(exitStatus) \(text)")
    }
    let headLines = text[..<split.lowerBound].components(separatedBy: "\r\n")
    let status = headLines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    var parsed: [String: String] = [:]
    for line in headLines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        parsed[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return CurlResponse(status: status, headers: parsed, body: String(text[split.upperBound...]))
}

/// The hub's `/metrics`, as name (with labels) to value.
func metricValues(_ hub: TestHub) async throws -> [String: Double] {
    let metrics = try await curl(hub.httpsBase + "/metrics", caFile: hub.caFile)
    return Dictionary(
        metrics.body.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line -> (String, Double)? in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[1]) else { return nil }
            return (String(parts[0]), value)
        }, uniquingKeysWith: { first, _ in first })
}
