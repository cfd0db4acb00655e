//! A bot's session with the hall over channels, as `bot@host` gives it
//! over SSH but without the network: the tests send protocol lines and
//! read the events.
#![allow(dead_code)] // each test file uses its own part

use banmen::bot_protocol::{self, BotIo};
use banmen::hall::{Hall, Identity};
use serde_json::Value;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// A bot's session driven over channels.
pub struct Bot {
    /// Where the bot's bytes go (`None` once it left).
    pub input: Option<mpsc::Sender<Vec<u8>>>,
    /// The events as the session writes them, one line each.
    pub output: mpsc::Receiver<String>,
    _stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
}

impl Bot {
    pub fn connect(hall: &Hall, who: &Identity) -> Bot {
        let (input, input_rx) = mpsc::channel(64);
        let (output_tx, output) = mpsc::channel(256);
        let (stop, shutdown) = watch::channel(false);
        let io = BotIo {
            input: input_rx,
            output: output_tx,
            shutdown,
        };
        let task = tokio::spawn(bot_protocol::run(hall.clone(), who.clone(), io));
        Bot {
            input: Some(input),
            output,
            _stop: stop,
            task,
        }
    }

    pub async fn send(&self, line: &str) {
        let bytes = format!("{line}\n").into_bytes();
        self.input.as_ref().unwrap().send(bytes).await.unwrap();
    }

    /// The next event, within a few seconds.
    pub async fn next(&mut self) -> Value {
        let line = tokio::time::timeout(Duration::from_secs(5), self.output.recv())
            .await
            .expect("an event within 5 s")
            .expect("the session is still there");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{line}: {e}"))
    }

    /// Events up to and including the first `event`.
    pub async fn until(&mut self, event: &str) -> Vec<Value> {
        let mut seen = Vec::new();
        loop {
            let next = self.next().await;
            let done = next["event"] == event;
            seen.push(next);
            if done {
                return seen;
            }
        }
    }

    /// The bot leaves (its input closes) and its session ends.
    pub async fn leave(mut self) {
        self.input.take();
        tokio::time::timeout(Duration::from_secs(5), &mut self.task)
            .await
            .expect("the session ends")
            .unwrap();
    }
}
