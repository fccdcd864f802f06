//! Reading one request off a connection within the [`ServerLimits`]: the request line and the
//! headers bounded in bytes and count, the whole request bounded in time, a body either read to
//! its end and dropped or refused, so that nothing a client sends can be taken for the next
//! request.

use crate::limits::ServerLimits;
use std::io::{self, Read};
use std::net::TcpStream;
use std::time::Instant;

/// What a read can get in place of bytes.
#[derive(Debug)]
pub(crate) enum ReadError {
    /// The client closed its side.
    Closed,
    /// The request's deadline passed.
    Timeout,
    /// The socket failed.
    Io(io::Error),
}

/// Why no request could be served from the connection. Each kind but the first three is
/// answered with its status ([`RequestError::status`]) and the connection closed.
#[derive(Debug)]
pub(crate) enum RequestError {
    /// No byte of a new request came before the deadline or the end of the connection: a
    /// kept-alive connection that has gone quiet. Closed without an answer.
    Idle,
    /// The client closed its side in the middle of a request: nobody to answer.
    Incomplete,
    /// The socket failed.
    Io(io::Error),
    /// The request line is over [`ServerLimits::max_request_line`]: 414.
    LineTooLong,
    /// The header fields are over [`ServerLimits::max_header_bytes`] or
    /// [`ServerLimits::max_headers`]: 431.
    HeadersTooLarge,
    /// The request did not arrive within [`ServerLimits::request_deadline`]: 408.
    Timeout,
    /// A request the server cannot parse safely: 400.
    Malformed(&'static str),
    /// Not HTTP/1.0 or HTTP/1.1: 505.
    Version,
    /// A method other than GET and HEAD: 405.
    Method,
    /// A body over [`ServerLimits::max_discarded_body`], or in chunks: 413.
    BodyTooLarge,
}

impl RequestError {
    /// The status line's code and reason, or `None` when nothing is to be answered.
    pub(crate) fn status(&self) -> Option<&'static str> {
        match self {
            RequestError::Idle | RequestError::Incomplete | RequestError::Io(_) => None,
            RequestError::LineTooLong => Some("414 URI Too Long"),
            RequestError::HeadersTooLarge => Some("431 Request Header Fields Too Large"),
            RequestError::Timeout => Some("408 Request Timeout"),
            RequestError::Malformed(_) => Some("400 Bad Request"),
            RequestError::Version => Some("505 HTTP Version Not Supported"),
            RequestError::Method => Some("405 Method Not Allowed"),
            RequestError::BodyTooLarge => Some("413 Content Too Large"),
        }
    }

    /// The plain-text body of the answer.
    pub(crate) fn message(&self) -> &'static str {
        match self {
            RequestError::Idle | RequestError::Incomplete | RequestError::Io(_) => "",
            RequestError::LineTooLong => "request line too long",
            RequestError::HeadersTooLarge => "request headers too large",
            RequestError::Timeout => "request not received in time",
            RequestError::Malformed(why) => why,
            RequestError::Version => "HTTP/1.1 only",
            RequestError::Method => "GET and HEAD only",
            RequestError::BodyTooLarge => "request body refused",
        }
    }
}

/// A request the server serves: GET or HEAD, its body (if any) already read and dropped.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Request {
    /// HEAD: the answer has no body.
    pub head_only: bool,
    /// The request target as sent (path and query).
    pub target: String,
    /// HTTP/1.0: a kept-alive answer must say so.
    pub http10: bool,
    /// The client may send another request on the connection.
    pub keep_alive: bool,
}

/// Size of one read from the socket. The buffer holds at most one line's limit plus this.
const READ_CHUNK: usize = 8 * 1024;

/// The reading side of a connection: the socket and the bytes received but not yet used (the
/// start of a pipelined request).
#[derive(Debug)]
pub(crate) struct Connection {
    stream: TcpStream,
    buffer: Vec<u8>,
}

impl Connection {
    pub(crate) fn new(stream: TcpStream) -> Connection {
        Connection {
            stream,
            buffer: Vec::with_capacity(READ_CHUNK),
        }
    }

    /// The socket, to write answers on.
    pub(crate) fn stream(&mut self) -> &mut TcpStream {
        &mut self.stream
    }

