//! Giving memory back after a burst.
//!
//! The crate allocates with mimalloc, version 2 (`lib.rs`). mimalloc gives a
//! freed page back to the system some time after it is freed, and only when
//! the allocator next runs on that thread: a server gone quiet kept what its
//! last burst freed. So, when the server starts and before the graph and the
//! index are built, freed pages are set to go back at once
//! ([`give_back_at_once`]), and a thread asks mimalloc every [`PERIOD`] to
//! collect what ended threads left and give back what is free
//! ([`collect`]). A collection with nothing to give back takes
//! microseconds; after a burst, a few milliseconds.
//!
//! Measured on 2026-11-27 (`scripts/demarrage.sh`, `scripts/endurance.sh`,
//! the two builds in turn): 125 MB resident after start with the cards
//! against 117 MB with glibc's allocator (`malloc_trim` every 10 s), 68 MB
//! against 67 MB without them; after 20 s of attack, 140 MB against 137 MB,
//! with a lower peak (170 against 193 MB). mimalloc's version 3 kept 135 MB
//! with the cards (the pages the thread reading them left were never
//! collected); with transparent huge pages, 240 MB.
//!
//! These two calls are the only code outside safe Rust in arbitre.

use std::sync::OnceLock;
use std::time::Duration;

/// How often free memory is given back.
pub const PERIOD: Duration = Duration::from_secs(10);

/// Starts the thread, once per process.
pub fn start_trimming() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        give_back_at_once();
        let _ = std::thread::Builder::new().name("arbitre-memoire".into()).spawn(|| {
            loop {
                std::thread::sleep(PERIOD);
                collect();
            }
        });
    });
}

/// mimalloc's option `mi_option_purge_delay` (its place in `mi_option_t`, in
/// `mimalloc.h`; the Rust binding does not name it): how many milliseconds
/// a freed page waits before its memory is given back; 0 gives it at once.
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Freed pages go back to the system at once rather than after a delay that
/// ends only when the allocator runs again on their thread. Searches take
/// the same time for it, within the noise (`examples/latency`).
#[allow(unsafe_code)]
fn give_back_at_once() {
    // SAFETY: sets one integer among the allocator's options, once per
    // process; `serve` calls it before any other thread exists, and a thread
    // that reads the option meanwhile sees its old value or the new one.
    unsafe {
        libmimalloc_sys::mi_option_set(PURGE_DELAY, 0);
    }
}

/// Collects the calling thread's free pages and what ended threads left
/// (their abandoned segments), and gives the free memory back to the system.
#[allow(unsafe_code)]
pub fn collect() {
    // SAFETY: mi_collect takes a flag and works under the allocator's own
    // locks; any thread may call it.
    unsafe {
        libmimalloc_sys::mi_collect(true);
    }
}
