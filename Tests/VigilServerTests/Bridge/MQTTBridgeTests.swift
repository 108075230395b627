import Foundation
import Testing
import VigilClient
import VigilCore
import VigilTestSupport

/// `vigil bridge mqtt` between a real Mosquitto, with `mosquitto_pub` as the Smartguard PIR
/// sensor, and a real hub over TLS: each message raises one alert at the site, with its snapshot,
/// across a broker restart and a connection cut before the acknowledgement.
@Suite(.timeLimit(.minutes(10))) struct MQTTBridgeTests {
    /// TLS to the broker and a password, as a deployment's broker asks; the broker restarts between
    /// two motions and the bridge comes back to the session it kept.
    @Test func motionRaisesAlertsWithSnapshotsAcrossABrokerRestart() async throws {
        try await withHub { hub in
            let certificates = hub.configuration.certificateDirectory
            let broker = try Mosquitto(
                tls: (
                    hub.caFile, certificates.appendingPathComponent("vigil-dev-server.pem").path,
                    certificates.appendingPathComponent("vigil-dev-server-key.pem").path
                ),
                credentials: ("vigil", "s3cret pass"))
            try await broker.start()
            let passwordFile = broker.directory.appendingPathComponent("bridge-password").path
            try Data("s3cret pass\n".utf8).write(to: URL(fileURLWithPath: passwordFile))
            let bridge = try BridgeProcess([
                "--broker", "localhost:\(broker.port)", "--broker-ca", hub.caFile, "--username", "vigil", "--password-file", passwordFile,
                "--topic", "smartguard/+/motion", "--site", "hq", "--kind", "motion",
                "--url", hub.url, "--token", hub.token("device"), "--ca", hub.caFile,
            ])
            try await bridge.waitForSubscriptions(1)
            let room = hub.client("operator")
            let alerts = try await room.subscribe("alerts/hq")
            _ = try await collect(1, from: alerts)  // the state

            // Smartguard's message: JSON with the camera's snapshot, on the door's own topic.
            let png = try Data(contentsOf: fixtureImage("snapshot.png"))
            let motion = #"{"message":"Motion at the front door","snapshot":"\#(png.base64EncodedString())"}"#
            try await broker.publish("smartguard/front-door/motion", message: motion)
            let first = try await collect(1, from: alerts)[0]
            #expect(first.type == "alert.raised")
            let alert = try #require(first.data["alert"])
            #expect(alert["location"] == "front-door" && alert["kind"] == "motion" && alert["message"] == "Motion at the front door")
            let hash = try #require(alert["thumbnails"]?.arrayValue?.first?.stringValue)
            let saved = hub.directory.appendingPathComponent("served.png")
            let served = try await curl(
                "\(hub.httpsBase)/thumbnails/\(hash)", caFile: hub.caFile, headers: ["Authorization": "Bearer \(hub.token("operator"))"],
                saveBodyTo: saved)
            #expect(served.status == 200)
            #expect(try Data(contentsOf: saved) == png, "the snapshot the hub serves is the sensor's")

            // The broker goes away and comes back with the bridge's session; a JPEG alone is the snapshot.
            await broker.stop()
            try await broker.start()
            try await bridge.waitForSubscriptions(2)
            try await broker.publish("smartguard/back-gate/motion", file: fixtureImage("snapshot.jpg").path)
            let second = try await collect(1, from: alerts)[0]
            #expect(second.type == "alert.raised" && second.data["alert"]?["location"] == "back-gate")
            #expect(second.data["alert"]?["thumbnails"]?.arrayValue?.count == 1)

            // Once each: nothing more came for either message.
            let history = try await room.history(topic: "alerts/hq")
            #expect(history.map(\.type) == ["alert.raised", "alert.raised"], "\(history.map(\.type))")
            await room.close()
            await bridge.stop()
            await broker.stop()
        }
    }

    /// The connection drops after the hub stored the alert but before the broker had the PUBACK:
    /// the broker sends the message again (DUP) on the next connection, and it raises nothing.
    @Test func aMessageSentAgainAfterADropRaisesNoSecondAlert() async throws {
        try await withHub { hub in
            let broker = try Mosquitto()
            try await broker.start()
            let relay = try await MQTTRelay(brokerPort: broker.port)
            let bridge = try BridgeProcess([
                "--broker", "127.0.0.1:\(relay.port)", "--topic", "smartguard/+/motion", "--site", "hq",
                "--url", hub.url, "--token", hub.token("device"), "--ca", hub.caFile,
            ])
            try await bridge.waitForSubscriptions(1)
            try await broker.publish("smartguard/front-door/motion", message: "motion")
            try await bridge.waitForSubscriptions(2)
            try await broker.publish("smartguard/side-door/motion", message: "motion")

            let room = hub.client("operator")
            let resent = await eventually {
                relay.fromBroker.contains { packet in
                    if case .publish(let message) = packet { return message.duplicate && message.topic == "smartguard/front-door/motion" }
                    return false
                }
            }
            #expect(resent, "the broker did not send the message again: the test proves nothing")
            #expect(await eventually { (try? await room.history(topic: "alerts/hq").count) == 2 })
            try await Task.sleep(for: .milliseconds(500))
            let history = try await room.history(topic: "alerts/hq")
            #expect(history.map(\.type) == ["alert.raised", "alert.raised"], "\(history.map(\.type))")
            #expect(history.compactMap { $0.data["alert"]?["location"]?.stringValue } == ["front-door", "side-door"])
            await room.close()
            await bridge.stop()
            await relay.close()
            await broker.stop()
        }
    }

    /// A configuration file of two bridges, two sites and two kinds, on one broker.
    @Test func aConfigurationFileRunsSeveralBridges() async throws {
        try await withHub { hub in
            let broker = try Mosquitto()
            try await broker.start()
            let token = try await hub.issueToken(.device, name: "sensors", sites: ["hq", "depot"])
            let file = broker.directory.appendingPathComponent("bridges.json")
            try Data(
                """
                {"bridges": [
                  {"broker": "127.0.0.1:\(broker.port)", "topics": ["smartguard/+/motion"], "site": "hq", "kind": "motion"},
                  {"broker": "127.0.0.1:\(broker.port)", "topics": ["depot/+/door"], "site": "depot", "kind": "door"}
                ]}
                """.utf8
            ).write(to: file)
            let bridge = try BridgeProcess(["--config", file.path, "--url", hub.url, "--token", token, "--ca", hub.caFile])
            try await bridge.waitForSubscriptions(2)
            try await broker.publish("smartguard/lobby/motion", message: "warm body")
            try await broker.publish("depot/loading-bay/door", message: "forced")

            let admin = hub.client("admin")
            #expect(await eventually { (try? await admin.history(topic: "alerts/depot").count) == 1 })
            #expect(await eventually { (try? await admin.history(topic: "alerts/hq").count) == 1 })
            let depot = try await admin.history(topic: "alerts/depot")[0].data["alert"]
            #expect(depot?["kind"] == "door" && depot?["location"] == "loading-bay" && depot?["message"] == "forced")
            let hq = try await admin.history(topic: "alerts/hq")[0].data["alert"]
            #expect(hq?["kind"] == "motion" && hq?["location"] == "lobby" && hq?["message"] == "warm body")
            await admin.close()
            await bridge.stop()
            await broker.stop()
        }
    }

    /// Settings that cannot make a bridge are refused before anything connects, in words.
    @Test func badSettingsAreRefusedInWords() async throws {
        let directory = try makeScratchDirectory("vigil-bridge-settings")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bridges.json")
        try Data(#"{"bridges": [{"broker": "localhost:1883", "topics": ["a/#/b"], "site": "hq", "kind": "motion"}]}"#.utf8).write(to: file)
        let cases: [([String], String)] = [
            (["--broker", "localhost", "--site", "hq"], "give --broker, --topic and --site"),
            (["--broker", "localhost:0", "--topic", "a/+", "--site", "hq"], "the broker must be HOST:PORT"),
            (["--broker", "localhost:1883", "--topic", "a/b+", "--site", "hq"], "not valid MQTT"),
            (["--config", file.path], "not valid MQTT"),
            (["--config", directory.appendingPathComponent("none.json").path], "is not there"),
        ]
        for (arguments, words) in cases {
            let run = try await runVigilTellingErrors(["bridge", "mqtt"] + arguments + ["--token", "vgl_x", "--url", "wss://127.0.0.1:1/ws"])
            #expect(run.status == 64 && run.errors.contains(words), "\(arguments): \(run.errors)")
        }
    }
}

/// `vigil bridge mqtt` as its own process; its log (standard output) says when it has subscribed.
private final class BridgeProcess: @unchecked Sendable {
    private let output: URL
    private let process: ChildProcess

    init(_ arguments: [String]) throws {
        output = FileManager.default.temporaryDirectory.appendingPathComponent("vigil-bridge-\(UUID().uuidString)")
        process = try ChildProcess(HubProcess.executable.path, ["bridge", "mqtt"] + arguments, standardOutput: .file(output.path))
    }

    var log: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// Waits until the bridge has logged `count` subscriptions in all (one per connection and bridge).
    func waitForSubscriptions(_ count: Int) async throws {
        let subscribed = await eventually(timeout: .seconds(30)) { self.log.components(separatedBy: "subscribed").count - 1 >= count }
        guard subscribed else { throw TimedOut(what: "\(count) subscriptions of the bridge; its log: \(log)") }
    }

    func stop() async {
        process.send(SIGTERM)
        _ = try? await offThePool { self.process.waitUntilExit() }
    }

    deinit {
        if process.isRunning {
            process.send(SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: output)
    }
}
