import VigilAlerts
import VigilAppearances
import VigilCameras
import VigilChat
import VigilCheckins
import VigilDetections
import VigilFlood
import VigilHub
import VigilNotice
import VigilPush
import VigilStore
import VigilZones

/// The domains this hub runs, in the order their migrations apply. Adding a domain is its folder
/// and one line here.
public enum Domains {
    public static let registered: [any Domain.Type] = [
        NoticeDomain.self,
        AlertsDomain.self,
        CamerasDomain.self,
        CheckinsDomain.self,
        ChatDomain.self,
        FloodDomain.self,
        DetectionsDomain.self,
        AppearancesDomain.self,
        ZonesDomain.self,
        PushDomain.self,
    ]

    /// Every registered domain's migrations, for whatever opens the database.
    public static var migrations: [StoreMigration] { registered.migrations }

}
