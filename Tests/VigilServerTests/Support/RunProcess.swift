import Foundation
import VigilTestSupport

/// Runs a program to its end and returns its exit status and standard output.
///
/// Output goes through a temporary file, not a pipe: a pipe's write end can leak into a hub
/// process that another test starts at the same moment, and then the reader never sees the end.
func runProcess(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let run = try runProcessTellingErrors(executable, arguments)
    return (run.status, run.output)
}

/// Runs a program to its end: its exit status, standard output and standard error.
func runProcessTellingErrors(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
    let files = ["output", "errors"].map { FileManager.default.temporaryDirectory.appendingPathComponent("vigil-\($0)-\(UUID().uuidString)") }
    defer { for file in files { try? FileManager.default.removeItem(at: file) } }
    let process = try ChildProcess(executable.path, arguments, standardOutput: .file(files[0].path), standardError: .file(files[1].path))
    let status = process.waitUntilExit()
    return (status, try String(contentsOf: files[0], encoding: .utf8), try String(contentsOf: files[1], encoding: .utf8))
}

/// Runs the `vigil` command line on a thread of its own: status and standard output.
func runVigil(_ arguments: [String]) async throws -> (status: Int32, output: String) {
    try await offThePool { try runProcess(HubProcess.executable, arguments) }
}

/// Runs the `vigil` command line on a thread of its own: status, standard output and standard error.
func runVigilTellingErrors(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
    try await offThePool { try runProcessTellingErrors(HubProcess.executable, arguments) }
}
