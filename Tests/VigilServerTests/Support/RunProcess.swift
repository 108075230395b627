import Foundation
import VigilTestSupport

/// Runs a program to its end and returns its exit status and standard output.
///
/// Output goes through a temporary file, not a pipe: a pipe's write end can leak into a hub
/// process that another test starts at the same moment, and then the reader never sees the end.
func runProcess(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-output-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outputFile) }
    let output = try FileHandle(forWritingTo: outputFile)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = output
    try process.run()
    process.waitUntilExit()
    try output.close()
    return (process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8))
}

/// Runs the `vigil` command line on a thread of its own: status and standard output.
func runVigil(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    try await offThePool { try runProcess(HubProcess.executable, arguments) }
}
