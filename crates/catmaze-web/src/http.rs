//! The HTTP server: static files and the wasm module, GET and HEAD only.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

/// What to serve and where.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The port on 127.0.0.1; 0 picks a free one.
    pub port: u16,
    /// The page's static files.
    pub web_dir: PathBuf,
    /// The wasm module, served as `/catmaze_wasm.wasm`.
    pub wasm: PathBuf,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            port: 8717,
            web_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("web"),
            wasm: PathBuf::new(),
        }
    }
}

/// A bound server, not yet serving.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    options: ServeOptions,
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
    pub fn bind(options: &ServeOptions) -> std::io::Result<Server> {
        let listener = TcpListener::bind(("127.0.0.1", options.port))?;
        Ok(Server {
            listener,
            options: options.clone(),
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

    /// Serves until the process ends, one thread per connection.
    pub fn run(self) {
        for stream in self.listener.incoming().flatten() {
            let options = self.options.clone();
            std::thread::spawn(move || {
                let _ = handle(stream, &options);
            });
        }
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

fn handle(stream: TcpStream, options: &ServeOptions) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut stream = stream;
    loop {
        let mut request = String::new();
        if reader.read_line(&mut request)? == 0 {
            return Ok(());
        }
        // Headers until the blank line; the server needs none of them.
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
                break;
            }
        }
        let mut parts = request.split_whitespace();
        let (method, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
        if method != "GET" && method != "HEAD" {
            respond(
                &mut stream,
                "405 Method Not Allowed",
                "text/plain",
                b"GET only",
                true,
            )?;
            continue;
        }
        let file = resolve(options, path);
        match file.as_deref().map(std::fs::read) {
            Some(Ok(body)) => {
                let name = file
                    .as_deref()
                    .and_then(|f| f.file_name())
                    .and_then(|n| n.to_str())
                    .unwrap_or("");
                respond(
                    &mut stream,
                    "200 OK",
                    content_type(name),
                    &body,
                    method == "GET",
                )?;
            }
            _ => respond(
                &mut stream,
                "404 Not Found",
                "text/plain",
                b"not found",
                true,
            )?,
        }
    }
}

fn respond(
    stream: &mut TcpStream,
    status: &str,
    content_type: &str,
    body: &[u8],
    with_body: bool,
) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\n\
         Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if with_body {
        stream.write_all(body)?;
    }
    stream.flush()
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
}
