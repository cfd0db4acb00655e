//! One SSH connection's handler: authentication, channel requests and the
//! routing of input bytes and window sizes to the session task.
//!
//! Authentication: `none` is rejected at once (OpenSSH then offers its
//! keys); `publickey` accepts any key and the key's fingerprint is the
//! player; `keyboard-interactive` lets guests in at once, without a prompt:
//! a guest's name is the SSH user name, else the UI asks for one (but not
//! on `resume`, where the seat has a name already: the command is only
//! known after authentication, so the question cannot be asked there). Only `session` channels are accepted, at most
//! [`MAX_CHANNELS`] per connection; subsystems are refused.
//!
//! Channels: each takes one exec or shell request (a second is refused),
//! and a connection takes at most `[limits] commands_per_connection`
//! (then it is closed). A channel counts against [`MAX_CHANNELS`] until
//! the client closes it, or until the server has sent everything it had
//! for it and its close: russh 0.65 forgets a channel once the server's
//! close is on its way and ignores the client's answer to it, so no
//! later moment can be observed; what the server then holds of it is a
//! few hundred bytes, bounded by the commands cap. Command answers go out
//! as the client's window admits them, through `output.rs`, never queued
//! inside russh.
//!
//! Admins: a key listed in the admin keys may run the admin commands, and
//! `ssh -t admin@host` gives it the admin screen. Anyone else asking gets
//! a plain refusal, and the attempt is logged (at `warn`).
//!
//! Languages: what a command prints for people (refusals, usage errors,
//! the admin commands' text) is in the language `--lang` asked for, else
//! the player's saved one, else the client's locale (`LANG`, `LC_*`),
//! else English (see [`Handler::lang`]). Records and JSON are data: the
//! same in every language.

use super::admin::{self, AdminError, StreamIo};
use super::app::{AppFactory, SessionApp};
use super::bot::{self, BOT_USER};
use super::exec::{self, AdminCommand, ExecCommand, ExecError};
use super::keys::{fingerprint, key_identity};
use super::limits::{InputBudget, clamp_size};
use super::output::{self, Answer};
use super::server::{Peer, Shared};
use super::session::{self, SessionIo};
use crate::hall::admin::ConnectionGuard;
use crate::hall::import::ImportError;
use crate::hall::names::{clean_name, guest_name};
use crate::hall::view::Entry;
use crate::hall::{Hall, HallError, Identity, Reader};
use crate::i18n::{ClientLocale, Lang};
use crate::msg;
use russh::keys::ssh_key;
use russh::server::{Auth, ChannelOpenHandle, Handle, Msg, Response, Session, VerifiedPublicKey};
use russh::{
    Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, Disconnect, MethodKind, MethodSet,
    Pty,
};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Weak};
use std::time::Instant;
use thiserror::Error;
use tokio::sync::{mpsc, watch};

/// Session channels one connection may have open.
pub const MAX_CHANNELS: usize = 4;

/// Input packets queued for a session before more are dropped; the handler
/// must never wait on a session (the session waits on the connection).
const INPUT_QUEUE: usize = 256;

/// The user name that asks for the admin screen.
pub const ADMIN_USER: &str = "admin";

