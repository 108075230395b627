import VigilCore
import VigilStore

/// Services refuse with protocol errors, in the commit too: the store hands them back as they are.
extension ProtocolError: EffectRefusal {}

extension ProtocolError {
    /// What a client is told when the store could not do what its request needed.
    init(_ error: StoreError) {
        switch error {
        case .notFound(let what): self.init(.notFound, "\(what) does not exist")
        case .alreadyExists(let what): self.init(.alreadyExists, "\(what) already exists")
        case .limitReached(let why): self.init(.limitReached, why)
        case .unavailable: self.init(.storeUnavailable, "the store could not be read; try again")
        case .outcomeUnknown:
            self.init(.commitUnknown, "the store could not tell whether this was stored; read the topic's history before sending it again")
        }
    }
}
