import VigilCore

/// Access to a kind whose topics are `kind/{site}[/...]`: a role list for reading and one for
/// writing, and the token must cover the site.
public struct SiteScopedAccess: Sendable {
    public let readers: Set<Role>
    public let writers: Set<Role>
    let sites: SiteDirectory

    public init(readers: Set<Role>, writers: Set<Role>, sites: SiteDirectory) {
        self.readers = readers
        self.writers = writers
        self.sites = sites
    }

    /// For kinds whose topics are exactly `kind/{site}`.
    func requireSiteTopic(_ segments: [String]) throws(ProtocolError) {
        guard segments.count == 2 else {
            throw ProtocolError(.invalidTopic, "\(segments[0]) topics are \(segments[0])/{site}")
        }
    }

    /// A read of a kind whose topics are exactly `kind/{site}`: the shape, then the role and site.
    public func authorizeSiteTopicRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        try requireSiteTopic(pattern.segments)
        try authorizeRead(identity, pattern)
    }

    /// A publish on a kind whose topics are exactly `kind/{site}`: the shape, then the role and site.
    public func authorizeSiteTopicWrite(_ identity: Identity, _ topic: Topic) throws(ProtocolError) {
        try requireSiteTopic(topic.segments)
        try authorizeWrite(identity, topic)
    }

    /// A read of a kind whose topics have the segments `shape` names, e.g. `zones/{site}/{zone}`.
    public func authorizeRead(_ identity: Identity, _ pattern: TopicPattern, shape: String) throws(ProtocolError) {
        try require(pattern.segments, shape: shape)
        try authorizeRead(identity, pattern)
    }

    /// A publish on a kind whose topics have the segments `shape` names.
    public func authorizeWrite(_ identity: Identity, _ topic: Topic, shape: String) throws(ProtocolError) {
        try require(topic.segments, shape: shape)
        try authorizeWrite(identity, topic)
    }

    /// Refuses a topic with another number of segments than `shape`.
    public func require(_ segments: [String], shape: String) throws(ProtocolError) {
        guard segments.count == shape.split(separator: "/").count else {
            throw ProtocolError(.invalidTopic, "\(segments[0]) topics are \(shape)")
        }
    }

    public func authorizeRead(_ identity: Identity, _ pattern: TopicPattern) throws(ProtocolError) {
        guard readers.contains(identity.role) else {
            throw ProtocolError(.forbidden, "a \(identity.role.rawValue) token may not read \(pattern.kind) topics")
        }
        let site = pattern.segments[1]
        guard identity.covers(site: site) else {
            throw ProtocolError(
                .forbidden,
                site == "+"
                    ? "only a token for every site may subscribe across sites; subscribe to each of your sites"
                    : "the token does not cover site \(site)")
        }
    }

    public func authorizeWrite(_ identity: Identity, _ topic: Topic) throws(ProtocolError) {
        guard writers.contains(identity.role) else {
            throw ProtocolError(.forbidden, "a \(identity.role.rawValue) token may not publish on \(topic.kind) topics")
        }
        guard identity.covers(site: topic.scope) else {
            throw ProtocolError(.forbidden, "the token does not cover site \(topic.scope)")
        }
        guard sites.exists(topic.scope) else {
            throw ProtocolError(.notFound, "there is no site \(topic.scope)")
        }
    }
}
