import Foundation
import Testing

/// Every declaration of `Sources/VigilClient` and `Sources/VigilCore` that carries `public` (or `open`)
/// has a `///` doc comment above it; attributes such as `@discardableResult` may stand between the
/// comment and the declaration. `public extension` lines are skipped: an extension is no symbol of its
/// own in the reference. The test lists each undocumented declaration as `file:line`, so that the libraries'
/// reference stays complete as they grow.
struct DocumentationCoverageTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The modifiers that may stand before a declaration's keyword.
    static let modifiers: Set<String> = [
        "public", "open", "static", "final", "nonisolated", "mutating", "nonmutating", "override", "convenience", "required",
        "indirect", "lazy", "weak", "unowned", "dynamic", "consuming", "borrowing", "optional", "prefix", "postfix", "infix",
        "private(set)", "fileprivate(set)", "internal(set)", "package(set)", "public(set)",
    ]

    /// The keywords that begin a declaration.
    static let keywords: Set<String> = [
        "var", "let", "func", "init", "struct", "enum", "class", "protocol", "case", "typealias", "subscript", "actor",
        "associatedtype", "extension", "deinit", "macro", "operator",
    ]

    /// `line` without its leading attributes (`@discardableResult`, `@available(macOS 15, *)`).
    static func droppingAttributes(_ line: Substring) -> Substring {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        while rest.first == "@" {
            var index = rest.index(after: rest.startIndex)
            while index < rest.endIndex, rest[index].isLetter || rest[index].isNumber || rest[index] == "_" {
                index = rest.index(after: index)
            }
            if index < rest.endIndex, rest[index] == "(" {
                guard let close = rest[index...].firstIndex(of: ")") else { return rest }
                index = rest.index(after: close)
            }
            rest = rest[index...].drop { $0 == " " || $0 == "\t" }
        }
        return rest
    }

    /// The keyword of the declaration `line` begins, and whether its modifiers include `public` or
    /// `open`; nil when the line begins no declaration.
    static func declaration(_ line: Substring) -> (keyword: String, isPublic: Bool)? {
        var rest = droppingAttributes(line)
        var isPublic = false
        while true {
            var word = String(rest.prefix { $0.isLetter || $0 == "_" })
            guard !word.isEmpty else { return nil }
            var after = rest.dropFirst(word.count)
            if after.hasPrefix("(set)") {
                word += "(set)"
                after = after.dropFirst(5)
            }
            let next = after.drop { $0 == " " || $0 == "\t" }
            if word == "public" || word == "open" { isPublic = true }
            if word == "class" {
                // `class func` and `class var` are a modifier; otherwise a class declaration.
                let following = String(next.prefix { $0.isLetter })
                if !["func", "var", "let", "subscript", "override", "final"].contains(following) {
                    return (word, isPublic)
                }
                rest = next
                continue
            }
            if modifiers.contains(word) {
                rest = next
                continue
            }
            return keywords.contains(word) ? (word, isPublic) : nil
        }
    }

    /// `file:line: declaration` for each public declaration of `text` without a `///` comment above it.
    static func undocumented(in text: String, path: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var found: [String] = []
        for (index, line) in lines.enumerated() {
            guard let declaration = declaration(line), declaration.isPublic, declaration.keyword != "extension" else { continue }
            var above = index - 1
            while above >= 0 {
                let trimmed = lines[above].drop { $0 == " " || $0 == "\t" }
                guard trimmed.first == "@", Self.declaration(lines[above]) == nil else { break }
                above -= 1
            }
            let documented = above >= 0 && lines[above].drop { $0 == " " || $0 == "\t" }.hasPrefix("///")
            if !documented {
                found.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// The Swift files under `directory` of the repository, as paths relative to it, sorted.
    static func swiftFiles(under directory: String) throws -> [String] {
        let base = root.appendingPathComponent(directory)
        let enumerator = try #require(FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil))
        return enumerator.compactMap { item in
            guard let url = item as? URL, url.pathExtension == "swift" else { return nil }
            return directory + "/" + url.path.dropFirst(base.path.count + 1)
        }.sorted()
    }

    @Test(arguments: ["Sources/VigilClient", "Sources/VigilCore"])
    func everyPublicDeclarationIsDocumented(directory: String) throws {
        let files = try Self.swiftFiles(under: directory)
        #expect(!files.isEmpty, "no Swift files under \(directory)")
        var missing: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            missing += Self.undocumented(in: text, path: file)
        }
        if !missing.isEmpty {
            Issue.record("\(missing.count) public declarations without a /// comment:\n\(missing.joined(separator: "\n"))")
        }
    }

    @Test func theScannerFindsWhatItShould() {
        let text = """
            /// Documented.
            public struct A {
                public let undocumented: Int
                /// Documented, with an attribute between.
                @discardableResult
                public func f() -> Int { 0 }
                @available(macOS 15, *) public static func g() {}
                let internalOne = 1
                public private(set) var h = 0
            }
            public extension A {}
            open class B {}
            """
        let found = Self.undocumented(in: text, path: "A.swift")
        #expect(
            found == [
                "A.swift:3: public let undocumented: Int",
                "A.swift:7: @available(macOS 15, *) public static func g() {}",
                "A.swift:9: public private(set) var h = 0",
                "A.swift:12: open class B {}",
            ])
    }
}
