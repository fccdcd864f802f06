//! The server without a browser: files, MIME types, the module, paths kept inside the page's
//! folder, keep-alive; and each way a hostile client could make it hold memory or time, or
//! smuggle a request, against a real server on a free port of 127.0.0.1.

mod support;

use catmaze_web::{ServerLimits, MAX_DISCARDED_BODY, MAX_HEADERS, MAX_REQUEST_LINE};
use std::io::{ErrorKind, Read, Write};
use std::time::{Duration, Instant};
use support::{
    connect, exchange, get, read_response, read_until_closed, split_responses, start, PATIENCE,
};

#[test]
fn serves_the_page_and_the_module_with_their_types() {
    let server = start(ServerLimits::default());
    let addr = server.addr;

    let page = get(addr, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
    assert!(page.contains("Content-Type: text/html; charset=utf-8\r\n"));
    assert!(page.ends_with("<p>hello</p>"));

    let module = get(addr, "GET /catmaze_wasm.wasm HTTP/1.1\r\n\r\n");
    assert!(
        module.contains("Content-Type: application/wasm\r\n"),
        "{module}"
    );
    assert!(module.contains("Content-Length: 8\r\n"));
    assert!(module.ends_with("\0asm\x01\0\0\0"));

    let script = get(addr, "HEAD /main.js?v=1 HTTP/1.1\r\n\r\n");
    assert!(script.starts_with("HTTP/1.1 200 OK\r\n"), "{script}");
    assert!(script.contains("text/javascript"));
    assert!(script.contains("Content-Length: 10\r\n"));
    assert!(script.ends_with("\r\n\r\n"), "HEAD has no body: {script}");

    for path in ["/../secret.txt", "/nothing.js", "/%2e%2e/secret.txt"] {
        let answer = get(addr, &format!("GET {path} HTTP/1.1\r\n\r\n"));
        assert!(answer.starts_with("HTTP/1.1 404"), "{path}: {answer}");
    }
}

#[test]
fn keep_alive_serves_one_request_after_another_until_asked_to_close() {
    let server = start(ServerLimits::default());
    let mut stream = connect(server.addr);
    stream
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        .unwrap();
    let (head, body) = read_response(&mut stream, false);
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
    assert!(!head.contains("Connection:"), "{head}");
    assert_eq!(body, "<p>hello</p>");

    stream.write_all(b"HEAD /main.js HTTP/1.1\r\n\r\n").unwrap();
    let (head, body) = read_response(&mut stream, true);
    assert!(head.contains("Content-Length: 10\r\n"), "{head}");
    assert_eq!(body, "");

    // A 404 keeps the connection; two pipelined requests get two answers, in order.
    stream
        .write_all(b"GET /nothing HTTP/1.1\r\n\r\nGET /main.js HTTP/1.1\r\n\r\nGET /catmaze_wasm.wasm HTTP/1.1\r\n\r\n")
        .unwrap();
    assert!(read_response(&mut stream, false)
        .0
        .starts_with("HTTP/1.1 404"));
    assert_eq!(read_response(&mut stream, false).1, "export {};");
    assert_eq!(read_response(&mut stream, false).1, "\0asm\x01\0\0\0");

    stream
        .write_all(b"GET /main.js HTTP/1.1\r\nConnection: close\r\n\r\n")
        .unwrap();
    let rest = read_until_closed(&mut stream);
    assert!(rest.contains("Connection: close\r\n"), "{rest}");
    assert!(rest.ends_with("\r\n\r\nexport {};"), "{rest}");

    // HTTP/1.0 closes unless the client asks to keep the connection.
    let old = get(server.addr, "GET /main.js HTTP/1.0\r\n\r\n");
    assert!(old.contains("Connection: close\r\n"), "{old}");
    let mut stream = connect(server.addr);
    stream
        .write_all(b"GET /main.js HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        .unwrap();
    let (head, _) = read_response(&mut stream, false);
    assert!(head.contains("Connection: keep-alive\r\n"), "{head}");
    stream.write_all(b"GET / HTTP/1.0\r\n\r\n").unwrap();
    assert!(read_until_closed(&mut stream).ends_with("<p>hello</p>"));
}

/// `GET /xxx…x HTTP/1.1`, exactly `length` bytes before its CRLF.
fn request_line_of(length: usize) -> String {
    let fixed = "GET / HTTP/1.1".len();
    format!("GET /{} HTTP/1.1", "x".repeat(length - fixed))
}

#[test]
fn a_request_line_at_the_limit_is_read_and_one_byte_more_gets_414() {
    let server = start(ServerLimits::default());
    let at = request_line_of(MAX_REQUEST_LINE);
    let answer = exchange(
        server.addr,
        format!("{at}\r\nConnection: close\r\n\r\n").as_bytes(),
    );
    assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");

    let over = request_line_of(MAX_REQUEST_LINE + 1);
    for ending in ["\r\n", "\n", ""] {
        let answer = exchange(server.addr, format!("{over}{ending}").as_bytes());
        assert!(
            answer.starts_with("HTTP/1.1 414 URI Too Long\r\n"),
            "{ending:?}: {answer}"
        );
        assert!(answer.contains("Connection: close\r\n"));
    }
}

/// Streams `prefix` then `filler` bytes up to `total` bytes on a new connection, while reading
/// the answer; returns the answer and how many bytes the client managed to send before the
/// server closed (it stops at `total`).
fn stream_until_closed(
    addr: std::net::SocketAddr,
    prefix: &[u8],
    filler: u8,
    total: usize,
) -> (String, usize) {
    let mut stream = connect(addr);
    let mut writer = stream.try_clone().unwrap();
    let prefix = prefix.to_vec();
    let sending = std::thread::spawn(move || {
        writer
            .set_write_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        let mut sent = 0;
        let chunk = vec![filler; 64 * 1024];
        if writer.write_all(&prefix).is_err() {
            return 0;
        }
        while sent < total {
            match writer.write(&chunk) {
                Ok(n) => sent += n,
                Err(_) => break,
            }
        }
        sent
    });
    let answer = read_until_closed(&mut stream);
    (answer, sending.join().unwrap())
}

/// Far more than the socket buffers of both ends can hold, which is all a client can get in
/// before it sees the connection closed, if the server stops reading.
const FLOOD: usize = 64 << 20;

#[test]
fn an_endless_request_line_gets_414_and_the_server_stops_reading_it() {
    let server = start(ServerLimits::default());
    let start = Instant::now();
    let (answer, sent) = stream_until_closed(server.addr, b"GET /", b'a', FLOOD);
    assert!(
        answer.starts_with("HTTP/1.1 414 URI Too Long\r\n"),
        "{answer}"
    );
    assert!(
        sent < FLOOD / 2,
        "the server read on: the client sent {sent} bytes"
    );
    assert!(start.elapsed() < PATIENCE);
}

#[test]
fn too_many_or_too_large_headers_get_431() {
    let server = start(ServerLimits::default());
    let headers = |n: usize| -> String { (0..n).map(|i| format!("X-{i}: {i}\r\n")).collect() };
    let answer = exchange(
        server.addr,
        format!(
            "GET / HTTP/1.1\r\n{}Connection: close\r\n\r\n",
            headers(MAX_HEADERS - 1)
        )
        .as_bytes(),
    );
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    let answer = exchange(
        server.addr,
        format!("GET / HTTP/1.1\r\n{}\r\n", headers(MAX_HEADERS + 1)).as_bytes(),
    );
    assert!(
        answer.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"),
        "{answer}"
    );

    // The byte budget, to the byte: 3 lines of 10 bytes, then one of 10 (40 in all) or 11.
    let small = start(ServerLimits {
        max_header_bytes: 40,
        ..ServerLimits::default()
    });
    for (last, status) in [("X-3: 56789", "200"), ("X-3: 567890", "431")] {
        let answer = get(
            small.addr,
            &format!("GET / HTTP/1.1\r\nX-0: 56789\r\nX-1: 56789\r\nX-2: 56789\r\n{last}\r\n\r\n"),
        );
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status}")),
            "{last}: {answer}"
        );
    }

    // One endless header line: refused without reading it all.
    let (answer, sent) =
        stream_until_closed(server.addr, b"GET / HTTP/1.1\r\nX-Big: ", b'b', FLOOD);
    assert!(answer.starts_with("HTTP/1.1 431"), "{answer}");
    assert!(sent < FLOOD / 2, "the client sent {sent} bytes");
}

