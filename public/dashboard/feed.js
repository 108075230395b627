// The topics of one site, each subscribed once however many panels listen to it: vigil.js refuses a
// second subscription to a topic, and one stream keeps every panel in the same order of events.
export class SiteFeed {
  constructor(connection) {
    this.connection = connection;
    this.listeners = new Map();
    this.resumeFrom = new Map();
    this.subscriptions = [];
  }

  /**
   * `onEvent(event)` for each event of `topic`; `onRefused(error)` if the hub refuses the
   * subscription; `onSubscribed()` each time the hub accepts it, first and after every reconnect (a
   * pattern replays nothing: a panel reads what it lists then); `since` resumes after that `seq`
   * (a panel that read the topic's history first).
   */
  on(topic, onEvent, { onRefused = () => {}, onSubscribed = () => {}, since } = {}) {
    if (!this.listeners.has(topic)) this.listeners.set(topic, []);
    this.listeners.get(topic).push({ onEvent, onRefused, onSubscribed });
    if (since !== undefined) this.resumeFrom.set(topic, since);
  }

  /** Subscribes every topic listened to; a refusal goes to that topic's listeners. */
  async start() {
    await Promise.all([...this.listeners].map(async ([topic, listeners]) => {
      try {
        const deliver = (event) => listeners.forEach((listener) => listener.onEvent(event));
        const subscribed = () => listeners.forEach((listener) => listener.onSubscribed());
        this.subscriptions.push(await this.connection.subscribe(topic, deliver, { since: this.resumeFrom.get(topic), onSubscribed: subscribed }));
      } catch (error) {
        listeners.forEach((listener) => listener.onRefused(error));
      }
    }));
  }

  stop() {
    for (const subscription of this.subscriptions) subscription.unsubscribe().catch(() => {});
    this.subscriptions = [];
    this.listeners.clear();
  }
}