    /// Reads once from the socket into the buffer, waiting no later than `deadline`.
    fn fill(&mut self, deadline: Instant) -> Result<usize, ReadError> {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(ReadError::Timeout);
        }
        self.stream
            .set_read_timeout(Some(left))
            .map_err(ReadError::Io)?;
        let mut chunk = [0u8; READ_CHUNK];
        match self.stream.read(&mut chunk) {
            Ok(0) => Err(ReadError::Closed),
            Ok(n) => {
                self.buffer.extend_from_slice(&chunk[..n]);
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Ok(0),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                Err(ReadError::Timeout)
            }
            Err(e) => Err(ReadError::Io(e)),
        }
    }

    /// The next line, without its line ending (CRLF, or a bare LF), or `Ok(None)` when it is
    /// known to be longer than `max` bytes: then the server stops reading it at once, having
    /// buffered at most `max` + [`READ_CHUNK`] + 1 bytes of it.
    fn line(&mut self, max: usize, deadline: Instant) -> Result<Option<Vec<u8>>, ReadError> {
        let mut scanned = 0;
        loop {
            if let Some(at) = self.buffer[scanned..].iter().position(|&b| b == b'\n') {
                let mut line: Vec<u8> = self.buffer.drain(..=scanned + at).collect();
                line.pop();
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                return Ok((line.len() <= max).then_some(line));
            }
            scanned = self.buffer.len();
            // Unfinished, the line already has this many bytes, but for a last '\r' that may
            // be the start of its ending.
            let known = self.buffer.len() - usize::from(self.buffer.last() == Some(&b'\r'));
            if known > max {
                return Ok(None);
            }
            self.fill(deadline)?;
        }
    }

    /// Reads and drops `length` bytes of body.
    fn discard(&mut self, mut length: u64, deadline: Instant) -> Result<(), ReadError> {
        loop {
            let take = usize::try_from(length)
                .unwrap_or(usize::MAX)
                .min(self.buffer.len());
            self.buffer.drain(..take);
            length -= take as u64;
            if length == 0 {
                return Ok(());
            }
            self.fill(deadline)?;
        }
    }

    /// Reads the next request, which must arrive whole by `deadline`: its head within the
    /// limits, its body (for GET and HEAD, up to the limit) read and dropped.
    ///
    /// # Errors
    ///
    /// The [`RequestError`] that says what to answer, if anything, before closing.
    pub(crate) fn request(
        &mut self,
        limits: &ServerLimits,
        deadline: Instant,
    ) -> Result<Request, RequestError> {
        // RFC 9112, 2.2: empty lines before a request line are ignored (some clients send a
        // CRLF after a body). They are bounded by the deadline like the rest.
        let mut started = !self.buffer.is_empty();
        let line = loop {
            match self.line(limits.max_request_line, deadline) {
                Ok(Some(line)) if line.is_empty() => started = true,
                Ok(Some(line)) => break line,
                Ok(None) => return Err(RequestError::LineTooLong),
                Err(e) if !started && self.buffer.is_empty() => {
                    return Err(match e {
                        ReadError::Io(e) => RequestError::Io(e),
                        ReadError::Closed | ReadError::Timeout => RequestError::Idle,
                    })
                }
                Err(e) => return Err(in_request(e)),
            }
        };
        let (method, target, http10) = request_line(&line)?;

        let mut headers = Headers::default();
        let mut budget = limits.max_header_bytes;
        let mut count = 0;
        loop {
            let line = match self.line(budget, deadline) {
                Ok(Some(line)) => line,
                Ok(None) => return Err(RequestError::HeadersTooLarge),
                Err(e) => return Err(in_request(e)),
            };
            if line.is_empty() {
                break;
            }
            count += 1;
            if count > limits.max_headers {
                return Err(RequestError::HeadersTooLarge);
            }
            budget -= line.len();
            headers.add(&line)?;
        }

        if headers.transfer_encoding && headers.content_length.is_some() {
            return Err(RequestError::Malformed(
                "both Content-Length and Transfer-Encoding",
            ));
        }
        let head_only = match method {
            "GET" => false,
            "HEAD" => true,
            _ => return Err(RequestError::Method),
        };
        if headers.transfer_encoding {
            return Err(RequestError::BodyTooLarge);
        }
        let length = headers.content_length.unwrap_or(0);
        if length > limits.max_discarded_body {
            return Err(RequestError::BodyTooLarge);
        }
        self.discard(length, deadline).map_err(in_request)?;

        let keep_alive = if http10 {
            headers.keep_alive
        } else {
            !headers.close
        };
        Ok(Request {
            head_only,
            target: target.to_owned(),
            http10,
            keep_alive,
        })
    }
}

/// A read that failed once a request had begun.
fn in_request(e: ReadError) -> RequestError {
    match e {
        ReadError::Closed => RequestError::Incomplete,
        ReadError::Timeout => RequestError::Timeout,
        ReadError::Io(e) => RequestError::Io(e),
    }
}

