import VigilCore
import VigilHub
import VigilStore

/// What the chat domain's clock fires: the repeat of an urgent message to each recipient who has
/// not acknowledged it, on their inbox in the message's site.
enum ChatTimers {
    static func due(at now: Int64, feed: ChatFeed, in transaction: any DomainTransaction) throws -> [TimerFiring] {
        try ChatTables(transaction).urgentRepeatsDue(at: now).map { recipient in
            TimerFiring(
                topic: InboxService.topic(of: recipient.name, site: recipient.site), type: ChatEventType.urgentRepeated.rawValue,
                effect: RepeatUrgent(messageID: recipient.messageId, recipient: recipient.name, feed: feed))
        }
    }
}
