import ArgumentParser
import Foundation
import VigilClient
import VigilCore

/// `vigil push`: what the signed-in person wants pushed to their phones (docs/protocol.md §6.10).
/// A phone itself is registered by its browser, from the guard view's "Notify me on this phone".
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push", abstract: "Web Push to your phones: what is sent and when.", subcommands: [Settings.self])

    struct Settings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Show or change your push settings on a site, e.g. `vigil push settings hq --quiet 22:00-06:00 --escalations-break-through true`.",
            discussion:
                "Options left out keep what was set. Quiet hours are read at a fixed offset from UTC: --utc-offset, in minutes (this machine's offset when not given)."
        )
        @Argument(help: "The site.") var site: String
        @Option(help: "Push nothing of this kind (escalation); repeat for more.") var mute: [PushSettings.Kind] = []
        @Option(help: "Push this kind again; repeat for more.") var unmute: [PushSettings.Kind] = []
        @Option(help: "Quiet hours, FROM-TO in 24-hour times (22:00-06:00).") var quiet: String?
        @Flag(help: "No quiet hours.") var noQuiet = false
        @Option(help: "Your clock's offset from UTC in minutes, for the quiet hours (60 for UTC+1).") var utcOffset: Int?
        @Option(help: "Whether escalations are pushed during quiet hours: true or false.") var escalationsBreakThrough: Bool?
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await withHub(connection, command: "push settings") { client in
                var settings = try await client.pushSettings(site: site)
                let changed = try apply(to: &settings)
                if changed { try await client.setPushSettings(settings, site: site) }
                say(Self.line(for: settings, site: site))
            }
        }

        /// Applies the options to `settings`; whether any was given.
        func apply(to settings: inout PushSettings) throws -> Bool {
            settings.muted = PushSettings.Kind.allCases.filter { (settings.muted.contains($0) || mute.contains($0)) && !unmute.contains($0) }
            if noQuiet { settings.quietHours = nil }
            if let quiet {
                let ends = quiet.split(separator: "-").map(String.init)
                guard ends.count == 2 else { throw ValidationError("--quiet is FROM-TO, e.g. 22:00-06:00") }
                settings.quietHours = .init(
                    from: ends[0], to: ends[1], utcOffsetMinutes: utcOffset ?? TimeZone.current.secondsFromGMT() / 60)
            } else if let utcOffset {
                settings.quietHours?.utcOffsetMinutes = utcOffset
            }
            if let escalationsBreakThrough { settings.escalationsBreakThrough = escalationsBreakThrough }
            return !mute.isEmpty || !unmute.isEmpty || noQuiet || quiet != nil || utcOffset != nil || escalationsBreakThrough != nil
        }

        /// `hq: escalation pushed; quiet 22:00-06:00 at UTC+60 min, escalations break through`.
        static func line(for settings: PushSettings, site: String) -> String {
            let kinds = PushSettings.Kind.allCases.map { "\($0.rawValue) \(settings.muted.contains($0) ? "muted" : "pushed")" }
            var parts = ["\(site): " + kinds.joined(separator: ", ")]
            if let quiet = settings.quietHours {
                let offset = quiet.utcOffsetMinutes
                parts.append(
                    "quiet \(quiet.from)-\(quiet.to) at UTC\(offset < 0 ? "-" : "+")\(abs(offset)) min, escalations "
                        + (settings.escalationsBreakThrough ? "break through" : "wait"))
            } else {
                parts.append("no quiet hours")
            }
            return parts.joined(separator: "; ")
        }
    }
}

extension PushSettings.Kind: ExpressibleByArgument {}
