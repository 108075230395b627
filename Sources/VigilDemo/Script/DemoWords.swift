/// What the cast writes: notices to the site, notes when resolving an alert, and what they say in the chat.
enum DemoWords {
    static let openingNotice = "\(DemoBuilding.name): sensors, guards and the operator on duty are played by vigil demo"

    static let infoNotices = [
        "Shift change at 18:00",
        "Delivery expected at the loading dock within the hour",
        "Visitors for the meeting room at 14:00: escort them from the lobby",
        "Window cleaners on the east side all afternoon",
        "Fire alarm test on Thursday at 10:00: no evacuation",
        "Contractors in the plant room until 16:00, badges checked at the gate",
        "The car park barrier is on manual until the engineer comes",
        "Evening cleaning starts at 19:00 on floor 1",
    ]
    static let warningNotices = [
        "Lift out of order: use the stairwell",
        "The server room door does not latch: check it on every round",
        "Fire door on floor 1 propped open: close it on your round",
        "Camera at the loading dock flickers: report what you see there",
        "Ice on the front steps: mind visitors",
        "A van was seen twice at the back gate last night: note its plate if it returns",
    ]

    /// What the sensor says of an alert at a place, `{place}` standing for its name.
    static let motionMessages = [
        "Motion at {place}", "Person walking at {place}", "Movement at {place} after hours", "Someone lingering at {place}",
    ]
    static let doorMessages = ["Door forced open at {place}", "Door held open too long at {place}", "Door opened without a badge at {place}"]

    static let answers = [
        "On my way.", "Seen him: it's the cleaner on the evening round.", "Nobody there now.", "Checking the footage at the gate first.",
        "That's the courier, I let him in.", "Two minutes, I'm on the other floor.", "Door's shut now, nothing missing.",
    ]
    static let urgentTexts = [
        "Fire panel fault in the east wing: confirm you have checked your floor", "Radio check: acknowledge, please",
        "Lockdown drill in five minutes: acknowledge when your doors are shut",
        "Power cut expected at 22:00: check the emergency lights on your round",
        "Suspicious parcel reported at reception: keep people away and acknowledge",
    ]

    static func question(to name: String, at place: String) -> String {
        "@\(name) is this someone you know, at \(place)?"
    }

    static func notes(for kind: String) -> [String] {
        switch kind {
        case "motion":
            ["Staff working late", "Cleaner on the evening round", "Courier looking for the mail room", "Nobody there when the guard arrived"]
        case "door": ["Door closed and checked by the guard", "Delivery, let in", "Door did not latch; maintenance called"]
        case "panic": ["Pressed by mistake", "Visitor taken ill; ambulance called"]
        case "missed-checkpoint": ["Round moved to the next hour", "Checked on camera: closed and locked"]
        default: ["Checked, all clear"]
        }
    }
}
