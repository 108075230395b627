/// A strict reader for the part of YAML 1.2 that hand-written documents such as `docs/openapi.yaml`
/// use, read into the JSON they stand for: block mappings and sequences indented with spaces,
/// plain, single- and double-quoted scalars, one-line flow collections (`[a, b]`, `{$ref: '#/x'}`),
/// literal and folded block scalars (`|`, `|-`, `>`, `>-`) and comments. Plain scalars resolve as
/// the core schema says (`true`, `false`, `null`, `~`, integers and floats; everything else is
/// text), and keys are always text, as JSON needs.
///
/// What it does not know (anchors and aliases, tags, directives, several documents, multi-line
/// plain or flow scalars, complex keys, tabs in indentation) and every ambiguity (a duplicate key,
/// a plain scalar holding `: `) is refused with its line, never guessed at.
public enum YAMLSubset {
    /// Reads `text` as the JSON value its YAML stands for; throws a `YAMLSubsetError` with the line of what it does not know.
    public static func parse(_ text: String) throws(YAMLSubsetError) -> JSONValue {
        var reader = YAMLBlockReader(text)
        return try reader.document()
    }
}

/// Why a document was refused, and where.
public struct YAMLSubsetError: Error, Equatable, CustomStringConvertible {
    /// 1-based.
    public let line: Int
    /// What was refused, such as "a duplicate key".
    public let reason: String

    /// A refusal at `line` (1-based) saying `reason`.
    public init(line: Int, _ reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`.
    public var description: String { "line \(line): \(reason)" }
}
