//! Giving memory back after a burst.
//!
//! glibc keeps what a thread frees in that thread's arena: after an attack
//! (thousands of connections, heavy scenarios) the server stayed at its peak,
//! 190 MB against 65 MB at start, although everything was freed. mimalloc and
//! jemalloc were measured too and did no better (mimalloc starts at 123 MB;
//! jemalloc kept its peak without a background thread). So a thread asks
//! glibc every [`PERIOD`] to return the free pages of every arena
//! (`malloc_trim`). A trim with nothing to return takes microseconds; after
//! a burst, a few milliseconds.
//!
//! And glibc raises the size from which a block is a mapping of its own
//! (128 kB) each time such a block is freed: after the cards are read (their
//! files decompressed, their indexes grown by doubling), the next big blocks
//! were cut from the arena and left holes trimming cannot give back, 16 MB
//! of them. The size is fixed at 128 kB when the server starts (`mallopt`,
//! with `malloc_trim` the only calls outside safe Rust in arbitre).

use std::sync::OnceLock;
use std::time::Duration;

/// How often free memory is given back.
pub const PERIOD: Duration = Duration::from_secs(10);

/// Starts the thread, once per process.
pub fn start_trimming() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        fix_mapping_threshold();
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

/// From which size a block is a mapping of its own, returned when freed.
const MAPPING_THRESHOLD: i32 = 128 * 1024;

/// Fixes that size (glibc's default, which it otherwise raises as big
/// blocks are freed).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn fix_mapping_threshold() {
    // SAFETY: mallopt sets one of the allocator's parameters, under its
    // lock; 128 kB is its default value, well within its bounds.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MAPPING_THRESHOLD);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn fix_mapping_threshold() {}
