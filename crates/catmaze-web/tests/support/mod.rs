//! A server on a free port of 127.0.0.1 over a small copy of the page, and a client that never
//! waits more than a few seconds for it: a test against a broken server fails, it does not hang.

#![allow(dead_code)] // each test file uses its own part

use catmaze_web::{ServeOptions, Server, ServerLimits, ServerStats};
use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The longest a client waits for an answer before the test fails.
pub const PATIENCE: Duration = Duration::from_secs(10);

/// A running server and the folder it serves, removed when dropped (the server's thread ends
/// with the test process).
pub struct TestServer {
    pub addr: SocketAddr,
    pub stats: ServerStats,
    pub dir: PathBuf,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Starts a server with these limits over `index.html` (`<p>hello</p>`), `main.js`
/// (`export {};`) and an 8-byte module, with `secret.txt` beside the page's folder.
pub fn start(limits: ServerLimits) -> TestServer {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "catmaze-web-serve-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(dir.join("web")).unwrap();
    std::fs::write(dir.join("web/index.html"), "<p>hello</p>").unwrap();
    std::fs::write(dir.join("web/main.js"), "export {};").unwrap();
    std::fs::write(dir.join("secret.txt"), "no").unwrap();
    std::fs::write(dir.join("m.wasm"), b"\0asm\x01\0\0\0").unwrap();
    let server = Server::bind(&ServeOptions {
        port: 0,
        web_dir: dir.join("web"),
        wasm: dir.join("m.wasm"),
        limits,
    })
    .unwrap();
    let (addr, stats) = (server.addr(), server.stats());
    std::thread::spawn(move || server.run());
    TestServer { addr, stats, dir }
}

/// A connection whose reads give up after [`PATIENCE`].
pub fn connect(addr: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(PATIENCE)).unwrap();
    stream
}

/// Everything the server sends until it closes the connection; panics if it keeps it open
/// longer than [`PATIENCE`]. A reset after the answer ends the reading like a close.
pub fn read_until_closed(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&chunk[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                panic!(
                    "the server kept the connection open; got so far: {}",
                    String::from_utf8_lossy(&answer)
                )
            }
            Err(e) if e.kind() == ErrorKind::ConnectionReset => break,
            Err(e) => panic!("reading: {e}"),
        }
    }
    String::from_utf8_lossy(&answer).into_owned()
}

/// Sends `request` and returns all the server sends until it closes the connection.
pub fn exchange(addr: SocketAddr, request: &[u8]) -> String {
    let mut stream = connect(addr);
    stream.write_all(request).unwrap();
    read_until_closed(&mut stream)
}

/// Sends `request`, ends the client's side, and returns the whole answer.
pub fn get(addr: SocketAddr, request: &str) -> String {
    let mut stream = connect(addr);
    stream.write_all(request.as_bytes()).unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    read_until_closed(&mut stream)
}

/// One response read off a kept-alive connection: its head (status line and headers) and
/// body, read to its `Content-Length` (no body for a HEAD request).
pub fn read_response(stream: &mut TcpStream, head_only: bool) -> (String, String) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = stream
            .read(&mut byte)
            .expect("a response before the timeout");
        assert_eq!(n, 1, "closed mid-head: {}", String::from_utf8_lossy(&head));
        head.push(byte[0]);
    }
    let head = String::from_utf8(head).unwrap();
    let length: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Length: "))
        .expect("a Content-Length")
        .parse()
        .unwrap();
    let mut body = vec![0u8; if head_only { 0 } else { length }];
    stream.read_exact(&mut body).unwrap();
    (head, String::from_utf8(body).unwrap())
}

/// The responses in `text`, each a head and the body its `Content-Length` gives.
pub fn split_responses(mut text: &str) -> Vec<(String, String)> {
    let mut responses = Vec::new();
    while !text.is_empty() {
        let end = text.find("\r\n\r\n").expect("a complete head") + 4;
        let head = &text[..end];
        let length: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("Content-Length: "))
            .expect("a Content-Length")
            .parse()
            .unwrap();
        responses.push((head.to_owned(), text[end..end + length].to_owned()));
        text = &text[end + length..];
    }
    responses
}

/// Waits until `condition` holds, for at most `limit`; whether it came to hold.
pub fn wait_for(limit: Duration, mut condition: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if condition() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    condition()
}
