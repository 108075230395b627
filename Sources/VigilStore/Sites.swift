import Foundation
import GRDB

public struct Site: Sendable, Equatable {
    public var id: String
    public var name: String
    public var createdAt: Int64
}

/// The sites a hub serves (`hq`, `warehouse-2`); tokens are scoped to them.
public struct SiteRepository: Sendable {
    let database: VigilDatabase

    public init(database: VigilDatabase) {
        self.database = database
    }

    public func create(id: String, name: String, at time: Int64) throws -> Site {
        try database.pool.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM sites WHERE id = ?", arguments: [id]) == nil else {
                throw StoreError.alreadyExists("site \(id)")
            }
            try db.execute(sql: "INSERT INTO sites (id, name, created_at) VALUES (?, ?, ?)", arguments: [id, name, time])
            return Site(id: id, name: name, createdAt: time)
        }
    }

    public func all() throws -> [Site] {
        try database.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name, created_at FROM sites ORDER BY id").map {
                Site(id: $0[0], name: $0[1], createdAt: $0[2])
            }
        }
    }

    public func exists(_ id: String) throws -> Bool {
        try database.pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM sites WHERE id = ?", arguments: [id]) != nil
        }
    }
}

public enum StoreError: Error, Equatable, CustomStringConvertible {
    case alreadyExists(String)
    case notFound(String)

    public var description: String {
        switch self {
        case .alreadyExists(let what): "\(what) already exists"
        case .notFound(let what): "\(what) does not exist"
        }
    }
}
