import VigilCore

// The check-in domain's records in their wire shapes, the contract's types (docs/protocol.md §6.4).

extension CheckpointRecord {
    var wire: Checkpoint {
        Checkpoint(
            id: id, name: name, everyMs: everyMs, dueAt: dueAt, createdAt: createdAt, lastCheckInAt: lastCheckInAt, lastGuard: lastGuard,
            assignedGuard: assignedGuard)
    }
}
