import Foundation
import VigilCore
import VigilStore

/// Who a message reaches beyond the room: the people `@name` names, and the recipients of an
/// urgent message. A person is a token name within a site (a person's phone and tablet share one):
/// the names of live tokens that may read the site's chat.
enum ChatPeople {
    /// `@name` where the name is a topic segment and the `@` does not follow a name character
    /// (so `anna@example.com` mentions nobody).
    static func mentionedNames(in text: String) -> [String] {
        var names: [String] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "@", index == 0 || !isNameScalar(scalars[index - 1]) else { continue }
            var end = index + 1
            while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
            // A sentence may end right after a name: "ask @gus."
            while end > index + 1, scalars[end - 1] == "." { end -= 1 }
            let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            if Topic.isValidSegment(name), !names.contains(name) { names.append(name) }
            index = end - 1
        }
        return names
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_" || scalar == ".")
    }

    /// The people `text` mentions who chat on `site`, but not its author.
    static func mentions(in text: String, site: String, by author: String, at now: Int64, in transaction: any DomainTransaction) throws -> [String] {
        let named = mentionedNames(in: text).filter { $0 != author }
        guard !named.isEmpty else { return [] }
        let chatters = try people(of: site, roles: [.admin, .operator, .guard], at: now, in: transaction)
        return named.filter(chatters.contains)
    }

    /// Names of the live tokens of `roles` that cover `site`, sorted.
    static func people(of site: String, roles: [Role], at now: Int64, in transaction: any DomainTransaction) throws -> [String] {
        struct Name: Decodable { var name: String }
        let marks = roles.map { _ in "?" }.joined(separator: ", ")
        let arguments: [any StoreArgument] = roles.map(\.rawValue) + [now, site]
        return try transaction.fetchAll(
            Name.self,
            """
            SELECT DISTINCT t.name FROM tokens t
            WHERE t.role IN (\(marks)) AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > ?)
              AND (t.all_sites = 1 OR EXISTS (SELECT 1 FROM token_sites s WHERE s.token_id = t.id AND s.site_id = ?))
            ORDER BY t.name
            """,
            arguments
        ).map(\.name)
    }
}
