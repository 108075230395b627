/// What a token may do; each topic kind says which roles may read and write it.
public enum Role: String, Sendable, Codable, CaseIterable, Hashable {
    case admin
    case `operator`
    case `guard`
    case device
    case reporter
}
