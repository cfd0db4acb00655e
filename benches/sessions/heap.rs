//! Where an idle session's memory goes: the heap bytes of its parts,
//! built here with the server's own code under a counting allocator
//! (the allocator counts the whole bench process, so parts are measured
//! before any client runs).

use banmen::ssh::backend::SshBackend;
use banmen::ssh::input::InputDecoder;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

/// The system allocator, keeping a count of live heap bytes.
pub struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on as it is.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// Live heap bytes held by what `make` returns (average over a few).
fn heap_of<T>(make: impl Fn() -> T) -> isize {
    const N: isize = 8;
    let before = LIVE.load(Ordering::Relaxed);
    let kept: Vec<T> = (0..N).map(|_| make()).collect();
    let bytes = (LIVE.load(Ordering::Relaxed) - before) / N;
    drop(kept);
    bytes
}

/// Heap bytes held by a session's input decoder and terminal.
pub struct Parts {
    cols: u16,
    rows: u16,
    decoder: isize,
    terminal: isize,
}

/// Measures [`Parts`]; call while no other thread allocates.
pub fn measure_parts(cols: u16, rows: u16) -> Parts {
    let decoder = heap_of(InputDecoder::new);
    let terminal = heap_of(|| {
        let options = TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, cols, rows)),
        };
        Terminal::with_options(SshBackend::new(cols, rows), options).expect("terminal")
    });
    Parts {
        cols,
        rows,
        decoder,
        terminal,
    }
}

impl Parts {
    /// Prints the parts, in KiB.
    pub fn print(&self) {
        let Parts {
            cols,
            rows,
            decoder,
            terminal,
        } = *self;
        let kib = |b: isize| b as f64 / 1024.0;
        println!("   heap of a session's parts (built in-process with the server's code):");
        let terminal_name = format!("ratatui Terminal {cols}x{rows} (2 buffers)");
        for (name, bytes) in [
            ("input decoder (parser shared by all sessions)", decoder),
            (terminal_name.as_str(), terminal),
        ] {
            println!("     {name:<38}{:>7.1} KiB", kib(bytes));
        }
    }
}