/// Why a channel is refused or its command failed: one line on stderr
/// (`banmen: …`) before the channel closes, in the reader's language
/// ([`CommandError::msg`]); `Display` gives the English one, for logs.
#[derive(Debug, Error)]
pub enum CommandError {
    /// The player has their most sessions open already (the most).
    #[error("{}", Lang::En.text(&self.msg()))]
    TooManySessions(usize),
    /// A command that opens the UI came without a pty.
    #[error("{}", Lang::En.text(&self.msg()))]
    CommandNeedsTerminal,
    /// A shell came without a pty.
    #[error("{}", Lang::En.text(&self.msg()))]
    ShellNeedsTerminal,
    /// Someone without an admin key asked for admin things.
    #[error("{}", Lang::En.text(&self.msg()))]
    NotAdmin,
    /// The command line does not parse.
    #[error("{0}")]
    Usage(#[from] ExecError),
    /// The hall refused or failed (an export).
    #[error("{0}")]
    Hall(#[from] HallError),
    /// An admin command failed.
    #[error("{0}")]
    Admin(#[from] AdminError),
    /// An imported record was refused.
    #[error("{0}")]
    Import(#[from] ImportError),
}

impl CommandError {
    /// What to tell the client, in any language.
    pub fn msg(&self) -> crate::i18n::Msg {
        match self {
            CommandError::TooManySessions(most) => msg!("exec-too-many-sessions", count = *most),
            CommandError::CommandNeedsTerminal => msg!("exec-needs-terminal"),
            CommandError::ShellNeedsTerminal => msg!("exec-shell-needs-terminal"),
            CommandError::NotAdmin => msg!("exec-not-admin"),
            CommandError::Usage(e) => e.msg(),
            CommandError::Hall(e) => e.msg(),
            CommandError::Admin(e) => e.msg(),
            CommandError::Import(e) => msg!("exec-import-refused", reason = e.to_string()),
        }
    }
}

/// The largest record `import` reads (the reader refuses one byte more).
const IMPORT_MAX: usize = crate::rules::shogi::import::MAX_BYTES;

/// What a channel has asked for so far.
struct ChannelState {
    /// The sending half until a session or command takes it.
    write: Option<ChannelWriteHalf<Msg>>,
    /// Columns and rows, once a pty was requested.
    pty: Option<(u16, u16)>,
    /// The client's `TERM`, from the pty request.
    term: String,
    /// The locale variables the client sent.
    locale: ClientLocale,
    /// The language the command's `--lang` asked for.
    asked_lang: Option<Lang>,
    /// The running session's ends, once started.
    size: Option<watch::Sender<(u16, u16)>>,
    input: Option<mpsc::Sender<Vec<u8>>>,
    /// What input the client may still send (the rest is dropped).
    budget: InputBudget,
    /// The record an `import` reads, until the client's EOF: bounded by
    /// the reader's limit, not by the typing rate.
    import: Option<Vec<u8>>,
    /// Whether an exec or shell request came (one per channel).
    requested: bool,
    /// Set once the server has ended the channel: it stops counting
    /// against [`MAX_CHANNELS`] (see the module docs).
    ended: Arc<AtomicBool>,
}

impl ChannelState {
    fn ended(&self) -> bool {
        self.ended.load(Ordering::Acquire)
    }
}

/// A connection's handler.
pub struct Handler<A, F> {
    shared: Arc<Shared<A, F>>,
    peer: String,
    /// The client's address as per-address limits count it (the hall's
    /// and the screen cells').
    address: IpAddr,
    /// The hall as this connection's sessions use it: failed joins by
    /// code count against the client's address.
    hall: Hall,
    identity: Option<Identity>,
    /// The SSH user name given.
    user: String,
    /// Whether the key is an admin's.
    admin: bool,
    /// Whether the key is a registered bot's and the user `bot`.
    bot: bool,
    channels: HashMap<ChannelId, ChannelState>,
    /// Counts the connection in the hall's figures while it lives.
    _counted: ConnectionGuard,
    /// Upgraded into each session task, so the connection can tell when
    /// its sessions have all ended (at shutdown).
    live: Weak<()>,
    /// Set once the client has logged in: the connection closes one that
    /// has not within `[limits] auth_timeout_seconds`.
    authenticated: Arc<AtomicBool>,
    /// Exec and shell requests so far (see `[limits]
    /// commands_per_connection`).
    commands: usize,
}

impl<A: SessionApp, F: AppFactory<A>> Handler<A, F> {
    pub(crate) fn new(
        shared: Arc<Shared<A, F>>,
        peer: Peer,
        live: Weak<()>,
        authenticated: Arc<AtomicBool>,
    ) -> Self {
        let counted = shared.hall.connection();
        // Per address as the gate counts it: an IPv6 client by its prefix.
        let address = peer.group;
        let hall = shared.hall.from_address(address);
        Handler {
            shared,
            peer: peer.addr.to_string(),
            address,
            hall,
            identity: None,
            user: String::new(),
            admin: false,
            bot: false,
            channels: HashMap::new(),
            _counted: counted,
            live,
            authenticated,
            commands: 0,
        }
    }

    fn accepted(&mut self, identity: Identity) -> Auth {
        tracing::info!(peer = %self.peer, id = %identity.id, name = %identity.name, "authenticated");
        self.identity = Some(identity);
        self.authenticated.store(true, Ordering::Relaxed);
        Auth::Accept
    }

    /// Starts the UI on `channel` at `entry` (the channel has a pty).
    /// A player over [`crate::ssh::limits::Limits::sessions_per_player`]
    /// is told so instead.
    fn start_session(
        &mut self,
        channel: ChannelId,
        entry: Entry,
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        let Some(identity) = self.identity.clone() else {
            return Ok(());
        };
        let max = self.shared.limits.sessions_per_player;
        let Some(counted) = self.shared.hall.open_session(&identity.id, max) else {
            tracing::info!(peer = %self.peer, id = %identity.id, "session refused: {max} open");
            let refusal = CommandError::TooManySessions(max);
            return self.finish(channel, Err(refusal), 1);
        };
        let Some(state) = self.channels.get_mut(&channel) else {
            return Ok(());
        };
        let (Some(write), Some(pty)) = (state.write.take(), state.pty) else {
            return Ok(());
        };
        let (size_tx, size_rx) = watch::channel(pty);
        let (input_tx, input_rx) = mpsc::channel(INPUT_QUEUE);
        state.size = Some(size_tx);
        state.input = Some(input_tx);
        let shared = &self.shared;
        let mut app = (shared.factory)(self.hall.clone(), identity, entry, shared.address.clone());
        // The language first: a console without kanji then still gets
        // ASCII pieces whatever the language's usual ones.
        app.use_locale(state.locale.lang());
        app.adapt_to_terminal(&state.term);
        let io = SessionIo {
            write,
            input: input_rx,
            size: size_rx,
            shutdown: shared.shutdown.clone(),
            lobby_idle: shared.limits.lobby_idle,
            cells: shared.cells.lease(self.address),
            frame_interval: shared.limits.frame_interval,
        };
        let done = Ended::new(&state.ended, session.handle(), channel);
        let live = self.live.upgrade();
        tokio::spawn(async move {
            session::run(app, io).await;
            done.close().await;
            drop((live, counted));
        });
        Ok(())
    }

    /// Answers an exec request that needs no UI, or refuses one that
    /// needs a pty it has not got.
    fn exec(
        &mut self,
        channel: ChannelId,
        raw: &[u8],
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        session.channel_success(channel)?;
        self.run_command(channel, raw, session)
    }

    /// Counts an exec or shell request: `false` when it is refused, as a
    /// second one on its channel (the client is told), or as one over
    /// the connection's commands (the connection is closed).
    fn take_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<bool, russh::Error> {
        self.commands += 1;
        let most = self.shared.limits.commands_per_connection;
        if self.commands > most {
            tracing::debug!(peer = %self.peer, most, "too many commands on one connection; closed");
            let lang = self.lang(channel);
            let why = lang.t("exec-too-many-commands");
            session.disconnect(Disconnect::ByApplication, &why, lang.code())?;
            return Ok(false);
        }
        match self.channels.get_mut(&channel) {
            Some(state) if !state.requested => {
                state.requested = true;
                Ok(true)
            }
            _ => {
                session.channel_failure(channel)?;
                Ok(false)
            }
        }
    }

    fn run_command(
        &mut self,
        channel: ChannelId,
        raw: &[u8],
        session: &mut Session,
    ) -> Result<(), russh::Error> {
        let line = exec::parse_line(raw);
        let Some(state) = self.channels.get_mut(&channel) else {
            return Ok(());
        };
        let has_pty = state.pty.is_some();
        if let Some(lang) = line.lang {
            state.asked_lang = Some(lang);
            // A session started by this command reads the language from
            // the locale, as if the client had sent `LC_ALL`: there a
            // player's saved language still wins over `--lang` (the
            // settings, one key away, are where to change it).
            state.locale.set("LC_ALL", lang.code());
        }
        match line.command {
            Ok(ExecCommand::Open(entry)) if has_pty => self.start_session(channel, entry, session),
            Ok(ExecCommand::Open(_)) => {
                self.finish(channel, Err(CommandError::CommandNeedsTerminal), 1)
            }
            Ok(ExecCommand::Export { game, format }) => {
                let result = match (&self.identity, self.admin) {
                    (_, true) => self.hall.export(&game, format.as_deref(), Reader::Admin),
                    (Some(who), false) => {
                        self.hall
                            .export(&game, format.as_deref(), Reader::Player(who))
                    }
                    (None, false) => Err(HallError::NoSuchGame(game.clone())),
                };
                let bytes = result.map(|r| exec::export_bytes(format.as_deref(), r));
                self.finish_bytes(channel, bytes.map_err(CommandError::from), 1)
            }
            Ok(ExecCommand::Import) => {
                // A guest has no history to keep it in: refused before a
                // byte of the record is held.
                if !self.identity.as_ref().is_some_and(|who| who.keyed) {
                    let refused = Err(CommandError::Import(ImportError::Guest));
                    return self.finish(channel, refused, 1);
                }
                if let Some(state) = self.channels.get_mut(&channel) {
                    state.import = Some(Vec::new());
                }
                Ok(())
            }
            Ok(ExecCommand::Admin(command)) if !self.admin => {
                self.refuse_admin(&format!("{command:?}"));
                self.finish(channel, Err(CommandError::NotAdmin), 1)
            }
            Ok(ExecCommand::Admin(AdminCommand::Logs(args))) => {
                match admin::query(&self.shared.hall, &args) {
                    Ok(query) => {
                        let lang = self.lang(channel);
                        self.stream_logs(channel, query, args.json, lang, session.handle());
                        Ok(())
                    }
                    Err(e) => self.finish(channel, Err(e.into()), exec::USAGE_STATUS),
                }
            }
            Ok(ExecCommand::Admin(command)) => {
                let lang = self.lang(channel);
                let name = self.identity.as_ref().map_or("?", |i| i.name.as_str());
                let result = admin::answer(&self.shared.hall, &command, name, lang);
                self.finish(channel, result.map_err(CommandError::from), 1)
            }
            Err(e) => self.finish(channel, Err(e.into()), exec::USAGE_STATUS),
        }
    }
}

impl<A: SessionApp, F: AppFactory<A>> Handler<A, F> {
    /// The language of what `channel`'s command prints for people: its
    /// `--lang`, else the player's saved language (keyed players), else
    /// the client's locale, else English.
    fn lang(&self, channel: ChannelId) -> Lang {
        let state = self.channels.get(&channel);
        let saved = || {
            let identity = self.identity.as_ref()?;
            Some(self.shared.hall.settings(identity)?.lang)
        };
        state
            .and_then(|s| s.asked_lang)
            .or_else(saved)
            .or_else(|| state.and_then(|s| s.locale.lang()))
            .unwrap_or_default()
    }

    /// Logs a refused admin request.
    fn refuse_admin(&self, what: &str) {
        let id = self.identity.as_ref().map_or("", |i| i.id.as_str());
        tracing::warn!(peer = %self.peer, %id, user = %self.user.escape_debug(), %what, "admin request refused: not an admin key");
    }

    /// Streams the journal down `channel` (see `admin.rs`); the channel's
    /// input goes to the stream, for Ctrl-C.
    fn stream_logs(
        &mut self,
        channel: ChannelId,
        query: crate::hall::journal::LogQuery,
        json: bool,
        lang: Lang,
        handle: Handle,
    ) {
        let Some(state) = self.channels.get_mut(&channel) else {
            return;
        };
        let Some(write) = state.write.take() else {
            return;
        };
        let (input_tx, input) = mpsc::channel(INPUT_QUEUE);
        state.input = Some(input_tx);
        let io = StreamIo {
            write,
            input,
            shutdown: self.shared.shutdown.clone(),
        };
        let done = Ended::new(&state.ended, handle, channel);
        let hall = self.shared.hall.clone();
        let live = self.live.upgrade();
        tokio::spawn(async move {
            admin::stream_logs(hall, query, json, lang, io).await;
            done.close().await;
            drop(live);
        });
    }

    /// Runs the bot protocol on `channel` for a registered bot's key;
    /// any other key gets one `not-a-bot` line and exit status 1.
    fn start_bot(&mut self, channel: ChannelId, session: &mut Session) -> Result<(), russh::Error> {
        let Some(state) = self.channels.get_mut(&channel) else {
            return Ok(());
        };
        let Some(write) = state.write.take() else {
            return Ok(());
        };
        let (Some(who), true) = (self.identity.clone(), self.bot) else {
            let id = self.identity.as_ref().map_or("", |i| i.id.as_str());
            tracing::info!(peer = %self.peer, %id, "bot protocol refused: not a bot's key");
            let answer = Answer {
                stderr: false,
                text: bot::not_a_bot().into_bytes(),
                status: 1,
            };
            let ended = state.ended.clone();
            tokio::spawn(async move { output::answer(write, answer, &ended).await });
            return Ok(());
        };
        tracing::info!(peer = %self.peer, bot = %who.name, "bot connected");
        let (input_tx, input) = mpsc::channel(INPUT_QUEUE);
        state.input = Some(input_tx);
        let done = Ended::new(&state.ended, session.handle(), channel);
        let hall = self.hall.clone();
        let shutdown = self.shared.shutdown.clone();
        let live = self.live.upgrade();
        tokio::spawn(async move {
            bot::run(hall, who, write, input, shutdown).await;
            done.close().await;
            drop(live);
        });
        Ok(())
    }

    /// Ends a command channel: `Ok` text on stdout with status 0, `Err` as
    /// one line on stderr with `fail_status` (in the channel's language,
    /// see [`Handler::lang`]), written as the client reads it (see
    /// `output.rs`) by a task of its own.
    fn finish(
        &mut self,
        channel: ChannelId,
        result: Result<String, CommandError>,
        fail_status: u32,
    ) -> Result<(), russh::Error> {
        let bytes = result.map(|mut text| {
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text.into_bytes()
        });
        self.finish_bytes(channel, bytes, fail_status)
    }

    /// [`Handler::finish`] for an answer already in bytes: a record in
    /// the encoding its format asks for (see [`exec::export_bytes`]).
    fn finish_bytes(
        &mut self,
        channel: ChannelId,
        result: Result<Vec<u8>, CommandError>,
        fail_status: u32,
    ) -> Result<(), russh::Error> {
        // Only a refusal needs the language (a saved one is a store read).
        let result = result.map_err(|e| self.lang(channel).text(&e.msg()));
        let Some(state) = self.channels.get_mut(&channel) else {
            return Ok(());
        };
        let Some(write) = state.write.take() else {
            return Ok(());
        };
        let answer = match result {
            Ok(text) => Answer {
                stderr: false,
                text,
                status: 0,
            },
            Err(message) => Answer {
                stderr: true,
                text: format!("banmen: {message}\n").into_bytes(),
                status: fail_status,
            },
        };
        let ended = state.ended.clone();
        let live = self.live.upgrade();
        tokio::spawn(async move {
            output::answer(write, answer, &ended).await;
            drop(live);
        });
        Ok(())
    }
}

/// Marks a channel ended when its session or stream is over, and closes
/// it in case that did not (a writer cut short): a closed channel can be
/// closed again, harmlessly.
struct Ended {
    flag: Arc<AtomicBool>,
    handle: Handle,
    channel: ChannelId,
}

impl Ended {
    fn new(flag: &Arc<AtomicBool>, handle: Handle, channel: ChannelId) -> Ended {
        Ended {
            flag: flag.clone(),
            handle,
            channel,
        }
    }

    async fn close(self) {
        self.flag.store(true, Ordering::Release);
        let _ = self.handle.close(self.channel).await;
    }
}

/// Refuses a channel banmen never offers (forwardings, X11).
async fn prohibited(reply: ChannelOpenHandle) -> Result<(), russh::Error> {
    reply
        .reject(ChannelOpenFailure::AdministrativelyProhibited)
        .await;
    Ok(())
}

/// The methods offered after a rejection.
pub fn offered_methods() -> MethodSet {
    MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..])
}

impl<A: SessionApp, F: AppFactory<A>> russh::server::Handler for Handler<A, F> {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::Reject {
            proceed_with_methods: Some(offered_methods()),
            partial_success: false,
        })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let key: &ssh_key::PublicKey = key.public_key;
        self.user = user.to_string();
        self.admin = self.shared.admins.contains(key);
        if user == BOT_USER {
            let found = self.shared.hall.bot_for_key(&fingerprint(key));
            if let Some(identity) = found {
                self.bot = true;
                return Ok(self.accepted(identity));
            }
        }
        // A name typed as the SSH user is remembered for the key; `play`
        // (and `admin`, which asks for the admin screen, and `bot`) gets
        // the name remembered earlier, if any.
        let user = if [ADMIN_USER, BOT_USER].contains(&user) {
            "play"
        } else {
            user
        };
        let chosen = clean_name(user).is_some_and(|u| u != "play");
        let identity = self.shared.hall.remember(key_identity(user, key), chosen);
        Ok(self.accepted(identity))
    }

