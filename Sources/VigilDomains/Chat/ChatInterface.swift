import VigilCore
import VigilHub
import VigilStore

// What other domains may hang on chat: the chat domain's published interface. The push domain is
// told, in the commit that posts it, of each message addressed to people (mentions, the recipients
// of an urgent message), and of each repeat of an urgent message not yet acknowledged, so their
// phones hear of it.

/// What other domains hang on chat, one per hub: watchers told of every message addressed to people.
public typealias ChatFeed = WatcherList<any ChatWatcher>

/// A domain told of chat messages addressed to people, inside the commits that post them.
public protocol ChatWatcher: Sendable {
    /// `message` (as subscribers see it) was posted at `time` in the room called `roomName`, for
    /// `people`: names of the message's site, as its inbox topics name them
    /// (`inbox/{site}/{name}`): the people it mentions, and for an urgent one the people asked to
    /// acknowledge it; or it was edited to mention `people` for the first time. Throwing fails the
    /// commit.
    func addressed(
        _ message: ChatMessage, roomName: String, to people: [String], urgent: Bool, at time: Int64, in transaction: any DomainTransaction
    ) throws

    /// The urgent `message`, in the room called `roomName`, was repeated at `time` to `recipient`
    /// (a name of the message's site), who has not acknowledged it: the `count`th time (1 the
    /// first repeat after the message itself). Throwing fails the commit.
    func askedAgain(
        _ message: ChatMessage, roomName: String, of recipient: String, repeat count: Int, at time: Int64, in transaction: any DomainTransaction
    ) throws
}
