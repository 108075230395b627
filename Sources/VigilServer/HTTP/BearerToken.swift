import Foundation
import HTTPTypes

/// The secret of an `Authorization: Bearer ...` header, if there is one.
func bearerToken(in headers: HTTPFields) -> String? {
    bearerToken(authorization: headers[.authorization])
}

/// The secret of an `Authorization` header's value, if it is a bearer token.
func bearerToken(authorization value: String?) -> String? {
    guard let value else { return nil }
    let parts = value.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    return String(parts[1]).trimmingCharacters(in: .whitespaces)
}
