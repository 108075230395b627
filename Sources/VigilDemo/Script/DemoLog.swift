import Foundation

/// The demo's output: one readable line per action, stamped with the local time of day
/// (`12:01:05 motion at Loading dock (alert al_…)`), and plain lines about the setup.
struct DemoLog: Sendable {
    let say: @Sendable (String) -> Void

    func action(_ text: String) {
        say("\(Self.timeOfDay(Date())) \(text)")
    }

    func note(_ text: String) {
        say(text)
    }

    /// `HH:mm:ss` in the local time zone.
    static func timeOfDay(_ date: Date) -> String {
        let time = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", time.hour ?? 0, time.minute ?? 0, time.second ?? 0)
    }
}
