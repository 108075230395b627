import Foundation
import Glibc
import Testing
import VigilTestSupport

/// The spawner every process-starting test relies on: it reports how a program ended and gives
/// the child nothing of the test process but its three standard descriptors.
@Suite struct ChildProcessTests {
    @Test func aChildSeesOnlyItsStandardDescriptors() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0, "a pipe without close-on-exec, as a careless library makes one")
        defer { ends.forEach { close($0) } }
        let listing = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-fds-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: listing) }
        let child = try ChildProcess("/bin/sh", ["-c", "ls /proc/$$/fd"], standardOutput: .file(listing))
        #expect(child.waitUntilExit() == 0)
        let descriptors = try String(contentsOfFile: listing, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
        #expect(descriptors == [0, 1, 2], "only standard input, output and error: \(descriptors)")
        #expect(!descriptors.contains(Int(ends[0])) && !descriptors.contains(Int(ends[1])))
    }

    @Test func theStatusTellsAnExitCodeFromASignal() throws {
        #expect(try ChildProcess("/bin/sh", ["-c", "exit 3"]).waitUntilExit() == 3)
        let sleeper = try ChildProcess("/bin/sleep", ["30"])
        #expect(sleeper.isRunning && sleeper.terminationStatus == nil)
        sleeper.send(SIGKILL)
        #expect(sleeper.waitUntilExit() == 128 + SIGKILL)
        #expect(!sleeper.isRunning)
    }
}
