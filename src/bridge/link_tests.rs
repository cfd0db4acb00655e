//! [`Link`] against the stand-in hall of [`crate::bridge::fake_hall`].

use super::*;
use crate::bridge::fake_hall::{self, key};
use serde_json::json;

fn target(port: u16, host_key: HostKey) -> Target {
    Target {
        host: "127.0.0.1".to_string(),
        port,
        key: Arc::new(key(2)),
        host_key,
    }
}

#[tokio::test]
async fn events_and_commands_go_both_ways_as_json_lines() {
    let script = vec![
        json!({"event": "hello", "name": "t"}),
        json!({"event": "challenge", "challenge": "c1"}),
    ];
    let mut hall = fake_hall::start(script, "bye").await;
    let host_key = HostKey::new(None);
    let mut link = Link::connect(&target(hall.port, host_key.clone()))
        .await
        .unwrap();
    assert!(
        host_key.check(&hall.fingerprint),
        "the key seen was trusted"
    );
    let hello = link.next_event().await.unwrap();
    assert_eq!(hello, json!({"event": "hello", "name": "t"}));
    assert_eq!(link.next_event().await.unwrap()["challenge"], "c1");
    link.send(&json!({"cmd": "ping", "id": 7})).await.unwrap();
    let ok = link.next_event().await.unwrap();
    assert_eq!(ok, json!({"event": "ok", "to": "ping", "id": 7}));
    assert_eq!(hall.commands.recv().await.unwrap()["cmd"], "ping");
    link.send(&json!({"cmd": "bye"})).await.unwrap();
    assert_eq!(link.next_event().await.unwrap()["to"], "bye");
    assert_eq!(link.next_event().await, None, "the hall closed the channel");
    link.close().await;
}

#[tokio::test]
async fn a_host_key_other_than_the_one_given_is_refused() {
    let hall = fake_hall::start(Vec::new(), "bye").await;
    let host_key = HostKey::new(Some("SHA256:not-this-one"));
    assert!(Link::connect(&target(hall.port, host_key)).await.is_err());
    let host_key = HostKey::new(Some(&hall.fingerprint));
    assert!(Link::connect(&target(hall.port, host_key)).await.is_ok());
}
