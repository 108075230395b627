import ArgumentParser
import Foundation
import VigilClient
import VigilCore

/// `vigil chat`: say something in a room (with pictures), follow a room, search a site's rooms.
/// A room is written `site/room` (`hq/control`).
struct ChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat", abstract: "Chat in a site's rooms from a script or a terminal.", subcommands: [Say.self, Tail.self, Search.self])

    /// `hq/control` -> `chat/hq/control`.
    static func topic(of room: String) throws -> String {
        let (site, name) = try siteAndName(room, what: "room", example: "hq/control")
        return "chat/\(site)/\(name)"
    }

    /// One line per message: time, author, text and what is attached.
    static func line(for message: ChatMessage, edited: Bool = false) -> String {
        let time = Date(timeIntervalSince1970: Double(message.postedAt) / 1000).formatted(date: .omitted, time: .standard)
        if message.deleted == true { return "\(time) \(message.author): (deleted)" }
        var text = message.text ?? ""
        let pictures = message.attachments?.count ?? 0
        if pictures > 0 { text += " [\(pictures) picture\(pictures == 1 ? "" : "s")]" }
        if message.urgent != nil { text = "URGENT " + text }
        if edited { text += " (edited)" }
        return "\(time) \(message.author): \(text)"
    }

    struct Say: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Post a message, with image files attached.")
        @Argument(help: "The room, site/room (e.g. hq/control).") var room: String
        @Argument(help: "The text (may be empty when pictures are attached).") var text: String = ""
        @Option(name: .customLong("attach"), help: "A JPEG, PNG or WebP file to attach; repeat for more.") var images: [String] = []
        @Flag(help: "Ask every recipient to acknowledge; repeated until they do.") var urgent = false
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            let topic = try ChatCommand.topic(of: room)
            try await withHub(connection, command: "chat say") { client in
                let message = try await client.say(
                    in: topic, text: text.isEmpty ? nil : text, images: images.map { URL(fileURLWithPath: $0) }, urgent: urgent)
                say("ok \(message.id) seq \(message.seq)")
            }
        }
    }

    struct Tail: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a room's latest messages, then each new one as it comes.")
        @Argument(help: "The room, site/room (e.g. hq/control).") var room: String
        @Option(help: "Exit after this many new messages.") var count: Int?
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            let topic = try ChatCommand.topic(of: room)
            try await withHub(connection, command: "chat tail") { client in
                var received = 0
                for try await event in try await client.subscribe(topic) {
                    if event.type == "state" {
                        for message in try event.data.decode(ChatMessagePage.self).messages { say(ChatCommand.line(for: message)) }
                        continue
                    }
                    switch ChatEventType(rawValue: event.type) {
                    case .messagePosted?, .messageEdited?:
                        say(
                            ChatCommand.line(
                                for: try event.data.decode(
                                    ChatMessageEvent.self
                                ).message, edited: event.type == ChatEventType.messageEdited.rawValue))
                    case .messageDeleted?:
                        say("\(event.data["by"]?.stringValue ?? "?") deleted \(event.data["message"]?.stringValue ?? "?")")
                    default:
                        continue
                    }
                    received += 1
                    if let count, received >= count { break }
                }
            }
        }
    }

    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Find messages of a site's rooms by their words, newest first.")
        @Argument(help: "The site.") var site: String
        @Argument(help: "The words.") var words: String
        @Option(help: "How many messages.") var limit = 20
        @OptionGroup var connection: ConnectionOptions

        func run() async throws {
            try await withHub(connection, command: "chat search") { client in
                for message in try await client.searchChat(site: site, for: words, limit: limit).messages {
                    say("\(message.room) \(ChatCommand.line(for: message))")
                }
            }
        }
    }
}
