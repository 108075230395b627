// The checkpoints of one site as its `checkins/{site}` topic tells them, kept current for every
// panel that shows them: created, visited (next due time, last guard) and missed (due a round later;
// `missed` until the checkpoint is visited again), assigned to a guard, and the one wording every
// view uses for a round and for whose it is.
import { due } from "../ui/dom.js";

export function watchCheckpoints(feed, site, onChange) {
  const checkpoints = new Map();
  feed.on(`checkins/${site}`, (event) => {
    const data = event.data;
    switch (event.type) {
      case "state":
        checkpoints.clear();
        for (const checkpoint of data.checkpoints) {
          // A checkpoint whose due time lies a whole interval ahead of its last visit was missed since.
          checkpoint.missed = checkpoint.dueAt - (checkpoint.lastCheckInAt ?? checkpoint.createdAt) > checkpoint.everyMs;
          checkpoints.set(checkpoint.id, checkpoint);
        }
        break;
      case "checkpoint.created":
        checkpoints.set(data.checkpoint.id, data.checkpoint);
        break;
      case "checkpoint.assigned":
        Object.assign(checkpoints.get(data.checkpoint) ?? {}, { assignedGuard: data.assignedGuard ?? undefined });
        break;
      case "checkin.recorded":
        Object.assign(checkpoints.get(data.checkpoint) ?? {}, { dueAt: data.nextDueAt, lastCheckInAt: data.at, lastGuard: data.guard, missed: false });
        break;
      case "alert.raised":
        if (data.checkpoint) Object.assign(checkpoints.get(data.checkpoint.id) ?? {}, { dueAt: data.checkpoint.dueAt, missed: true });
        break;
      default:
        return;
    }
    onChange(checkpoints, event);
  });
}

/** A round as every view says it: "Due in 4 min", "2 min overdue", "Missed · next round due in 25 min". */
export function roundText(checkpoint, now = Date.now()) {
  const when = due(checkpoint.dueAt, now);
  return checkpoint.missed ? `Missed · next round ${when}` : when.charAt(0).toUpperCase() + when.slice(1);
}

/** Whose round it is, as every view says it: "gus's round", "nobody's round in particular". */
export function assigneeText(checkpoint) {
  return checkpoint.assignedGuard ? `${checkpoint.assignedGuard}'s round` : "nobody's round in particular";
}
