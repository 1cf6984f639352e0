//! The server's limits: what one client, and all of them together, may hold.
//!
//! arbitre is a public service: any number of clients may open connections
//! and then send nothing, send slowly, or post the heaviest scenario they can
//! write. Each limit below bounds one resource so that none of them can take
//! the server from the judges reading rules:
//!
//! | limit | value | what it bounds |
//! |---|---|---|
//! | headers | 5 s | a request whose headers do not arrive in time gets a 408 |
//! | body | 5 s | a request body (the editor's form) that does not arrive in time gets a 408, and its connection is closed |
//! | idle connection | 5 s | a kept-alive connection with no request is closed |
//! | connections | 2,048 in all | file descriptors and memory (about 20 KB each): beyond, new connections wait in the system's queue (1,024) |
//! | address | 8 KiB | 414 ([`super::MAX_URI`]) |
//! | form | 64 KiB of scenario, 3 × once encoded | 413, said before the body is read when `Content-Length` says so |
//! | editor | 1 thread, 2 waiting, 2 s each | others get 503 with `Retry-After` ([`super::pool`]) |
//!
//! The scenario itself is bounded where the engine does the work (players,
//! cards, steps, text, abilities, targets, events: [`crate::engine`]), and a
//! played scenario's page draws the board of one step only.

use std::time::Duration;

/// Time for the headers of a request to arrive.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
/// Time for the body of a request to arrive, once its headers have.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a kept-alive connection may wait for its next request.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);
/// Time given to a client to close its side once the answer is sent.
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(1);
/// Connections held at once, all workers together.
pub const MAX_CONNECTIONS: usize = 2048;
/// Connections the system may keep waiting to be accepted.
pub const BACKLOG: u32 = 1024;
/// Threads that play scenarios typed in the editor.
pub const EDITOR_THREADS: usize = 1;
/// Scenarios that may wait for an editor thread.
pub const EDITOR_QUEUE: usize = 2;
/// What a refused client is told to wait (`Retry-After`, in seconds).
pub const RETRY_AFTER_SECS: u64 = 2;
