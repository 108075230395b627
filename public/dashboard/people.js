// Who is on at one site (presence on its check-in topic, which the dashboard and every guard's view
// watch), each guard's last check-in, and the checkpoints with their next due time; a missed round
// is marked until the checkpoint is visited again.
import { h, ago } from "../ui/dom.js";
import { assigneeText, roundText, watchCheckpoints } from "./checkpoints.js";

export function mountPeople(root, { feed, site }) {
  const members = new Map(); // session -> {user, role}
  let checkpoints = new Map();
  const lastCheckIn = new Map(); // guard -> {at, name}
  const online = h("ul", { class: "people", "aria-label": "Online" });
  const rounds = h("ul", { class: "checkpoints", "aria-label": "Checkpoints" });
  root.replaceChildren(h("h2", {}, "Guards and rounds"), h("h3", {}, "Online"), online, h("h3", {}, "Checkpoints"), rounds);

  function draw() {
    const users = new Map();
    for (const member of members.values()) users.set(member.user, member.role);
    online.replaceChildren(...[...users].sort(([a], [b]) => a.localeCompare(b)).map(([user, role]) => {
      const last = lastCheckIn.get(user);
      return h("li", {}, h("span", { class: "dot", "aria-hidden": "true" }), h("strong", {}, user), ` ${role}`,
        role === "guard" ? h("span", { class: "meta" }, last ? [` · checked in at ${last.name} `, ago(last.at)] : " · no check-in yet") : null);
    }));
    if (!users.size) online.append(h("li", { class: "empty" }, "Nobody is watching this site."));
    rounds.replaceChildren(...[...checkpoints.values()].sort((a, b) => a.dueAt - b.dueAt).map((checkpoint) => {
      return h("li", { class: checkpoint.missed ? "missed" : "" },
        h("strong", {}, checkpoint.name), " ",
        h("span", { class: checkpoint.missed ? "round badge missed" : "round" }, roundText(checkpoint)),
        h("span", { class: "meta" },
          ` · ${assigneeText(checkpoint)}`,
          checkpoint.lastCheckInAt ? [` · last ${checkpoint.lastGuard} `, ago(checkpoint.lastCheckInAt)] : " · never visited"));
    }));
  }

  feed.on(`presence/checkins/${site}`, (event) => {
    if (event.type === "presence.state") {
      members.clear();
      for (const member of event.data.members) members.set(member.session, member);
    } else if (event.type === "presence.join") {
      members.set(event.data.session, event.data);
    } else if (event.type === "presence.leave") {
      members.delete(event.data.session);
    }
    draw();
  });

  watchCheckpoints(feed, site, (current, event) => {
    checkpoints = current;
    const data = event.data;
    switch (event.type) {
      case "state":
        for (const checkpoint of data.checkpoints) if (checkpoint.lastGuard) remember(checkpoint.lastGuard, checkpoint.lastCheckInAt, checkpoint.name);
        break;
      case "checkin.recorded":
        remember(data.guard, data.at, data.name);
        break;
    }
    draw();
  });

  function remember(guard, at, name) {
    if ((lastCheckIn.get(guard)?.at ?? 0) < at) lastCheckIn.set(guard, { at, name });
  }

  // Due times move on by themselves.
  const timer = setInterval(draw, 15000);
  return { dispose: () => clearInterval(timer) };
}
