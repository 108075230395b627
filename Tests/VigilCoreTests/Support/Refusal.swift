@testable import VigilCore

/// The `FormatError` a parse throws, or nil when it succeeds (any other error fails the test).
func refusal(_ parse: () throws -> Void) -> FormatError? {
    do {
        try parse()
        return nil
    } catch let error as FormatError {
        return error
    } catch {
        preconditionFailure("expected a FormatError, got \(error)")
    }
}
