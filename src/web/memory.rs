//! Giving memory back after a burst.
//!
//! glibc keeps what a thread frees in that thread's arena: after an attack
//! (thousands of connections, heavy scenarios) the server stayed at its peak,
//! 190 MB against 65 MB at start, although everything was freed. mimalloc and
//! jemalloc were measured too and did no better (mimalloc starts at 123 MB;
//! jemalloc kept its peak without a background thread). So a thread asks
//! glibc every [`PERIOD`] to return the free pages of every arena
//! (`malloc_trim`, the one call outside safe Rust in arbitre). A trim with
//! nothing to return takes microseconds; after a burst, a few milliseconds.

use std::sync::OnceLock;
use std::time::Duration;

/// How often free memory is given back.
pub const PERIOD: Duration = Duration::from_secs(10);

/// Starts the thread, once per process.
pub fn start_trimming() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        let _ = std::thread::Builder::new().name("arbitre-memoire".into()).spawn(|| {
            loop {
                std::thread::sleep(PERIOD);
                trim();
            }
        });
    });
}

/// Returns the free pages of every arena to the system.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn trim() {
    // SAFETY: malloc_trim takes a size and touches only the allocator's own
    // free lists, under its locks (MT-Safe in glibc's manual).
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim() {}
