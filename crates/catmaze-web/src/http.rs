//! The HTTP server: static files and the wasm module, GET and HEAD only, within the
//! [`ServerLimits`]: a thread per connection up to a cap, each request bounded in size and time.

use crate::limits::ServerLimits;
use crate::request::{Connection, Request, RequestError};
use std::fs::File;
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What to serve and where.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// The page's static files.
    pub web_dir: PathBuf,
    /// The wasm module, served as `/catmaze_wasm.wasm`.
    pub wasm: PathBuf,
    /// What a client may make the server hold.
    pub limits: ServerLimits,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            port: 8717,
            web_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("web"),
            wasm: PathBuf::new(),
            limits: ServerLimits::default(),
        }
    }
}

/// A bound server, not yet serving.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    options: ServeOptions,
    stats: ServerStats,
}

/// Counters of a server, shared with it: how many connections it is serving and how many it
/// turned away at the cap. For tests and monitoring; a clone reads the same counters.
#[derive(Clone, Debug, Default)]
pub struct ServerStats {
    counters: Arc<Counters>,
}

#[derive(Debug, Default)]
struct Counters {
    active: AtomicUsize,
    refused: AtomicUsize,
}

impl ServerStats {
    /// The connections being served now, each on its thread.
    pub fn active(&self) -> usize {
        self.counters.active.load(Ordering::Acquire)
    }

    /// The connections answered 503 because [`ServerLimits::max_connections`] were being served.
    pub fn refused(&self) -> usize {
        self.counters.refused.load(Ordering::Acquire)
    }
}

/// One of the [`ServerLimits::max_connections`] places, given back when dropped: when the
/// connection's thread ends (even by a panic) or could not be started.
#[derive(Debug)]
struct Slot(Arc<Counters>);

impl Slot {
    /// A place, if fewer than `max` (at least 1) are taken.
    fn take(counters: &Arc<Counters>, max: usize) -> Option<Slot> {
        counters
            .active
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max.max(1)).then_some(n + 1)
            })
            .ok()
            .map(|_| Slot(Arc::clone(counters)))
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.active.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The `Content-Type` for a file name; the module must be `application/wasm` for the browser
/// to compile it while it downloads.
///
/// ```
/// assert_eq!(catmaze_web::content_type("a.wasm"), "application/wasm");
/// assert_eq!(catmaze_web::content_type("game.js"), "text/javascript; charset=utf-8");
/// ```
pub fn content_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        Some("map" | "txt" | "scen") => "text/plain; charset=utf-8",
        Some("ico") => "image/x-icon",
        _ => "application/octet-stream",
    }
}

impl Server {
    /// Binds 127.0.0.1 on the options' port.
    ///
    /// # Errors
    ///
    /// The port is taken or not allowed.
    pub fn bind(options: &ServeOptions) -> io::Result<Server> {
        let listener = TcpListener::bind(("127.0.0.1", options.port))?;
        Ok(Server {
            listener,
            options: options.clone(),
            stats: ServerStats::default(),
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], self.options.port)))
    }

    /// `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr())
    }

    /// The server's counters, to read while it runs.
    pub fn stats(&self) -> ServerStats {
        self.stats.clone()
    }

    /// Serves until the process ends: a thread per connection, at most
    /// [`ServerLimits::max_connections`] at once; past that a connection is answered 503 and
    /// closed by this thread, which never waits on a client.
    pub fn run(self) {
        let options = Arc::new(self.options);
        loop {
            match self.listener.accept() {
                Ok((stream, _)) => dispatch(stream, &options, &self.stats.counters),
                // Out of file descriptors, or a connection reset before it was accepted: wait a
                // little rather than spin on an error that may repeat.
                Err(_) => std::thread::sleep(ACCEPT_BACKOFF),
            }
        }
    }
}

/// The pause after a failed `accept`.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(10);

/// The answer to a connection past the cap.
const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n\
    Content-Length: 5\r\nRetry-After: 1\r\nConnection: close\r\n\r\nbusy\n";