#[test]
fn a_slow_client_is_cut_at_the_whole_request_deadline() {
    let deadline = Duration::from_millis(800);
    let server = start(ServerLimits {
        request_deadline: deadline,
        ..ServerLimits::default()
    });
    // The request line at once, then header lines of 11 bytes, one byte every 50 ms: each read,
    // and each line, comes well within the deadline; the request never ends.
    let mut stream = connect(server.addr);
    stream
        .set_read_timeout(Some(Duration::from_millis(50)))
        .unwrap();
    let start = Instant::now();
    stream.write_all(b"GET / HTTP/1.1\r\n").unwrap();
    let mut answer = Vec::new();
    let mut buffer = [0u8; 1024];
    for &byte in b"X-Slow: z\r\n".iter().cycle() {
        assert!(
            start.elapsed() < 4 * deadline,
            "still open after {:?}",
            start.elapsed()
        );
        let _ = stream.write_all(&[byte]);
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
            Err(e) if e.kind() == ErrorKind::ConnectionReset => break,
            Err(e) => panic!("{e}"),
        }
    }
    let elapsed = start.elapsed();
    let answer = String::from_utf8_lossy(&answer);
    assert!(
        answer.starts_with("HTTP/1.1 408 Request Timeout\r\n"),
        "{answer}"
    );
    assert!(elapsed >= deadline, "cut after {elapsed:?}");

    // A connection on which no request begins is closed without an answer at the deadline,
    // and so is a kept-alive one after its last answer.
    let start = Instant::now();
    assert_eq!(read_until_closed(&mut connect(server.addr)), "");
    assert!(start.elapsed() >= deadline && start.elapsed() < 4 * deadline);
    let mut stream = connect(server.addr);
    stream.write_all(b"GET / HTTP/1.1\r\n\r\n").unwrap();
    read_response(&mut stream, false);
    assert_eq!(read_until_closed(&mut stream), "");

    // The body of a GET counts against the same deadline.
    let mut stream = connect(server.addr);
    stream
        .write_all(b"GET / HTTP/1.1\r\nContent-Length: 10\r\n\r\n12345")
        .unwrap();
    assert!(read_until_closed(&mut stream).starts_with("HTTP/1.1 408"));
}

