//! The cap on connections served at once, alone in its test binary so that the process's
//! thread count is the server's and this test's only.

mod support;

use catmaze_web::ServerLimits;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;
use support::{connect, get, start, wait_for};

/// The threads of this process, from `/proc/self/status` (Linux).
fn threads() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Threads:"))?
        .trim()
        .parse()
        .ok()
}

#[test]
fn connections_past_the_cap_get_503_and_no_thread() {
    const CAP: usize = 4;
    const EXTRA: usize = 100;
    let server = start(ServerLimits {
        max_connections: CAP,
        request_deadline: Duration::from_secs(5),
        ..ServerLimits::default()
    });
    let stats = server.stats.clone();
    let before = threads();

    // Slow clients take every place: a request begun, never finished.
    let slow: Vec<TcpStream> = (0..CAP)
        .map(|_| {
            let mut s = connect(server.addr);
            s.write_all(b"GET / HTTP/1.1\r\n").unwrap();
            s
        })
        .collect();
    assert!(wait_for(Duration::from_secs(2), || stats.active() == CAP));

    // Many more, all open at once: each is answered 503 and closed, none gets a thread.
    let mut extra: Vec<TcpStream> = (0..EXTRA).map(|_| connect(server.addr)).collect();
    assert!(wait_for(Duration::from_secs(5), || stats.refused() == EXTRA));
    assert_eq!(stats.active(), CAP);
    if let (Some(before), Some(now)) = (before, threads()) {
        assert!(
            now <= before + CAP + 1,
            "{before} threads before, {now} with {CAP} slow and {EXTRA} refused connections"
        );
    }
    for stream in &mut extra {
        let mut answer = String::new();
        // The 503, then the close (or a reset if the kernel saw unread bytes: none here).
        stream.read_to_string(&mut answer).unwrap();
        assert!(
            answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
            "{answer}"
        );
        assert!(answer.contains("Retry-After: 1\r\n"));
    }
    drop(extra);

    // Once the slow clients go, their places are free again and the page is served.
    drop(slow);
    assert!(
        wait_for(Duration::from_secs(3), || stats.active() == 0),
        "{} connections still counted",
        stats.active()
    );
    for _ in 0..2 * CAP {
        let page = get(server.addr, "GET / HTTP/1.1\r\n\r\n");
        assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
    }
    assert_eq!(stats.refused(), EXTRA);
    assert!(wait_for(Duration::from_secs(3), || stats.active() == 0));
}
