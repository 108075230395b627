// vigil.js: the browser client of a Vigil hub (docs/client-js.md). One WebSocket, authenticated
// with `hello`; requests are promises matched by `ref`; subscriptions to exact topics resume after a
// drop from the last `seq` they delivered, so a page neither misses nor doubles an event; the
// connection comes back by itself with backoff and jitter until the token is refused, going to the
// next of several nodes' URLs when it is given more than one.
// Plain ES module, no dependency: `import { VigilConnection } from "/vigil.js"`. What an event's
// `data`, a state or a query's answer holds is described in /wire-types.js, JSDoc made from the
// hub's own Swift types (`@typedef {import("/wire-types.js").ChatMessage} ChatMessage`).

/** A refusal from the hub (`code`, as in docs/protocol.md §9) or of the connection (`disconnected`). */
export class VigilError extends Error {
  constructor(code, message) {
    super(message);
    this.name = "VigilError";
    this.code = code;
  }
}

// Close codes after which trying again cannot help: the token was refused or revoked.
const FINAL_CLOSE_CODES = new Set([4001, 4010]);

/**
 * A connection to the hub. Events (`addEventListener`):
 * - `state`: `detail.state` is `connecting`, `open`, `reconnecting` (with `detail.delay` ms) or `closed`
 *   (with `detail.code` and `detail.reason`);
 * - `welcome`: `detail` is the hub's `welcome` (user, token, role, sites, epoch, limits);
 * - `epochchange`: the hub's store was made anew; subscriptions start again from its state;
 * - `refusal`: an error the hub sent that answers no request (`detail` is a VigilError).
 */
export class VigilConnection extends EventTarget {
  constructor({ url = defaultURL(), token, minBackoff = 250, maxBackoff = 15000, WebSocketType = WebSocket } = {}) {
    super();
    // Several nodes of one hub: an array, or URLs separated by commas as `vigil sub --url` takes them.
    this.urls = (Array.isArray(url) ? url : url.split(",")).map((each) => each.trim()).filter((each) => each !== "");
    this.node = 0;
    this.token = token;
    this.minBackoff = minBackoff;
    this.maxBackoff = maxBackoff;
    this.WebSocketType = WebSocketType;
    this.state = "closed";
    this.welcome = null;
    this.epoch = null;
    this.socket = null;
    this.nextRef = 1;
    this.pending = new Map();
    this.subscriptions = new Map();
    this.attempt = 0;
    this.retryTimer = null;
    this.wanted = false;
  }

  /** The node in use: the URL connected to, or tried next. */
  get url() {
    return this.urls[this.node];
  }

  /** Opens the connection; resolves with the first `welcome`, rejects if the token is refused. */
  connect() {
    this.wanted = true;
    this.firstWelcome ??= new Promise((resolve, reject) => {
      this.resolveFirst = resolve;
      this.rejectFirst = reject;
    });
    this.open();
    return this.firstWelcome;
  }

  /** Closes for good: no reconnect; pending requests are refused with `disconnected`. */
  close() {
    this.wanted = false;
    clearTimeout(this.retryTimer);
    this.socket?.close(1000, "closed by the page");
    this.setState("closed", { code: 1000, reason: "closed by the page" });
  }

  /** Tries again now instead of waiting out the backoff (the browser says its network is back). */
  retryNow() {
    if (this.wanted && this.state === "reconnecting" && !this.socket) this.open();
  }

  /** Sends a request (`op` and its fields) and resolves with the fields of its `ok`. */
  request(op, fields = {}) {
    if (this.state !== "open") {
      return Promise.reject(new VigilError("disconnected", `not connected (${this.state})`));
    }
    const ref = String(this.nextRef++);
    return new Promise((resolve, reject) => {
      this.pending.set(ref, { resolve, reject });
      this.socket.send(JSON.stringify({ ...fields, op, ref }));
    });
  }

  publish(topic, type, data = {}) {
    return this.request("publish", { topic, type, data });
  }

  /** A page of stored events, oldest first: `{topic, events}`. */
  history(topic, { before, limit } = {}) {
    return this.request("history", { topic, before, limit });
  }

  /** Asks the service of `topic`'s kind a question (a search, an ROI query); resolves with its result. */
  async query(topic, type, data = {}) {
    return (await this.request("query", { topic, type, data })).result;
  }

  /**
   * Calls the hub's HTTP API (docs/protocol.md §12) with this connection's token: `body` is sent as
   * JSON, or as it is when it is a Blob (an image for `/api/thumbnails`). Resolves with the answer's
   * JSON; rejects with a VigilError carrying the hub's code (`network` if the hub cannot be reached).
   */
  async api(method, path, body) {
    const headers = { Authorization: `Bearer ${this.token}` };
    if (body !== undefined && !(body instanceof Blob)) headers["Content-Type"] = "application/json";
    let response;
    try {
      response = await fetch(new URL(path, this.url.replace(/^ws/, "http")), {
        method, headers, body: body === undefined || body instanceof Blob ? body : JSON.stringify(body),
      });
    } catch (error) {
      throw new VigilError("network", `the hub could not be reached: ${error.message}`);
    }
    const answer = await response.json().catch(() => null);
    if (!response.ok) throw new VigilError(answer?.code ?? "internal", answer?.message ?? `HTTP ${response.status}`);
    return answer;
  }

