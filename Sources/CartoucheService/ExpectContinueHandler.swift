import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers `Expect: 100-continue` as soon as a request's head arrives.
///
/// curl (and other clients) send `Expect: 100-continue` with bodies over
/// 1 MB and wait for the server's `100 Continue` before uploading; neither
/// NIO nor Hummingbird sends one, so every large scene stalled for curl's
/// one-second fallback. This handler sits after HTTP decoding (Hummingbird's
/// `additionalChannelHandlers`):
///
/// - a request whose declared `Content-Length` fits the body limit (or that
///   declares none) gets `100 Continue` at once, then travels on;
/// - a request that declares more than the limit gets no `100 Continue`: it
///   travels on without its body, and the route refuses it with the 413
///   problem before reading anything (`RequestBody`), so the client learns
///   the answer without uploading.
final class ExpectContinueHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundOut = HTTPResponsePart

    let maxBodyBytes: Int

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), Self.shouldContinue(head, maxBodyBytes: maxBodyBytes) {
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponse(status: .continue))), promise: nil)
        }
        context.fireChannelRead(data)
    }

    /// True when `head` asks for `100 Continue` and its declared length is within the limit.
    static func shouldContinue(_ head: HTTPRequest, maxBodyBytes: Int) -> Bool {
        guard let expect = head.headerFields[.expect], expect.lowercased() == "100-continue" else { return false }
        guard let declared = head.headerFields[.contentLength] else { return true }
        guard let length = Int(declared) else { return false }
        return length <= maxBodyBytes
    }
}

/// Notices a client that hangs up and tells the request in progress.
///
/// Hummingbird allows remote half-closure, so a client that hangs up leaves
/// the channel open until the server writes, and the request's job would run
/// to the end of its budget for nobody, holding a pool slot. On end of input
/// (TCP FIN) or when the channel goes inactive, this handler abandons the
/// budget of the request in progress through the connection's
/// ``ConnectionWatch`` (its job leaves the line, or stops at its next poll) and
/// closes the channel. (A client that half-closes and still expects an answer
/// — rare over HTTP/1.1, and not done by browsers or curl — is treated as gone.)
final class HangUpHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart

    private let registry: ConnectionRegistry
    private let watch = ConnectionWatch()

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        registry.register(watch, for: context.channel)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        registry.remove(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        watch.hangUp()
        registry.remove(context.channel)
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            watch.hangUp()
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }
}
