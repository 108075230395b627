import Foundation
import Testing

/// The browser layer: the hub's pages driven in headless Chromium from Debian (`chromium`,
/// `chromium-driver`) against a real hub, each suite of this folder nested here so that it takes
/// these traits. It runs with VIGIL_BROWSER_TESTS=1, where a missing browser fails; a plain
/// `swift test` leaves it out and stays a couple of minutes on two cores, since these suites
/// alone cost as much CPU as the rest of the hub's tests together. `.ci/run` runs it on its own
/// (`--filter VigilServerTests.BrowserTests`) and again with the stores in PostgreSQL.
@Suite(
    .timeLimit(.minutes(10)),
    .enabled(if: ProcessInfo.processInfo.environment["VIGIL_BROWSER_TESTS"] == "1", "the browser layer: VIGIL_BROWSER_TESTS=1 swift test runs it"))
enum BrowserTests {}
