/// What the operator writes: notices to the site and notes when resolving an alert.
enum DemoWords {
    static let openingNotice = "\(DemoBuilding.name): sensors, guards and the operator on duty are played by vigil demo"

    static let infoNotices = [
        "Shift change at 18:00",
        "Delivery expected at the loading dock within the hour",
        "Visitors for the meeting room at 14:00: escort them from the lobby",
        "Window cleaners on the east side all afternoon",
    ]
    static let warningNotices = [
        "Lift out of order: use the stairwell",
        "The server room door does not latch: check it on every round",
        "Fire door on floor 1 propped open: close it on your round",
    ]

    static func notes(for kind: String) -> [String] {
        switch kind {
        case "motion": ["Staff working late", "Cleaner on the evening round", "Courier looking for the mail room", "Nobody there when the guard arrived"]
        case "door": ["Door closed and checked by the guard", "Delivery, let in", "Door did not latch; maintenance called"]
        case "panic": ["Pressed by mistake", "Visitor taken ill; ambulance called"]
        case "missed-checkpoint": ["Round moved to the next hour", "Checked on camera: closed and locked"]
        default: ["Checked, all clear"]
        }
    }
}
