import ArgumentParser
import Foundation
import VigilDomains
import VigilStore

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store", abstract: "Move a hub's store between back ends.", subcommands: [Copy.self])

    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy a whole SQLite store into an empty PostgreSQL database, so that clients resume across the move.",
            discussion: """
                Stop the hub first: what it writes during the copy would not be copied. The copy keeps the store's epoch, every \
                event under its seq, every domain's rows and the thumbnails; then start the hub with --database and the same URL.
                """)
        @Option(help: "The SQLite file, e.g. data/vigil.sqlite.") var from: String
        @Option(help: "The PostgreSQL database, postgres://USER@HOST:PORT/DATABASE (made empty, e.g. by createdb).") var to: String

        func validate() throws {
            guard FileManager.default.fileExists(atPath: from) else { throw ValidationError("no SQLite file at \(from)") }
            guard PostgresLocation.isPostgres(to) else { throw ValidationError("--to takes a postgres:// URL") }
        }

        func run() throws {
            let source = try VigilDatabase(path: from, migrations: Domains.migrations)
            let destination = try PostgresDatabase(location: PostgresLocation(url: to), migrations: Domains.migrations)
            let counts = try StoreCopy.copy(from: source, to: destination)
            for count in counts where count.rows > 0 {
                print("\(count.table): \(count.rows)")
            }
            print("copied \(counts.reduce(0) { $0 + $1.rows }) rows of \(counts.count) tables; epoch \(source.epoch)")
        }
    }
}
