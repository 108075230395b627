import ArgumentParser
import VigilCore
import VigilDetections
import VigilDomains
import VigilHub
import VigilStore

struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site", abstract: "Create, change and list sites.", subcommands: [Create.self, Set.self, List.self])

    /// How long alerts wait before escalating and how long a visit outlasts its last motion.
    struct TimingOptions: ParsableArguments {
        @Option(help: "Escalate an alert left unacknowledged this long (e.g. 2m; default 2m).") var escalateAfter: String?
        @Option(help: "End a visit after this long without motion (e.g. 1m; default 1m).") var quietAfter: String?

        func validate() throws {
            for (flag, value) in [("--escalate-after", escalateAfter), ("--quiet-after", quietAfter)] {
                if let value, DurationText.milliseconds(value) == nil {
                    throw ValidationError("\(flag) takes a duration such as 30s, 2m or 1h")
                }
            }
        }

        func applied(to timings: SiteTimings) -> SiteTimings {
            SiteTimings(
                escalateAfterMs: escalateAfter.flatMap(DurationText.milliseconds) ?? timings.escalateAfterMs,
                quietAfterMs: quietAfter.flatMap(DurationText.milliseconds) ?? timings.quietAfterMs)
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a site, e.g. `vigil site create hq`.")
        @Argument(help: "Site id: letters, digits, - _ . (it becomes a topic segment, as in notice/hq).") var id: String
        @Option(help: "Display name (default: the id).") var name: String?
        @OptionGroup var timings: TimingOptions
        @OptionGroup var store: StoreOptions

        func validate() throws {
            // A site id becomes a topic segment (notice/hq), so it follows the topic rules.
            guard Topic.isValidSegment(id) else {
                throw ValidationError("a site id is 1-64 characters of A-Z a-z 0-9 - _ .")
            }
        }

        func run() throws {
            let site = try SiteRepository(database: store.open()).create(
                id: id, name: name ?? id, at: SystemClock().milliseconds(), timings: timings.applied(to: .standard), by: .commandLine())
            print("site \(site.id) created")
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a site's timings, e.g. `vigil site set hq --escalate-after 90s --keep-detections 7d`; a running hub follows at once.")
        @Argument(help: "Site id.") var id: String
        @OptionGroup var timings: TimingOptions
        @Option(help: "Keep the site's detections this long (e.g. 7d; from 1m to 365d; default 30d).") var keepDetections: String?
        @Option(
            help:
                """
                Keep a kind's events this long or this many a topic, e.g. notice=7d, chat=100000, alerts=90d,50000, \
                notice=forever (the default); repeat for several kinds.
                """
        )
        var keepEvents: [String] = []
        @OptionGroup var store: StoreOptions

        func validate() throws {
            if let keepDetections, DurationText.milliseconds(keepDetections).map(DetectionRetention.keepRange.contains) != true {
                throw ValidationError("--keep-detections takes a duration from 1m to 365d, such as 7d")
            }
            for text in keepEvents { _ = try EventRetentionOption.parse(text, site: id) }
        }

        func run() throws {
            let database = try store.open()
            let sites = SiteRepository(database: database)
            guard let site = try sites.find(id) else { throw ValidationError("there is no site \(id)") }
            let changed = timings.applied(to: site.timings)
            try sites.setTimings(of: id, changed, by: (.commandLine(), SystemClock().milliseconds()))
            if let keepMs = keepDetections.flatMap(DurationText.milliseconds) {
                try DetectionRetention.set(keepMs, of: id, in: database)
            }
            let retention = EventRetention(database: database)
            for text in keepEvents { try retention.set(try EventRetentionOption.parse(text, site: id)) }
            let rules = try retention.rules(of: id).map(EventRetentionOption.describe)
            print(
                "site \(id): escalate after \(DurationText.text(changed.escalateAfterMs)), quiet after \(DurationText.text(changed.quietAfterMs)),"
                    + " keep detections \(DurationText.text(try DetectionRetention.keepMs(of: id, in: database))),"
                    + " keep events \(rules.isEmpty ? "for ever" : rules.joined(separator: ", "))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List sites.")
        @OptionGroup var store: StoreOptions

        func run() throws {
            for site in try SiteRepository(database: store.open()).all() {
                print(
                    "\(site.id)\t\(site.name)\tescalate after \(DurationText.text(site.timings.escalateAfterMs))\tquiet after \(DurationText.text(site.timings.quietAfterMs))"
                )
            }
        }
    }
}
