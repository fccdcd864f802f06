//! The server without a browser: files, MIME types, the module, and paths kept inside the page's
//! folder.

use catmaze_web::{ServeOptions, Server};
use std::io::{Read, Write};
use std::net::TcpStream;

fn get(addr: std::net::SocketAddr, request: &str) -> String {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serves_the_page_and_the_module_with_their_types() {
    let dir = std::env::temp_dir().join(format!("catmaze-web-serve-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("web")).unwrap();
    std::fs::write(dir.join("web/index.html"), "<p>hello</p>").unwrap();
    std::fs::write(dir.join("web/main.js"), "export {};").unwrap();
    std::fs::write(dir.join("secret.txt"), "no").unwrap();
    std::fs::write(dir.join("m.wasm"), b"\0asm\x01\0\0\0").unwrap();
    let server = Server::bind(&ServeOptions {
        port: 0,
        web_dir: dir.join("web"),
        wasm: dir.join("m.wasm"),
    })
    .unwrap();
    let addr = server.addr();
    assert!(server.url().starts_with("http://127.0.0.1:"));
    std::thread::spawn(move || server.run());

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

    let script = get(addr, "HEAD /main.js?v=1 HTTP/1.1\r\n\r\n");
    assert!(script.contains("text/javascript"));
    assert!(script.ends_with("\r\n\r\n"), "HEAD has no body: {script}");

    for path in ["/../secret.txt", "/nothing.js", "/%2e%2e/secret.txt"] {
        let answer = get(addr, &format!("GET {path} HTTP/1.1\r\n\r\n"));
        assert!(answer.starts_with("HTTP/1.1 404"), "{path}: {answer}");
    }
    let post = get(addr, "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
    assert!(post.starts_with("HTTP/1.1 405"));
    std::fs::remove_dir_all(&dir).unwrap();
}
