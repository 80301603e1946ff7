import CartoucheJobs
import Foundation
import Hummingbird

/// Reads a JSON request body within the service's limits.
enum RequestBody {
    /// The body bytes of a JSON request, read within the request's budget.
    /// - Throws: ``Problem`` 415 when the content type is not JSON, 413 when
    ///   the body is (or declares itself) larger than `limit`, 503
    ///   `time-budget-exceeded` when it has not arrived by the deadline.
    static func json(_ request: Request, limit: Int, budget: RequestBudget, state: ServiceState) async throws(Problem) -> [UInt8] {
        // Whichever comes first: the whole body, or the deadline (a slow
        // upload must not hold the answer past the budget).
        let outcome: Result<[UInt8], Problem>? = await withTaskGroup(of: Result<[UInt8], Problem>?.self) { group in
            group.addTask {
                do throws(Problem) { return .success(try await json(request, limit: limit)) } catch { return .failure(error) }
            }
            group.addTask {
                // Cancelled once the body is in: then this answer is never the first.
                try? await Task.sleep(until: budget.deadline, clock: .continuous)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let outcome else {
            throw .budgetExceeded(timeout: state.configuration.requestTimeout, retryAfter: state.configuration.retryAfterSeconds)
        }
        return try outcome.get()
    }

    /// The body bytes of a JSON request, with no deadline.
    /// - Throws: ``Problem`` 415 when the content type is not JSON, 413 when
    ///   the body is (or declares itself) larger than `limit`.
    static func json(_ request: Request, limit: Int) async throws(Problem) -> [UInt8] {
        let contentType = request.headers[.contentType]
        guard let contentType, isJSON(contentType) else { throw .unsupportedMediaType(contentType) }
        // A declared length over the limit is refused before reading anything.
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw .bodyTooLarge(limit: limit)
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            // NIO's "too many bytes" error, which Hummingbird maps to 413.
            throw .bodyTooLarge(limit: limit)
        } catch {
            throw Problem(slug: "body-unreadable", title: "Bad Request", status: .badRequest,
                          detail: "the request body could not be read completely")
        }
        return Array(buffer.readableBytesView)
    }

    /// `application/json` or any `+json` type, parameters (charset) ignored.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first?
            .trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }
}
