//! Languages over SSH with the real `banmen` binary: the locale a client
//! sends (`LANG`, as OpenSSH's `SendEnv` sends it) chooses the lobby's
//! language from the first frame; the settings panel switches it live; a
//! keyed player's choice beats the locale and survives a reconnect and a
//! restart; a guest's lasts for the session; a hostile `LANG` is English.

mod common;
use common::*;
#[path = "node_support/mod.rs"]
mod node_support;
use banmen::i18n::Lang;
use node_support::Node;
use russh::client;

const RIGHT: &[u8] = b"\x1b[C";
const ESC: &[u8] = b"\x1b";

/// A shell with a pty after sending `env` as SSH `env` requests (what
/// `ssh -o SendEnv=LANG` does before asking for the shell).
async fn open_with_env(session: &client::Handle<Client>, env: &[(&str, &str)]) -> Term {
    let channel = session.channel_open_session().await.unwrap();
    for (name, value) in env {
        channel.set_env(false, *name, *value).await.unwrap();
    }
    channel
        .request_pty(true, "xterm-256color", 80, 24, 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(true).await.unwrap();
    Term {
        channel,
        screen: vt100::Parser::new(24.try_into().unwrap(), 80.try_into().unwrap(), 0),
        exit: None,
        closed: false,
    }
}

/// The lobby's title in `lang`, as the screen shows it.
fn lobby_title(lang: Lang) -> String {
    lang.t("lobby-title")
}

#[tokio::test]
async fn the_locale_chooses_the_language_and_a_saved_choice_survives_a_restart() {
    let dir = temp_dir();
    let server = Node::start(&dir, WAIT * 2);
    let ja = [("LANG", "ja_JP.UTF-8")];

    // Alice's client says Japanese: the first frame is Japanese.
    let alice = with_key_seed(server.addr, "alice", 1).await;
    let mut term = open_with_env(&alice, &ja).await;
    term.wait_text(&lobby_title(Lang::Ja)).await;
    assert!(
        !term.text().contains("Open public rooms"),
        "{}",
        term.text()
    );

    // L opens the settings in Japanese; → on the language row: Polish,
    // at once; Esc keeps it.
    term.send(b"L").await;
    term.wait_text(&Lang::Ja.t("settings-title")).await;
    term.send(RIGHT).await;
    term.wait_text(&Lang::Pl.t("settings-title")).await;
    term.send(ESC).await;
    term.wait_text(&lobby_title(Lang::Pl)).await;
    drop(term);

    // Her saved choice beats her client's locale on the next connection…
    let alice = with_key_seed(server.addr, "alice", 1).await;
    let mut term = open_with_env(&alice, &ja).await;
    term.wait_text(&lobby_title(Lang::Pl)).await;
    drop((term, alice));

    // … and after the server is killed and started again on its data.
    server.kill();
    let server = Node::start(&dir, WAIT * 2);
    let alice = with_key_seed(server.addr, "alice", 1).await;
    let mut term = open_with_env(&alice, &ja).await;
    term.wait_text(&lobby_title(Lang::Pl)).await;

    // A guest's choice is the session's: the next session follows the
    // locale again.
    let guest = as_guest(server.addr, "carol").await;
    let mut term = open_with_env(&guest, &[("LANG", "tl_PH.UTF-8")]).await;
    term.wait_text(&lobby_title(Lang::Tl)).await;
    term.send(b"L").await;
    term.send(RIGHT).await;
    term.wait_text(&Lang::En.t("settings-title")).await;
    term.send(ESC).await;
    term.wait_text(&lobby_title(Lang::En)).await;
    let guest = as_guest(server.addr, "carol").await;
    let mut term = open_with_env(&guest, &[("LANG", "tl_PH.UTF-8")]).await;
    term.wait_text(&lobby_title(Lang::Tl)).await;

    // A hostile locale is English, and the server goes on.
    let hostile = "ja\u{1b}[2J".to_string() + &"x".repeat(5000);
    let guest = as_guest(server.addr, "dave").await;
    let env = [("LANG", hostile.as_str()), ("LC_ALL", "\u{7}\u{0}")];
    let mut term = open_with_env(&guest, &env).await;
    term.wait_text(&lobby_title(Lang::En)).await;
    server.kill();
}
