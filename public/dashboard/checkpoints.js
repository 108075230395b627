// The checkpoints of one site as its `checkins/{site}` topic tells them, kept current for every
// panel that shows them: created, visited (next due time, last guard) and missed (due a round later).
export function watchCheckpoints(feed, site, onChange) {
  const checkpoints = new Map();
  feed.on(`checkins/${site}`, (event) => {
    const data = event.data;
    switch (event.type) {
      case "state":
        checkpoints.clear();
        for (const checkpoint of data.checkpoints) checkpoints.set(checkpoint.id, checkpoint);
        break;
      case "checkpoint.created":
        checkpoints.set(data.checkpoint.id, data.checkpoint);
        break;
      case "checkin.recorded":
        Object.assign(checkpoints.get(data.checkpoint) ?? {}, { dueAt: data.nextDueAt, lastCheckInAt: data.at, lastGuard: data.guard });
        break;
      case "alert.raised":
        if (data.checkpoint) Object.assign(checkpoints.get(data.checkpoint.id) ?? {}, { dueAt: data.checkpoint.dueAt });
        break;
      default:
        return;
    }
    onChange(checkpoints, event);
  });
}
