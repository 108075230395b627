import VigilHub
import VigilStore

/// The domains this hub runs, in the order their migrations apply. Adding a domain is its folder
/// and one line here.
public enum Domains {
    public static let registered: [any Domain.Type] = [
        NoticeDomain.self,
        AlertsDomain.self,
        CamerasDomain.self,
        CheckinsDomain.self,
    ]

    /// Every registered domain's migrations, for whatever opens the database.
    public static var migrations: [StoreMigration] { registered.flatMap { $0.migrations } }

    /// One of each registered domain, made with `context`.
    public static func make(_ context: DomainContext) throws -> [any Domain] {
        try registered.map { try $0.init(context: context) }
    }
}