/// Method, target and whether the version is HTTP/1.0, from `METHOD SP target SP HTTP/1.x`.
fn request_line(line: &[u8]) -> Result<(&str, &str, bool), RequestError> {
    let line =
        std::str::from_utf8(line).map_err(|_| RequestError::Malformed("request line not UTF-8"))?;
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(RequestError::Malformed("bad request line"));
    };
    if method.is_empty() || target.is_empty() || !method.bytes().all(is_token) {
        return Err(RequestError::Malformed("bad request line"));
    }
    let http10 = match version {
        "HTTP/1.1" => false,
        "HTTP/1.0" => true,
        v if v.starts_with("HTTP/") => return Err(RequestError::Version),
        _ => return Err(RequestError::Malformed("bad request line")),
    };
    Ok((method, target, http10))
}

/// A `tchar` of RFC 9110, 5.6.2: what a method or a field name is made of.
fn is_token(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// The header fields the server acts on.
#[derive(Debug, Default)]
struct Headers {
    content_length: Option<u64>,
    transfer_encoding: bool,
    close: bool,
    keep_alive: bool,
}

impl Headers {
    /// Takes in one header line (`name: value`).
    fn add(&mut self, line: &[u8]) -> Result<(), RequestError> {
        let colon = line
            .iter()
            .position(|&b| b == b':')
            .ok_or(RequestError::Malformed("header line without a colon"))?;
        let (name, value) = (&line[..colon], &line[colon + 1..]);
        // Whitespace before the colon or a folded line (starting with whitespace) are how
        // requests are smuggled past proxies that read them differently: refused (RFC 9112, 5).
        if name.is_empty() || !name.iter().copied().all(is_token) {
            return Err(RequestError::Malformed("bad header name"));
        }
        let value = value.trim_ascii();
        if name.eq_ignore_ascii_case(b"content-length") {
            // Repeated, or as a list, it must say the same length every time.
            for part in value.split(|&b| b == b',') {
                let length = decimal(part.trim_ascii())
                    .ok_or(RequestError::Malformed("bad Content-Length"))?;
                if self.content_length.is_some_and(|l| l != length) {
                    return Err(RequestError::Malformed("conflicting Content-Length"));
                }
                self.content_length = Some(length);
            }
        } else if name.eq_ignore_ascii_case(b"transfer-encoding") {
            self.transfer_encoding = true;
        } else if name.eq_ignore_ascii_case(b"connection") {
            for option in value.split(|&b| b == b',') {
                let option = option.trim_ascii();
                self.close |= option.eq_ignore_ascii_case(b"close");
                self.keep_alive |= option.eq_ignore_ascii_case(b"keep-alive");
            }
        }
        Ok(())
    }
}

/// A non-negative decimal number of digits only, not too large for a `u64`.
fn decimal(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(digits).ok()?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_lines() {
        assert_eq!(
            request_line(b"GET /a?b HTTP/1.1").unwrap(),
            ("GET", "/a?b", false)
        );
        assert_eq!(
            request_line(b"HEAD / HTTP/1.0").unwrap(),
            ("HEAD", "/", true)
        );
        for bad in [
            &b"GET /"[..],
            b"GET  / HTTP/1.1",
            b"GET / HTTP/1.1 x",
            b"G(T / HTTP/1.1",
            b"GET / FTP/1.1",
            b"GET /\xff HTTP/1.1",
        ] {
            assert!(
                matches!(request_line(bad), Err(RequestError::Malformed(_))),
                "{bad:?}"
            );
        }
        assert!(matches!(
            request_line(b"GET / HTTP/2.0"),
            Err(RequestError::Version)
        ));
    }

    #[test]
    fn headers_acted_on() {
        let mut h = Headers::default();
        h.add(b"Content-Length: 12").unwrap();
        h.add(b"content-length:12, 12").unwrap();
        h.add(b"Connection: Keep-Alive, Upgrade").unwrap();
        h.add(b"X-Other: \xff").unwrap();
        assert_eq!(h.content_length, Some(12));
        assert!(h.keep_alive && !h.close && !h.transfer_encoding);
        for bad in [
            &b"Content-Length: 13"[..],
            b"Content-Length: +3",
            b"Content-Length: 99999999999999999999999",
            b"Content-Length: ",
            b"Host : x",
            b" folded",
            b"no colon",
        ] {
            assert!(
                matches!(h.add(bad), Err(RequestError::Malformed(_))),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
        h.add(b"TRANSFER-ENCODING: chunked").unwrap();
        assert!(h.transfer_encoding);
    }

    #[test]
    fn statuses() {
        assert_eq!(RequestError::Idle.status(), None);
        assert_eq!(RequestError::LineTooLong.status(), Some("414 URI Too Long"));
        assert_eq!(
            RequestError::Malformed("x").message(),
            "x",
            "the reason is the answer's body"
        );
    }
}