#[test]
fn a_post_body_that_looks_like_a_request_is_never_served() {
    let server = start(ServerLimits::default());
    let smuggled = "GET /nothing.js HTTP/1.1\r\nHost: x\r\n\r\n";
    for request in [
        format!("POST / HTTP/1.1\r\nContent-Length: {}\r\n\r\n{smuggled}", smuggled.len()),
        format!("POST / HTTP/1.1\r\n\r\n{smuggled}"),
        format!("PUT /main.js HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{smuggled}\r\n0\r\n\r\n", smuggled.len()),
    ] {
        let answer = exchange(server.addr, request.as_bytes());
        let responses = split_responses(&answer);
        assert_eq!(responses.len(), 1, "{answer}");
        let head = &responses[0].0;
        assert!(head.starts_with("HTTP/1.1 405 Method Not Allowed\r\n"), "{head}");
        assert!(head.contains("Allow: GET, HEAD\r\n") && head.contains("Connection: close\r\n"));
    }
}

#[test]
fn a_get_body_is_read_and_dropped_or_refused_never_parsed_as_a_request() {
    let server = start(ServerLimits::default());
    let smuggled = "GET /nothing.js HTTP/1.1\r\nHost: x\r\n\r\n";

    // Within the bound the body is skipped and the connection goes on at the next request.
    let answer = exchange(
        server.addr,
        format!(
            "GET /main.js HTTP/1.1\r\nContent-Length: {}\r\n\r\n{smuggled}GET / HTTP/1.1\r\nConnection: close\r\n\r\n",
            smuggled.len()
        )
        .as_bytes(),
    );
    let responses = split_responses(&answer);
    assert_eq!(responses.len(), 2, "{answer}");
    assert_eq!(responses[0].1, "export {};");
    assert_eq!(responses[1].1, "<p>hello</p>");

    let refused = [
        (
            format!("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{smuggled}\r\n0\r\n\r\n", smuggled.len()),
            "413",
        ),
        (
            format!("GET / HTTP/1.1\r\nContent-Length: {}\r\n\r\n{smuggled}", MAX_DISCARDED_BODY + 1),
            "413",
        ),
        (
            format!("GET / HTTP/1.1\r\nContent-Length: {}\r\nTransfer-Encoding: chunked\r\n\r\n{smuggled}", smuggled.len()),
            "400",
        ),
        (
            format!("GET / HTTP/1.1\r\nContent-Length: 0\r\nContent-Length: {}\r\n\r\n{smuggled}", smuggled.len()),
            "400",
        ),
        (format!("GET / HTTP/1.1\r\nContent-Length : 0\r\n\r\n{smuggled}"), "400"),
        (format!("GET / HTTP/1.1\r\nX: y\r\n folded\r\n\r\n{smuggled}"), "400"),
    ];
    for (request, status) in refused {
        let answer = exchange(server.addr, request.as_bytes());
        let responses = split_responses(&answer);
        assert_eq!(responses.len(), 1, "{request:?}: {answer}");
        assert!(
            responses[0].0.starts_with(&format!("HTTP/1.1 {status} ")),
            "{request:?}: {answer}"
        );
        assert!(responses[0].0.contains("Connection: close\r\n"));
    }

    // A body at the bound is read whole, even when it comes in pieces.
    let mut stream = connect(server.addr);
    stream
        .write_all(
            format!("HEAD / HTTP/1.1\r\nContent-Length: {MAX_DISCARDED_BODY}\r\n\r\n").as_bytes(),
        )
        .unwrap();
    let body = vec![b'G'; MAX_DISCARDED_BODY as usize];
    for piece in body.chunks(10_000) {
        stream.write_all(piece).unwrap();
    }
    let (head, _) = read_response(&mut stream, true);
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
    stream.write_all(b"GET /main.js HTTP/1.1\r\n\r\n").unwrap();
    assert_eq!(read_response(&mut stream, false).1, "export {};");
}

#[test]
fn malformed_requests_get_400_and_other_versions_505() {
    let server = start(ServerLimits::default());
    for (request, status) in [
        ("GET /\r\n\r\n", "400"),
        ("GET  / HTTP/1.1\r\n\r\n", "400"),
        ("GET / HTTP/1.1\r\nno colon\r\n\r\n", "400"),
        ("GET / HTTP/2.0\r\n\r\n", "505"),
        (
            "\r\n\r\nGET /main.js HTTP/1.1\r\nConnection: close\r\n\r\n",
            "200",
        ),
    ] {
        let answer = exchange(server.addr, request.as_bytes());
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {status} ")),
            "{request:?}: {answer}"
        );
    }
}
