import Foundation

/// A value bound to a statement or read from a column: the types every SQL back end has.
public enum StoreValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// A Swift value a statement can take as an argument.
public protocol StoreArgument: Sendable {
    var storeValue: StoreValue { get }
}

extension String: StoreArgument {
    public var storeValue: StoreValue { .text(self) }
}

extension Int64: StoreArgument {
    public var storeValue: StoreValue { .integer(self) }
}

extension Int: StoreArgument {
    public var storeValue: StoreValue { .integer(Int64(self)) }
}

extension Bool: StoreArgument {
    public var storeValue: StoreValue { .integer(self ? 1 : 0) }
}

extension Double: StoreArgument {
    public var storeValue: StoreValue { .real(self) }
}

extension Data: StoreArgument {
    public var storeValue: StoreValue { .blob([UInt8](self)) }
}

extension Optional: StoreArgument where Wrapped: StoreArgument {
    public var storeValue: StoreValue { self?.storeValue ?? .null }
}

extension StoreValue: StoreArgument {
    public var storeValue: StoreValue { self }
}
