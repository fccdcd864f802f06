//! # catmaze-web
//!
//! Serves Cat Maze and the pathfinding playground to a browser: builds the `catmaze-wasm`
//! module for `wasm32-unknown-unknown` with cargo, then serves it and the page's static files
//! (`web/`) on `127.0.0.1` with a small HTTP/1.1 server of the standard library (GET and HEAD,
//! keep-alive, a thread per connection up to [`MAX_CONNECTIONS`]). Every request is bounded in
//! size and time ([`ServerLimits`]), so a client cannot make the server hold unbounded memory,
//! threads or time. Nothing is fetched from the network: every file comes from the repository or
//! the build.
//!
//! ```no_run
//! use catmaze_web::{Server, ServeOptions};
//!
//! let server = Server::bind(&ServeOptions { port: 0, ..ServeOptions::default() }).unwrap();
//! println!("{}", server.url()); // http://127.0.0.1:PORT/
//! server.run(); // serves until the process ends
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod build;
mod http;
mod limits;
mod request;

pub use build::{build_wasm, BuildError, WASM_FILE};
pub use http::{content_type, ServeOptions, Server, ServerStats};
pub use limits::{
    ServerLimits, MAX_CONNECTIONS, MAX_DISCARDED_BODY, MAX_HEADERS, MAX_HEADER_BYTES,
    MAX_REQUEST_LINE, REQUEST_DEADLINE, RESPONSE_DEADLINE,
};