/// Hands the connection to a thread of its own if a place is free, else answers 503.
fn dispatch(stream: TcpStream, options: &Arc<ServeOptions>, counters: &Arc<Counters>) {
    let Some(slot) = Slot::take(counters, options.limits.max_connections) else {
        counters.refused.fetch_add(1, Ordering::AcqRel);
        refuse(stream);
        return;
    };
    let options = Arc::clone(options);
    // If the thread cannot be started the closure is dropped: the stream closes, the slot is
    // given back.
    let _ = std::thread::Builder::new()
        .name("catmaze-web connection".into())
        .spawn(move || {
            let _slot = slot;
            let _ = serve(stream, &options);
        });
}

/// Answers 503 without blocking: the answer is far smaller than a socket's buffer; if even it
/// does not fit, the client gets only the close.
fn refuse(mut stream: TcpStream) {
    if stream.set_nonblocking(true).is_ok() {
        let _ = stream.write_all(BUSY);
    }
}

/// The file a request path names, or `None` for anything that would leave the web directory.
fn resolve(options: &ServeOptions, path: &str) -> Option<PathBuf> {
    let path = path.split(['?', '#']).next().unwrap_or("/");
    if path == "/catmaze_wasm.wasm" {
        return Some(options.wasm.clone());
    }
    let relative = path.trim_start_matches('/');
    let relative = if relative.is_empty() {
        "index.html"
    } else {
        relative
    };
    let relative = Path::new(relative);
    if !relative
        .components()
        .all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    Some(options.web_dir.join(relative))
}

/// Serves the requests of one connection until the client closes it, a request asks to close,
/// or a request is refused.
///
/// # Errors
///
/// Writing an answer failed or ran past [`ServerLimits::response_deadline`].
fn serve(stream: TcpStream, options: &ServeOptions) -> io::Result<()> {
    // Each answer is written in as few writes as possible; Nagle's delay would only hold back
    // the last segment of each.
    stream.set_nodelay(true)?;
    let limits = &options.limits;
    let mut connection = Connection::new(stream);
    loop {
        // One deadline for the whole request, set before its first byte is awaited.
        let deadline = after(limits.request_deadline);
        let request = connection.request(limits, deadline);
        let stream = connection.stream();
        let deadline = after(limits.response_deadline);
        match request {
            Ok(request) => {
                answer(stream, options, &request, deadline)?;
                if !request.keep_alive {
                    close(stream);
                    return Ok(());
                }
            }
            Err(RequestError::Io(e)) => return Err(e),
            Err(error) => {
                if let Some(status) = error.status() {
                    let extra = if matches!(error, RequestError::Method) {
                        "Allow: GET, HEAD\r\nConnection: close\r\n"
                    } else {
                        "Connection: close\r\n"
                    };
                    let message = error.message();
                    let head = head(status, "text/plain; charset=utf-8", message.len(), extra);
                    write_by(
                        stream,
                        &[head.as_bytes(), message.as_bytes()].concat(),
                        deadline,
                    )?;
                    close(stream);
                }
                return Ok(());
            }
        }
    }
}

/// The instant `wait` from now; a wait too long for an [`Instant`] (`Duration::MAX` as "no
/// limit") is cut to a year rather than overflow.
fn after(wait: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(wait)
        .or_else(|| now.checked_add(Duration::from_secs(365 * 24 * 3600)))
        .unwrap_or(now)
}

