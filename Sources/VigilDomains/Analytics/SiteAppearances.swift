import Synchronization

/// One site's part of the appearance index, from its first search on: loaded once from the store
/// while commits go on, then kept current by them.
final class SiteAppearances: Sendable {
    private enum Phase {
        case unloaded
        case loading(Task<Void, any Error>)
        case ready
    }

    private struct State {
        var phase = Phase.unloaded
        var entries = AppearanceEntries()
        /// What commits stored while the site was being read: merged when the read is done.
        var pending: [AppearanceIndex.Stored] = []
        var pendingCutoff = Int64.min
    }

    private let state = Mutex(State())

    func add(_ detections: [AppearanceIndex.Stored], cutoff: Int64) {
        state.withLock { state in
            guard case .ready = state.phase else {
                state.pending += detections
                state.pendingCutoff = max(state.pendingCutoff, cutoff)
                return
            }
            Self.add(detections, cutoff: cutoff, to: &state.entries)
        }
    }

    /// The entries as they are now, after `load` has read them from the store the first time
    /// (concurrent first searches wait for the same read).
    func snapshot(load: @escaping @Sendable () async throws -> AppearanceEntries) async throws -> AppearanceSnapshot {
        let loading = state.withLock { state -> Task<Void, any Error>? in
            switch state.phase {
            case .ready:
                return nil
            case .loading(let task):
                return task
            case .unloaded:
                let task = Task {
                    do {
                        self.install(try await load())
                    } catch {
                        self.state.withLock { $0.phase = .unloaded }
                        throw error
                    }
                }
                state.phase = .loading(task)
                return task
            }
        }
        try await loading?.value
        return state.withLock { $0.entries.snapshot }
    }

    private func install(_ loaded: AppearanceEntries) {
        state.withLock { state in
            // The store gives each new row an id above all it holds, so a detection committed
            // after the read began has an id above every one the read saw.
            let missed = state.pending.filter { $0.id > loaded.lastID }
            state.entries = loaded
            Self.add(missed, cutoff: state.pendingCutoff, to: &state.entries)
            (state.pending, state.phase) = ([], .ready)
        }
    }

    private static func add(_ detections: [AppearanceIndex.Stored], cutoff: Int64, to entries: inout AppearanceEntries) {
        entries.forget(before: cutoff)
        for detection in detections {
            detection.vector.withUnsafeBytes { vector in
                entries.append(id: detection.id, ts: detection.ts, cameraKey: detection.cameraKey, track: detection.track, vector: vector)
            }
        }
    }
}
