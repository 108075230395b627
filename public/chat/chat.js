// The chat panel of a site, for the dashboard and the guard's view: the rooms with unread counts
// and mentions, the chosen room's messages and who is typing, the message box, urgent messages
// waiting for this person until they acknowledge, and search over the site's rooms.
import { h, announce } from "../ui/dom.js";
import { installThumbnailDrag } from "../ui/drag.js";
import { chime } from "../ui/sound.js";
import { messageItem } from "./messages.js";
import { composer } from "./composer.js";
import { alertTitle } from "../ui/names.js";

const MODERATORS = new Set(["admin", "operator"]);
const READ_DELAY_MS = 400;
const ROOM_NAME_MAX = 80; // the hub's longest room name

export function mountChat(root, { connection, site, role, me, room: firstRoom = "control" }) {
  installThumbnailDrag();
  const rooms = new Map(); // id -> {room, unread, mentioned}
  const waitingForMe = new Map(); // message id -> message (urgent, not yet acknowledged by me)
  let current = null; // {id, messages: Map, head, read, subscriptions, typing: Map, compose}
  const subscriptions = [];

  const roomList = h("ul", { class: "room-list", "aria-label": "Rooms" });
  const urgentList = h("ul", { class: "urgent-for-me", "aria-label": "Urgent messages for you" });
  const searchInput = h("input", { type: "search", name: "q", "aria-label": "Search messages", placeholder: "Search messages" });
  const results = h("ol", { class: "search-results", "aria-label": "Search results", hidden: true });
  const roomView = h("div", { class: "room" });
  const search = h("form", { class: "chat-search", role: "search" }, searchInput, h("button", {}, "Search"));
  root.replaceChildren(h("h2", {}, "Chat"), urgentList, search, results, roomList, roomView);

  // A picture dropped anywhere on the open room goes into its message box: the box alone is a
  // small target, and the room around it moves as messages come.
  roomView.addEventListener("dragover", (event) => {
    if (!current) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    current.compose.showDropping(true);
  });
  roomView.addEventListener("dragleave", (event) => {
    if (!roomView.contains(event.relatedTarget)) current?.compose.showDropping(false);
  });
  roomView.addEventListener("drop", (event) => {
    if (!current) return;
    event.preventDefault();
    current.compose.showDropping(false);
    current.compose.take(event.dataTransfer);
  });

  // MARK: rooms

  function drawRooms() {
    roomList.replaceChildren(...[...rooms.values()].filter(({ room }) => !room.archivedAt || room.id === current?.id).map(({ room, unread, mentioned }) => {
      const label = `${room.name}${unread ? `, ${unread} unread` : ""}${mentioned ? ", mentions you" : ""}`;
      return h("li", {}, h("button", {
        type: "button", class: `room-button${mentioned ? " mentioned" : ""}`, "aria-pressed": String(room.id === current?.id),
        "aria-label": label, dataset: { room: room.id }, onclick: () => open(room.id),
      }, room.name, unread ? h("span", { class: "unread", "aria-hidden": "true" }, String(unread)) : null, mentioned ? h("span", { class: "mention", "aria-hidden": "true" }, "@") : null));
    }));
  }

  function onDirectory(event) {
    if (event.type === "state") {
      for (const room of event.data.rooms) rooms.set(room.id, { room, unread: room.unread, mentioned: false });
      if (!current) open(rooms.has(firstRoom) ? firstRoom : "control");
    } else if (event.type === "room.created") {
      rooms.set(event.data.room.id, { room: event.data.room, unread: 0, mentioned: false });
    } else if (event.type === "room.archived" && rooms.has(event.data.room)) {
      Object.assign(rooms.get(event.data.room).room, { archivedBy: event.data.by, archivedAt: event.data.at });
    }
    drawRooms();
  }

  // Live events of the rooms not open (vigil.js gives the open room's to its own subscription):
  // their unread counts, and urgent messages settled there.
  function onAnyRoom(event) {
    const entry = rooms.get(event.topic.split("/")[2]);
    if (event.type === "message.posted" && entry && event.from !== me) entry.unread += 1;
    settleUrgent(event);
    drawRooms();
  }

  // An urgent message this person acknowledged on another device, or its sender cancelled.
  function settleUrgent(event) {
    if ((event.type === "message.acknowledged" && event.data.by === me) || event.type === "urgent.cancelled") {
      waitingForMe.delete(event.data.message);
      drawUrgent();
    }
  }

  // MARK: this person's inbox in the site: mentions, urgent messages, read markers from their other devices

  function onInbox(event) {
    if (event.type === "state") {
      waitingForMe.clear();
      for (const message of event.data.urgent) waitingForMe.set(message.id, message);
    } else if (["message.posted", "message.edited", "urgent.repeated"].includes(event.type)) {
      const message = event.data.message;
      const asked = message.urgent?.recipients.some((recipient) => recipient.name === me && !recipient.acknowledgedAt);
      if (asked) { waitingForMe.set(message.id, message); chime(true); }
      if (message.mentions?.includes(me) && message.room !== current?.id && rooms.has(message.room)) rooms.get(message.room).mentioned = true;
      announce(`${asked ? "Urgent" : "Mention"} from ${message.author}: ${message.text ?? "a picture"}`);
    } else if (event.type === "read.marked") {
      const id = event.data.room.split("/")[2];
      if (rooms.has(id)) rooms.get(id).unread = event.data.unread;
      if (id === current?.id) current.read = Math.max(current.read, event.data.read);
    }
    drawUrgent();
    drawRooms();
  }

  function drawUrgent() {
    urgentList.replaceChildren(...[...waitingForMe.values()].map((message) => h("li", { class: "urgent-item", dataset: { message: message.id } },
      h("strong", {}, `Urgent from ${message.author}`), ` in ${rooms.get(message.room)?.room.name ?? message.room}: `, message.text ?? "a picture", " ",
      h("button", { type: "button", onclick: () => acknowledge(message) }, "Acknowledge"), " ",
      h("button", { type: "button", onclick: () => open(message.room) }, "Open room"))));
  }

  async function acknowledge(message) {
    try {
      await connection.publish(`chat/${site}/${message.room}`, "acknowledge", { message: message.id });
      waitingForMe.delete(message.id);
      drawUrgent();
    } catch (error) {
      announce(`Not acknowledged: ${error.message}`);
    }
  }

  // MARK: the open room

  const actions = [
    { name: "reply", label: "Reply", shows: (m) => !m.deleted, run: (m) => current.compose.reply(m) },
    { name: "edit", label: "Edit", shows: (m) => !m.deleted && m.author === me && m.text !== undefined, run: (m) => current.compose.edit(m) },
    { name: "delete", label: "Delete", shows: (m) => !m.deleted && (m.author === me || MODERATORS.has(role)), run: (m) => command("delete", m) },
    { name: "acknowledge", label: "Acknowledge", shows: (m) => !m.deleted && !m.urgent?.cancelledAt && m.urgent?.recipients.some((r) => r.name === me && !r.acknowledgedAt), run: (m) => acknowledge(m) },
    { name: "cancel-urgent", label: "Cancel urgent", shows: (m) => !m.deleted && m.urgent && !m.urgent.cancelledAt && (m.author === me || MODERATORS.has(role)), run: (m) => command("cancel_urgent", m) },
  ];

  async function command(type, message) {
    try {
      await connection.publish(`chat/${site}/${message.room}`, type, { message: message.id });
    } catch (error) {
      announce(`Not done: ${error.message}`);
    }
  }

  async function open(id) {
    if (current?.id === id) return;
    closeRoom();
    const list = h("ol", { class: "messages", "aria-label": "Messages", "aria-live": "polite" });
    const earlier = h("button", { type: "button", class: "earlier", hidden: true }, "Earlier messages");
    const typingLine = h("p", { class: "typing meta", "aria-live": "polite" });
    const present = h("p", { class: "present meta" });
    const heading = h("h3", {}, rooms.get(id)?.room.name ?? id);
    const compose = composer({ connection, site, room: id });
    const room = { id, messages: new Map(), head: 0, read: 0, subscriptions: [], typing: new Map(), members: new Map(), compose, list, earlier, typingLine, heading, present };
    current = room;
    roomView.replaceChildren(heading, present, earlier, list, typingLine, compose.element);
    earlier.addEventListener("click", () => loadEarlier(room));
    if (rooms.has(id)) Object.assign(rooms.get(id), { mentioned: false });
    drawRooms();
    try {
      room.subscriptions.push(await connection.subscribe(`chat/${site}/${id}`, (event) => onRoom(room, event)));
      room.subscriptions.push(await connection.subscribe(`typing/${site}/${id}`, (event) => onTyping(room, event)));
      room.subscriptions.push(await connection.subscribe(`presence/chat/${site}/${id}`, (event) => onPresence(room, event)));
    } catch (error) {
      announce(`Room ${id} could not be opened: ${error.message}`);
    }
    room.typingTimer = setInterval(() => drawTyping(room), 1000);
  }

  function closeRoom() {
    if (!current) return;
    clearInterval(current.typingTimer);
    clearTimeout(current.readTimer);
    current.subscriptions.forEach((subscription) => subscription.unsubscribe().catch(() => {}));
    current = null;
  }

  function onRoom(room, event) {
    if (room !== current) return;
    const messages = room.messages;
    if (event.type === "state") {
      messages.clear();
      if (!event.data.room) { room.heading.textContent = `No room ${room.id}`; return; }
      describeRoom(room, event.data.room);
      for (const message of event.data.messages) messages.set(message.id, message);
      room.read = event.data.read;
      room.earlier.hidden = !event.data.earlier;
      room.head = event.data.head;
    } else {
      room.head = Math.max(room.head, event.seq ?? 0);
      settleUrgent(event);
      const data = event.data;
      if (event.type === "message.posted" || event.type === "message.edited") messages.set(data.message.id, data.message);
      else if (event.type === "message.deleted" && messages.has(data.message)) {
        const { id, site: messageSite, room: roomID, seq, author, postedAt } = messages.get(data.message);
        messages.set(id, { id, site: messageSite, room: roomID, seq, author, postedAt, deleted: true, deletedBy: data.by, deletedAt: data.at });
      } else if (event.type === "message.acknowledged" && messages.get(data.message)?.urgent) {
        const recipient = messages.get(data.message).urgent.recipients.find((r) => r.name === data.by);
        if (recipient) recipient.acknowledgedAt = data.at;
      } else if (event.type === "urgent.cancelled" && messages.get(data.message)?.urgent) {
        messages.get(data.message).urgent.cancelledAt = data.at;
      } else if (event.type === "room.archived" && rooms.has(room.id)) {
        describeRoom(room, rooms.get(room.id).room);
      }
    }
    drawMessages(room);
    markRead(room);
  }

  function describeRoom(room, record) {
    room.heading.replaceChildren(record.name, record.topicLine ? h("span", { class: "meta" }, ` · ${record.topicLine}`) : "",
      record.alert ? h("span", { class: "meta" }, " · about an alert") : "", record.archivedAt ? h("span", { class: "meta" }, " · archived") : "");
    room.compose.element.hidden = Boolean(record.archivedAt);
  }

  function drawMessages(room) {
    const byID = (id) => room.messages.get(id);
    const atBottom = room.list.scrollHeight - room.list.scrollTop - room.list.clientHeight < 40;
    room.list.replaceChildren(...[...room.messages.values()].sort((a, b) => a.seq - b.seq).map((message) => messageItem(message, { me, byID, actions })));
    if (atBottom || room.list.lastElementChild?.classList.contains("mine")) room.list.scrollTop = room.list.scrollHeight;
  }

  async function loadEarlier(room) {
    const first = Math.min(...[...room.messages.values()].map((message) => message.seq));
    try {
      const page = await connection.query(`chat/${site}/${room.id}`, "messages", { before: first, limit: 50 });
      page.messages.forEach((message) => room.messages.set(message.id, message));
      room.earlier.hidden = !page.next;
      drawMessages(room);
    } catch (error) {
      announce(`Earlier messages could not be read: ${error.message}`);
    }
  }

  // Whatever the open room shows on a visible page counts as read, once it has settled.
  function markRead(room) {
    clearTimeout(room.readTimer);
    room.readTimer = setTimeout(() => {
      if (room !== current || document.visibilityState !== "visible" || room.head <= room.read) return;
      room.read = room.head;
      if (rooms.has(room.id)) rooms.get(room.id).unread = 0;
      drawRooms();
      connection.publish(`inbox/${site}/${me}`, "read", { room: `chat/${site}/${room.id}`, seq: room.head }).catch(() => {});
    }, READ_DELAY_MS);
  }
  const onVisible = () => current && markRead(current);
  document.addEventListener("visibilitychange", onVisible);

  // Who has the room open now, by session (a person on two devices is one name).
  function onPresence(room, event) {
    if (event.type === "presence.state") {
      room.members.clear();
      for (const member of event.data.members) room.members.set(member.session, member.user);
    } else if (event.type === "presence.join") room.members.set(event.data.session, event.data.user);
    else if (event.type === "presence.leave") room.members.delete(event.data.session);
    const names = [...new Set(room.members.values())].sort();
    room.present.textContent = names.length ? `In the room: ${names.join(", ")}` : "";
  }

  function onTyping(room, event) {
    if (event.from === me) return;
    // How long it lasts is the hub's `until - ts`, counted on this device's clock (the two clocks may differ).
    if (event.data.stopped) room.typing.delete(event.from);
    else room.typing.set(event.from, Date.now() + (event.data.until - event.ts));
    drawTyping(room);
  }

  function drawTyping(room) {
    const now = Date.now();
    for (const [name, until] of room.typing) if (until <= now) room.typing.delete(name);
    const names = [...room.typing.keys()];
    room.typingLine.textContent = names.length ? `${names.join(", ")} ${names.length === 1 ? "is" : "are"} typing…` : "";
  }

  // MARK: search, and opening an alert's room from elsewhere on the page

  search.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!searchInput.value.trim()) { results.hidden = true; return; }
    try {
      const found = await connection.query(`chat/${site}`, "search", { q: searchInput.value, limit: 20 });
      results.hidden = false;
      results.replaceChildren(...found.messages.map((message) => h("li", {},
        h("button", { type: "button", onclick: () => { results.hidden = true; open(message.room); } },
          `${rooms.get(message.room)?.room.name ?? message.room} · ${message.author}: ${message.text ?? "a picture"}`))));
      if (!found.messages.length) results.append(h("li", { class: "empty" }, "Nothing found."));
    } catch (error) {
      announce(`Search failed: ${error.message}`);
    }
  });

  const onDiscuss = async (event) => {
    const { alert } = event.detail;
    if (alert.site !== site) return;
    const id = `alert-${alert.id}`;
    if (!alert.room && !rooms.has(id)) {
      try {
        // Named as the queue reads the alert (the hub would take its message, ids and all).
        await connection.publish(`chat/${site}`, "create_room", { alert: alert.id, name: alertTitle(alert).slice(0, ROOM_NAME_MAX) });
      } catch (error) {
        if (error.code !== "already_exists") return announce(`The alert's room could not be opened: ${error.message}`);
      }
    }
    open(id);
    roomView.querySelector("textarea")?.focus();
  };
  document.addEventListener("vigil:discuss", onDiscuss);

  // The live streams first, then the rooms' state: a message posted in between is counted, not lost.
  (async () => {
    try {
      subscriptions.push(await connection.subscribe(`chat/${site}/+`, onAnyRoom));
      subscriptions.push(await connection.subscribe(`inbox/${site}/${me}`, onInbox));
      subscriptions.push(await connection.subscribe(`chat/${site}`, onDirectory));
      root.dataset.live = "true";
    } catch (error) {
      root.replaceChildren(h("h2", {}, "Chat"), h("p", { class: "refusal" }, `Chat unavailable: ${error.message}`));
    }
  })();

  return {
    dispose() {
      closeRoom();
      document.removeEventListener("vigil:discuss", onDiscuss);
      document.removeEventListener("visibilitychange", onVisible);
      subscriptions.forEach((subscription) => subscription.unsubscribe().catch(() => {}));
    },
  };
}