  /**
   * Calls `onEvent(event)` for each event of `topic` (a `state` event first for a kind that keeps
   * state), now and after every reconnect. An exact topic resumes from the last `seq` it delivered.
   * `onSubscribed()` runs each time the hub accepts it, the first time and after every reconnect: a
   * pattern replays nothing, so a page that lists what it matches lists it again then.
   * Resolves with the subscription once the hub has accepted it; `unsubscribe()` ends it.
   */
  async subscribe(topic, onEvent, { since, onSubscribed = () => {} } = {}) {
    if (this.subscriptions.has(topic)) throw new VigilError("bad_request", `already subscribed to ${topic}`);
    const subscription = { topic, onEvent, onSubscribed, lastSeq: since ?? null, unsubscribe: () => this.unsubscribe(topic) };
    this.subscriptions.set(topic, subscription);
    if (this.state === "open") {
      try {
        await this.sendSubscribe(subscription);
      } catch (error) {
        this.subscriptions.delete(topic);
        throw error;
      }
    }
    return subscription;
  }

  async unsubscribe(topic) {
    if (!this.subscriptions.delete(topic)) return;
    if (this.state === "open") await this.request("unsubscribe", { topic });
  }

  // MARK: the socket

  open() {
    clearTimeout(this.retryTimer);
    this.setState(this.attempt === 0 ? "connecting" : "reconnecting");
    const socket = new this.WebSocketType(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ op: "hello", ref: "hello", token: this.token }));
    });
    socket.addEventListener("message", (message) => this.receive(JSON.parse(message.data)));
    socket.addEventListener("close", (event) => this.dropped(socket, event));
  }

  receive(frame) {
    switch (frame.op) {
      case "welcome":
        this.welcomed(frame);
        break;
      case "event":
        this.deliver(frame);
        break;
      case "gap":
        // Events after the resume point were pruned: the topic's state follows, for kinds that keep one.
        this.dispatchEvent(new CustomEvent("gap", { detail: frame }));
        break;
      case "ok":
      case "error": {
        const waiting = this.pending.get(frame.ref);
        if (!waiting) {
          // Answers nothing asked: a refused hello, or the reason the hub is about to close.
          if (frame.op === "error") {
            this.refusal = new VigilError(frame.code, frame.message);
            this.dispatchEvent(new CustomEvent("refusal", { detail: this.refusal }));
          }
          break;
        }
        this.pending.delete(frame.ref);
        if (frame.op === "ok") waiting.resolve(frame);
        else waiting.reject(new VigilError(frame.code, frame.message));
        break;
      }
    }
  }

  welcomed(welcome) {
    const epochChanged = this.epoch !== null && this.epoch !== welcome.epoch;
    this.epoch = welcome.epoch;
    this.welcome = welcome;
    this.attempt = 0;
    this.refusal = null;
    if (epochChanged) {
      for (const subscription of this.subscriptions.values()) subscription.lastSeq = null;
      this.dispatchEvent(new CustomEvent("epochchange", { detail: welcome.epoch }));
    }
    this.setState("open");
    this.dispatchEvent(new CustomEvent("welcome", { detail: welcome }));
    this.resolveFirst?.(welcome);
    this.resolveFirst = this.rejectFirst = null;
    for (const subscription of this.subscriptions.values()) {
      this.sendSubscribe(subscription).catch((error) => {
        this.dispatchEvent(new CustomEvent("refusal", { detail: error }));
      });
    }
  }

  async sendSubscribe(subscription) {
    const fields = { topic: subscription.topic };
    if (subscription.lastSeq !== null) fields.since = subscription.lastSeq;
    const accepted = await this.request("subscribe", fields);
    subscription.onSubscribed();
    return accepted;
  }

  deliver(event) {
    // An event reaches the subscription whose exact topic it carries, or else every pattern it matches.
    const subscription = this.subscriptions.get(event.topic);
    if (subscription) {
      if (event.type === "state" && typeof event.data?.head === "number") subscription.lastSeq = event.data.head;
      if (typeof event.seq === "number") {
        if (subscription.lastSeq !== null && event.seq <= subscription.lastSeq) return; // already delivered
        subscription.lastSeq = event.seq;
      }
      subscription.onEvent(event);
      return;
    }
    for (const pattern of this.subscriptions.values()) {
      if (matches(pattern.topic, event.topic)) pattern.onEvent(event);
    }
  }

  dropped(socket, event) {
    if (socket !== this.socket) return;
    this.socket = null;
    for (const waiting of this.pending.values()) {
      waiting.reject(new VigilError("disconnected", "the connection dropped before the answer came"));
    }
    this.pending.clear();
    if (!this.wanted) return;
    if (FINAL_CLOSE_CODES.has(event.code)) {
      this.wanted = false;
      const refusal = this.refusal ?? new VigilError("unauthorized", event.reason || "the token was refused");
      this.setState("closed", { code: event.code, reason: refusal.message });
      this.rejectFirst?.(refusal);
      return;
    }
    // The node in use is gone or refused: the next one, which serves the same store; exact
    // subscriptions resume there from their last `seq` (the epoch is the same on every node).
    this.node = (this.node + 1) % this.urls.length;
    const ceiling = Math.min(this.maxBackoff, this.minBackoff * 2 ** this.attempt);
    const delay = Math.round(ceiling / 2 + Math.random() * (ceiling / 2)); // jitter: no stampede after a restart
    this.attempt += 1;
    this.setState("reconnecting", { delay, code: event.code });
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  setState(state, detail = {}) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("state", { detail: { state, ...detail } }));
  }
}

/** Whether a subscription pattern (`+` for one segment) matches a topic. */
export function matches(pattern, topic) {
  const wanted = pattern.split("/");
  const given = topic.split("/");
  return wanted.length === given.length && wanted.every((segment, index) => segment === "+" || segment === given[index]);
}

function defaultURL() {
  return `wss://${location.host}/ws`;
}