    /// A guest: let in at once (no prompt, see the module docs), named
    /// by the SSH user unless it is `play`, else `guest-N` until the UI
    /// asks.
    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        let name = clean_name(user)
            .filter(|u| u != "play")
            .unwrap_or_else(|| guest_name(self.shared.next_guest()));
        let identity = Identity {
            id: crate::hall::guest_id(),
            name,
            keyed: false,
        };
        Ok(self.accepted(identity))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Channels the server has ended no longer count (module docs).
        self.channels.retain(|_, c| !c.ended());
        if self.identity.is_none() || self.channels.len() >= MAX_CHANNELS {
            reply.reject(ChannelOpenFailure::ResourceShortage).await;
            return Ok(());
        }
        let id = channel.id();
        // Input arrives through `data` below; the read half is dropped so
        // russh never waits for it to be drained.
        let (_read, write) = channel.split();
        let state = ChannelState {
            write: Some(write),
            pty: None,
            size: None,
            term: String::new(),
            locale: ClientLocale::default(),
            asked_lang: None,
            input: None,
            budget: InputBudget::new(&self.shared.limits, Instant::now()),
            import: None,
            requested: false,
            ended: Arc::new(AtomicBool::new(false)),
        };
        self.channels.insert(id, state);
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(state) = self.channels.get_mut(&channel) else {
            return session.channel_failure(channel);
        };
        tracing::debug!(peer = %self.peer, term = %term.escape_debug(), cols, rows, "pty");
        state.pty = Some(clamp_size(cols, rows));
        state.term = term.chars().take(64).collect();
        session.channel_success(channel)
    }

    /// `LANG`, `LC_ALL` and `LC_MESSAGES` choose the language (validated
    /// and reduced to it at once); other variables are refused.
    async fn env_request(
        &mut self,
        channel: ChannelId,
        variable_name: &str,
        variable_value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let accepted = self
            .channels
            .get_mut(&channel)
            .is_some_and(|state| state.locale.set(variable_name, variable_value));
        match accepted {
            true => session.channel_success(channel),
            false => session.channel_failure(channel),
        }
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(state) = self.channels.get_mut(&channel) {
            let size = clamp_size(cols, rows);
            state.pty = Some(size);
            // The same size again is no change: no redraw. Sizes the
            // session has not drawn yet are replaced (the latest wins).
            if let Some(tx) = &state.size {
                tx.send_if_modified(|old| std::mem::replace(old, size) != size);
            }
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.take_request(channel, session)? {
            return Ok(());
        }
        session.channel_success(channel)?;
        if self.user == BOT_USER {
            return self.start_bot(channel, session);
        }
        let admin_screen = self.user == ADMIN_USER;
        if admin_screen && !self.admin {
            self.refuse_admin("the admin screen");
            return self.finish(channel, Err(CommandError::NotAdmin), 1);
        }
        if self.channels.get(&channel).is_some_and(|c| c.pty.is_some()) {
            let entry = if admin_screen {
                Entry::Admin
            } else {
                Entry::Lobby
            };
            self.start_session(channel, entry, session)
        } else {
            self.finish(channel, Err(CommandError::ShellNeedsTerminal), 1)
        }
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.take_request(channel, session)? {
            return Ok(());
        }
        self.exec(channel, data, session)
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        host: &str,
        port: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::debug!(peer = %self.peer, %host, port, "port forwarding refused");
        prohibited(reply).await
    }

    async fn channel_open_forwarded_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host: &str,
        _port: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        prohibited(reply).await
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        _socket_path: &str,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        prohibited(reply).await
    }

    async fn channel_open_x11(
        &mut self,
        _channel: Channel<Msg>,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        prohibited(reply).await
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    /// Agent forwarding is refused (what russh does too; said here).
    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    /// Remote forwarding (`ssh -R`) is refused.
    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(state) = self.channels.get_mut(&channel) else {
            return Ok(());
        };
        if let Some(record) = state.import.as_mut() {
            // One byte past the limit is kept, so the reader refuses it.
            let room = (IMPORT_MAX + 1).saturating_sub(record.len());
            record.extend_from_slice(&data[..data.len().min(room)]);
            return Ok(());
        }
        let allowed = state.budget.take(data.len(), Instant::now());
        if allowed < data.len() {
            tracing::debug!(peer = %self.peer, dropped = data.len() - allowed, "input over the rate; cut");
        }
        if let Some(input) = state.input.as_ref().filter(|_| allowed > 0) {
            if input.try_send(data[..allowed].to_vec()).is_err() {
                tracing::debug!(peer = %self.peer, "input queue full; bytes dropped");
            }
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let record = self
            .channels
            .get_mut(&channel)
            .and_then(|s| s.import.take());
        if let Some(record) = record {
            let result = match &self.identity {
                Some(who) => self
                    .shared
                    .hall
                    .import(who, &record)
                    .map_err(CommandError::from),
                None => Err(CommandError::Import(ImportError::Guest)),
            };
            self.finish(channel, result, 1)?;
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Dropping the input sender tells the session the client is gone.
        self.channels.remove(&channel);
        Ok(())
    }
}
