//! The local terminal's input as raw bytes, as an SSH channel delivers
//! the client's: the session decodes them with the SSH sessions' own
//! parser, so that keys, the mouse and pastes behave the same.
//!
//! stdin is read on a thread of its own (not tokio's `stdin`, whose
//! blocking read would hold the runtime's shutdown until the next key).
//! The thread ends with the process, or at end of input.

use std::io::Read;
use tokio::sync::mpsc;

/// Reads queued before the session takes them; a few, since the session
/// takes each at once.
const QUEUE: usize = 16;

/// Starts reading stdin; the receiver closes at end of input (the
/// terminal hung up) or on a read error. Start it in raw mode: a read
/// begun in line mode could wait for a whole line.
pub fn spawn() -> std::io::Result<mpsc::Receiver<Vec<u8>>> {
    let (tx, rx) = mpsc::channel(QUEUE);
    std::thread::Builder::new()
        .name("banmen-stdin".into())
        .spawn(move || read_stdin(&tx))?;
    Ok(rx)
}

/// Sends what each read returns until the end, an error or the session
/// is gone.
fn read_stdin(tx: &mpsc::Sender<Vec<u8>>) {
    let mut stdin = std::io::stdin().lock();
    let mut buf = [0u8; 4096];
    loop {
        match stdin.read(&mut buf) {
            Ok(0) => return,
            Ok(n) => {
                if tx.blocking_send(buf[..n].to_vec()).is_err() {
                    return;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return,
        }
    }
}
