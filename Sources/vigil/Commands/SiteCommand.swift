import ArgumentParser
import VigilCore
import VigilHub
import VigilStore

struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site", abstract: "Create and list sites.", subcommands: [Create.self, List.self])

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a site, e.g. `vigil site create hq`.")
        @Argument(help: "Site id: letters, digits, - _ . (it becomes a topic segment, as in notice/hq).") var id: String
        @Option(help: "Display name (default: the id).") var name: String?
        @OptionGroup var store: StoreOptions

        func validate() throws {
            // A site id becomes a topic segment (notice/hq), so it follows the topic rules.
            guard !id.contains("/"), id != "+", (try? Topic("site/\(id)")) != nil else {
                throw ValidationError("a site id is 1-64 characters of A-Z a-z 0-9 - _ .")
            }
        }

        func run() throws {
            let site = try SiteRepository(database: store.open()).create(id: id, name: name ?? id, at: currentMilliseconds())
            print("site \(site.id) created")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List sites.")
        @OptionGroup var store: StoreOptions

        func run() throws {
            for site in try SiteRepository(database: store.open()).all() {
                print("\(site.id)\t\(site.name)")
            }
        }
    }
}
