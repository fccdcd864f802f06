//! How much a client may make the server hold: bytes, connections and time.
//!
//! The server only ever has to read short GET and HEAD requests from a browser on the same
//! machine, so every limit is far above what a browser sends and far below what would hurt:
//! a client past one is answered with the matching status and the connection is closed.

use std::time::Duration;

/// The longest request line (method, target and version, line ending not counted), in bytes.
///
/// The page's longest URL is a few dozen bytes; 8 KiB is what common servers allow (nginx,
/// Apache). Without a bound one request line of hundreds of MiB stayed in memory. Past it: 414.
pub const MAX_REQUEST_LINE: usize = 8 * 1024;

/// The most bytes of header fields in one request (the header lines after the request line,
/// line endings not counted).
///
/// A browser sends well under 2 KiB; 64 KiB leaves room for large cookies of other pages served
/// on 127.0.0.1 and keeps the head of a request, the only part the server buffers, small.
/// Past it: 431.
pub const MAX_HEADER_BYTES: usize = 64 * 1024;

/// The most header fields in one request.
///
/// A browser sends about 15. Each field is a separate line to parse, so the count is bounded
/// apart from the bytes: 100, as Apache's `LimitRequestFields`. Past it: 431.
pub const MAX_HEADERS: usize = 100;

/// The most connections served at once, each on a thread of its own.
///
/// A browser opens at most 6 connections to one host, so 64 serve a few tabs at once, while
/// bounding the threads (and their stacks) that slow clients can make the server start: before,
/// 400 slow connections made 401 threads. A connection past the cap is answered 503 with
/// `Retry-After: 1` and closed at once, by the accepting thread, without starting a thread.
pub const MAX_CONNECTIONS: usize = 64;

/// How long a request may take to arrive, from the moment the server starts waiting for it (the
/// connection is accepted, or the previous response was sent) to the end of its head and body.
///
/// This deadline is for the whole request, not for each read: a client sending one byte every
/// few seconds is cut when it runs out. 10 s is ample on the loopback interface and frees a slot
/// of [`MAX_CONNECTIONS`] soon. A request begun but unfinished by then gets 408; a kept-alive
/// connection on which no new request began is closed without an answer.
pub const REQUEST_DEADLINE: Duration = Duration::from_secs(10);

/// How long writing one response may take.
///
/// A client that stops reading would otherwise hold its thread forever, blocked in a write. The
/// largest file, the wasm module (a few MiB), takes milliseconds on the loopback interface;
/// 60 s leaves room for a machine under heavy load. Past it the connection is closed.
pub const RESPONSE_DEADLINE: Duration = Duration::from_secs(60);

/// The largest body of a GET or HEAD request that is read and thrown away, in bytes.
///
/// GET and HEAD bodies mean nothing here, but one announced with `Content-Length` must be read
/// to its end so that it is never parsed as the next request on the connection. Browsers send
/// none; a larger one is refused with 413 and the connection closed, so the server never spends
/// more than this reading what it ignores. Bodies in chunked `Transfer-Encoding` are always
/// refused that way (the server does not decode chunks), and other methods get 405 and the
/// connection closed before any body is read.
pub const MAX_DISCARDED_BODY: u64 = 64 * 1024;

/// The limits a [`Server`](crate::Server) enforces; [`Default`] gives the documented constants
/// ([`MAX_REQUEST_LINE`] and the others). Tests use shorter deadlines and smaller caps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerLimits {
    /// See [`MAX_REQUEST_LINE`].
    pub max_request_line: usize,
    /// See [`MAX_HEADER_BYTES`].
    pub max_header_bytes: usize,
    /// See [`MAX_HEADERS`].
    pub max_headers: usize,
    /// See [`MAX_CONNECTIONS`]; at least 1 connection is always served.
    pub max_connections: usize,
    /// See [`REQUEST_DEADLINE`].
    pub request_deadline: Duration,
    /// See [`RESPONSE_DEADLINE`].
    pub response_deadline: Duration,
    /// See [`MAX_DISCARDED_BODY`].
    pub max_discarded_body: u64,
}

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            max_request_line: MAX_REQUEST_LINE,
            max_header_bytes: MAX_HEADER_BYTES,
            max_headers: MAX_HEADERS,
            max_connections: MAX_CONNECTIONS,
            request_deadline: REQUEST_DEADLINE,
            response_deadline: RESPONSE_DEADLINE,
            max_discarded_body: MAX_DISCARDED_BODY,
        }
    }
}