/// Answers a GET or HEAD with the file it names, or 404.
fn answer(
    stream: &mut TcpStream,
    options: &ServeOptions,
    request: &Request,
    deadline: Instant,
) -> io::Result<()> {
    let connection = match (request.keep_alive, request.http10) {
        (false, _) => "Connection: close\r\n",
        (true, true) => "Connection: keep-alive\r\n",
        (true, false) => "",
    };
    let found = resolve(options, &request.target).and_then(|path| {
        let file = File::open(&path).ok()?;
        let length = file.metadata().ok().filter(|m| m.is_file())?.len();
        Some((path, file, length))
    });
    let Some((path, mut file, length)) = found else {
        let body: &[u8] = b"not found";
        let head = head(
            "404 Not Found",
            "text/plain; charset=utf-8",
            body.len(),
            connection,
        );
        let body = if request.head_only { &[][..] } else { body };
        return write_by(stream, &[head.as_bytes(), body].concat(), deadline);
    };
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let head = head("200 OK", content_type(name), length, connection);
    // The head and the file's first bytes go out in one write, then the rest in chunks, so
    // the file is never in memory whole.
    let mut out = head.into_bytes();
    if request.head_only {
        return write_by(stream, &out, deadline);
    }
    let mut left = length;
    let mut chunk = vec![0u8; FILE_CHUNK];
    loop {
        let want = usize::try_from(left).map_or(FILE_CHUNK, |l| l.min(FILE_CHUNK));
        let n = file.read(&mut chunk[..want])?;
        if n == 0 && left > 0 {
            // The file shrank since its length was sent: the answer cannot be completed.
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        out.extend_from_slice(&chunk[..n]);
        left -= n as u64;
        write_by(stream, &out, deadline)?;
        out.clear();
        if left == 0 {
            return Ok(());
        }
    }
}

/// The size of the pieces a file is sent in.
const FILE_CHUNK: usize = 64 * 1024;

/// A response's status line and headers, up to the blank line; `extra` is more header lines,
/// each ending in CRLF.
fn head(status: &str, content_type: &str, length: impl std::fmt::Display, extra: &str) -> String {
    format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {length}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n{extra}\r\n"
    )
}

/// Writes all of `bytes` by `deadline`, however slowly the client reads.
///
/// # Errors
///
/// The socket failed, or the deadline passed (`TimedOut`).
fn write_by(stream: &mut TcpStream, mut bytes: &[u8], deadline: Instant) -> io::Result<()> {
    while !bytes.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        match stream.write(bytes) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                return Err(io::ErrorKind::TimedOut.into())
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// How long, and how many bytes, [`close`] reads and drops before closing.
const LINGER_TIME: Duration = Duration::from_secs(1);
/// See [`LINGER_TIME`].
const LINGER_BYTES: usize = 256 * 1024;

/// Closes a connection after its last answer.
///
/// The client may still be sending (the rest of an overlong line, a refused body): a socket
/// closed with unread bytes sends a reset, which can destroy the answer before the client has
/// read it. So the server first ends its side, then reads and drops what still comes, briefly
/// and up to a bound ([`LINGER_TIME`], [`LINGER_BYTES`]), and closes.
fn close(stream: &mut TcpStream) {
    if stream.shutdown(Shutdown::Write).is_err() {
        return;
    }
    let until = Instant::now() + LINGER_TIME;
    let mut left = LINGER_BYTES;
    let mut sink = [0u8; 8192];
    while left > 0 {
        let wait = until.saturating_duration_since(Instant::now());
        if wait.is_zero() || stream.set_read_timeout(Some(wait)).is_err() {
            return;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => return,
            Ok(n) => left = left.saturating_sub(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_web_directory() {
        let options = ServeOptions {
            web_dir: PathBuf::from("/srv/web"),
            wasm: PathBuf::from("/build/m.wasm"),
            port: 0,
            limits: ServerLimits::default(),
        };
        assert_eq!(
            resolve(&options, "/"),
            Some(PathBuf::from("/srv/web/index.html"))
        );
        assert_eq!(
            resolve(&options, "/game.js?v=2"),
            Some(PathBuf::from("/srv/web/game.js"))
        );
        assert_eq!(
            resolve(&options, "/catmaze_wasm.wasm"),
            Some(PathBuf::from("/build/m.wasm"))
        );
        assert_eq!(resolve(&options, "/../etc/passwd"), None);
        assert_eq!(resolve(&options, "/a/../../x"), None);
    }

    #[test]
    fn a_deadline_without_limit_does_not_overflow() {
        assert!(after(Duration::MAX) > Instant::now() + Duration::from_secs(3600));
    }
}
