import VigilClient

/// Plays the cast: a pause, then what the director chooses, performed and told in one line. A
/// refusal from the hub (an alert someone else acknowledged first) is told and the play goes on;
/// a connection the hub has closed for good (a revoked token) ends it.
struct DemoScript: Sendable {
    let director: DemoDirector
    let cast: DemoCast
    let pace: DemoPace
    let log: DemoLog
    /// Stop after this many actions; nil plays until the task is cancelled.
    let steps: Int?

    /// Plays until `steps` actions are done or the task is cancelled; returns how many were.
    func play() async throws -> Int {
        var director = director
        var played = 0
        while steps.map({ played < $0 }) ?? true {
            do {
                try await pace.wait(director.pause())
            } catch {
                break  // cancelled while waiting
            }
            guard !Task.isCancelled else { break }
            let action = director.next(in: await cast.world())
            played += 1
            do {
                log.action(try await cast.perform(action))
                director.performed(action)
            } catch ClientError.refused(let refusal) {
                log.action("\(action.attempt) refused: \(refusal.code) (\(refusal.message))")
            } catch let error as ClientError where error.endsThePlay {
                throw error
            } catch {
                guard !Task.isCancelled else { break }
                log.action("\(action.attempt) failed: \(error)")
            }
        }
        return played
    }
}

extension ClientError {
    /// The hub closed a connection for a reason retrying will not mend, or it was closed here.
    fileprivate var endsThePlay: Bool {
        switch self {
        case .rejected, .closed: true
        default: false
        }
    }
}
