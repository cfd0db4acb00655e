//! The hall's storage on NATS JetStream, for halls that outgrow one disk.
//!
//! Layout, for a hall named `H` (`banmen` unless told otherwise):
//! - the stream `H_log` holds every room's events on `H.room.<room>` and
//!   the journal on `H.journal`. An event and its journal line are
//!   published together as one atomic batch (the `rooms` module); the
//!   line's number is its stream sequence, so numbers ascend in commit
//!   order (with gaps where events sit between lines). Closing a room
//!   purges its subject; the journal stays.
//! - key-value buckets: `H_meta` (`schema`, `heartbeat`), `H_tokens`
//!   (`code.<hash>` → seat token, and `room.<room>` → each identity's
//!   current code: a code is valid only while its room's entry names it,
//!   so writing that entry is the one write that ends a seat's old code),
//!   `H_identities`, `H_games` and `H_rated` (id → bytes), and `H_lease`
//!   (one server per hall: the `lease` module).
//!
//! Ids become subject tokens and keys through the `names` module.
//!
//! Every write returns once JetStream has acknowledged it: stored on the
//! NATS server's disk (fsynced only with `sync_interval: always`) or, with
//! replicas, on a majority of them. A NATS that does not answer within the
//! timeout fails the write; the client reconnects by itself, and commits
//! that never got an answer are settled (the `rooms` module).

mod bridge;
mod group;
mod journal;
mod lease;
mod link;
mod names;
mod reader;
mod rooms;
mod setup;
mod tokens;

use super::{JournalIter, JournalWaiter, RoomLog, SeatToken, Store, StoreError};
use crate::store::Appended;
use async_nats::jetstream::consumer::DeliverPolicy;
use async_nats::jetstream::{self, kv, stream};
use bridge::Bridge;
use lease::Lease;
use names::Names;
use reader::{Reader, Stored};
use std::collections::{BTreeMap, HashMap};
use std::fmt::Display;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// How to reach the hall's NATS.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NatsOptions {
    /// The server's address, such as `nats://127.0.0.1:4222`.
    pub url: String,
    /// A NATS credentials file, if the server asks for one.
    pub credentials: Option<PathBuf>,
    /// Copies of every stream and bucket (1, or 3 in a cluster).
    pub replicas: usize,
    /// The hall's name: the prefix of its stream and buckets.
    pub hall: String,
    /// How long a call waits for NATS before it fails.
    pub timeout: Duration,
    /// This server's name as a node of a hall several serve (`None`: the
    /// hall's only server), and how long its lease lives.
    pub node: Option<(String, Duration)>,
}

impl NatsOptions {
    /// The defaults for the server at `url`.
    pub fn new(url: &str) -> NatsOptions {
        NatsOptions {
            url: url.to_string(),
            credentials: None,
            replicas: 1,
            hall: "banmen".into(),
            timeout: Duration::from_secs(3),
            node: None,
        }
    }
}

/// A store in NATS JetStream.
pub struct NatsStore {
    inner: Arc<Inner>,
    lease: Arc<Lease>,
    /// The link to the hall's other nodes, for a node of a hall.
    link: Option<Arc<link::NatsLink>>,
    /// Last, so the runtime stops after everything that uses it.
    bridge: Arc<Bridge>,
}

/// A room's last stored event: its stream sequence and its seq.
#[derive(Clone, Copy, Debug)]
struct Tip {
    stream_seq: u64,
    seq: u64,
    /// Written by this store.
    ours: bool,
}

/// What the store's calls share.
struct Inner {
    /// `url#hall`, for messages.
    hall: String,
    names: Names,
    client: async_nats::Client,
    /// JetStream on `client`, with the store's timeout.
    js: jetstream::Context,
    stream: stream::Stream,
    meta: kv::Store,
    tokens: kv::Store,
    identities: kv::Store,
    settings: kv::Store,
    /// Registered bots (name → record).
    bots: kv::Store,
    games: kv::Store,
    rated: kv::Store,
    lease: Arc<Lease>,
    timeout: Duration,
    /// Copies of the stream and buckets.
    replicas: usize,
    /// Each room's last event as this store wrote or read it.
    tips: Mutex<HashMap<String, Tip>>,
    /// Rooms with a commit that got no answer: the first such seq.
    doubts: Mutex<HashMap<String, u64>>,
    /// Commits waiting to be published together (the `group` module).
    queue: Mutex<group::Queue>,
    /// The heartbeat waiting to be sent, and whether one is on its way.
    beat: Mutex<Beat>,
}

/// See [`Store::heartbeat`] for [`NatsStore`].
#[derive(Default)]
struct Beat {
    pending: Option<u64>,
    sending: bool,
}

impl NatsStore {
    /// Connects, makes the hall's stream and buckets if they are missing,
    /// checks the schema version and takes the hall's lease. A NATS that
    /// cannot be reached is an error at once (the server does not start).
    pub fn open(options: &NatsOptions) -> Result<NatsStore, StoreError> {
        let bridge = Bridge::start()?;
        let names = Names::new(&options.hall)?;
        let opts = options.clone();
        let life = options
            .node
            .as_ref()
            .map_or(lease::LEASE, |(_, life)| *life);
        let limit = options.timeout * 4 + life + setup::READY_WAIT;
        let inner = bridge.run(limit, async move { Inner::connect(&opts, names).await })?;
        let inner = Arc::new(inner);
        let lease = inner.lease.clone();
        bridge.handle().spawn(lease.clone().keep());
        let bridge = Arc::new(bridge);
        let link = match &options.node {
            Some((node, life)) => Some(link::NatsLink::open(&inner, bridge.clone(), node, *life)?),
            None => None,
        };
        Ok(NatsStore {
            inner,
            lease,
            link,
            bridge,
        })
    }

    /// Runs `call` with the store's shared state on its runtime.
    fn call<T, F, Fut>(&self, call: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(Arc<Inner>) -> Fut,
        Fut: std::future::Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        let limit = self.inner.timeout * 2;
        self.bridge.run(limit, call(self.inner.clone()))
    }
}

impl Drop for NatsStore {
    /// Gives the lease up, so the next server starts at once.
    fn drop(&mut self) {
        let lease = self.lease.clone();
        let _ = self.bridge.run(Duration::from_secs(2), async move {
            lease.release().await;
            Ok(())
        });
    }
}

/// Turns a NATS error into a store error saying `what` failed.
fn fail<E: Display>(what: &'static str) -> impl Fn(E) -> StoreError {
    move |e| StoreError::Io(format!("{what}: {e}"))
}

/// The hall's stream, buckets and lease, as a server opens them.
struct Parts {
    stream: stream::Stream,
    meta: kv::Store,
    lease: Arc<Lease>,
    tokens: kv::Store,
    identities: kv::Store,
    settings: kv::Store,
    /// Registered bots (name → record).
    bots: kv::Store,
    games: kv::Store,
    rated: kv::Store,
}

impl Parts {
    /// Makes what is missing, checks the schema, then takes the lease
    /// (last: nothing after it can fail).
    async fn make(
        js: &jetstream::Context,
        names: &Names,
        options: &NatsOptions,
        hall: &str,
    ) -> Result<Parts, StoreError> {
        let stream = setup::make_stream(js, names, options.replicas).await?;
        let replicas = options.replicas;
        let bucket = |what: &'static str| {
            setup::make_bucket(js, names.bucket(what), replicas, Duration::ZERO)
        };
        let meta = bucket("meta").await?;
        setup::check_schema(&meta, &stream, hall).await?;
        let (tokens, identities) = (bucket("tokens").await?, bucket("identities").await?);
        let (games, rated) = (bucket("games").await?, bucket("rated").await?);
        let settings = bucket("settings").await?;
        let bots = bucket("bots").await?;
        let lease = match &options.node {
            None => {
                let bucket =
                    setup::make_bucket(js, names.bucket("lease"), replicas, lease::LEASE).await?;
                Lease::take(bucket, lease::KEY, lease::LEASE, hall).await?
            }
            Some((node, life)) => {
                let bucket = setup::make_bucket(js, names.bucket("nodes"), replicas, *life).await?;
                let key = format!("node.{}", names::encode(node));
                Lease::take(bucket, &key, *life, &format!("node {node} of {hall}")).await?
            }
        };
        Ok(Parts {
            stream,
            meta,
            lease,
            tokens,
            identities,
            settings,
            bots,
            games,
            rated,
        })
    }
}

impl Inner {
    async fn connect(options: &NatsOptions, names: Names) -> Result<Inner, StoreError> {
        let hall = format!("{}#{}", options.url, names.hall());
        let mut connect = async_nats::ConnectOptions::new()
            .name("banmen")
            .connection_timeout(options.timeout)
            .request_timeout(Some(options.timeout))
            .max_reconnects(None);
        if let Some(path) = &options.credentials {
            connect = connect.credentials_file(path).await.map_err(|e| {
                StoreError::Io(format!(
                    "cannot read NATS credentials {}: {e}",
                    path.display()
                ))
            })?;
        }
        let client = connect
            .connect(options.url.as_str())
            .await
            .map_err(|e| StoreError::Io(format!("cannot reach NATS at {}: {e}", options.url)))?;
        let mut js = jetstream::new(client.clone());
        js.set_timeout(options.timeout);
        let parts = setup::when_ready(|| Parts::make(&js, &names, options, &hall)).await?;
        let Parts {
            stream,
            meta,
            lease,
            tokens,
            identities,
            settings,
            bots,
            games,
            rated,
        } = parts;
        Ok(Inner {
            hall,
            client,
            js,
            stream,
            meta,
            tokens,
            identities,
            settings,
            bots,
            games,
            rated,
            lease,
            timeout: options.timeout,
            replicas: options.replicas,
            names,
            tips: Mutex::default(),
            doubts: Mutex::default(),
            queue: Mutex::default(),
            beat: Mutex::default(),
        })
    }

    fn tips(&self) -> MutexGuard<'_, HashMap<String, Tip>> {
        self.tips.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn doubts(&self) -> MutexGuard<'_, HashMap<String, u64>> {
        self.doubts.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn beat(&self) -> MutexGuard<'_, Beat> {
        self.beat.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Puts the latest heartbeat until none is waiting.
    async fn send_beats(&self) {
        loop {
            let next = {
                let mut beat = self.beat();
                let next = beat.pending.take();
                beat.sending = next.is_some();
                next
            };
            let Some(ms) = next else { return };
            let stamp = ms.to_string();
            if let Err(e) = self.put(&self.meta, "heartbeat", stamp.as_bytes()).await {
                tracing::debug!("heartbeat not stored: {e}");
            }
        }
    }

    /// Refuses writes once another server has taken the hall.
    fn check_lease(&self) -> Result<(), StoreError> {
        if self.lease.lost() {
            return Err(StoreError::InUse {
                hall: self.hall.clone(),
                owner: "another server took it over".into(),
            });
        }
        Ok(())
    }

    fn corrupt(&self, detail: impl Into<String>) -> StoreError {
        StoreError::Corrupt {
            path: PathBuf::from(&self.hall),
            detail: detail.into(),
        }
    }

    /// Every room's log, checking that each is numbered 0, 1, 2, …, and
    /// the tips of rooms this store did not know yet.
    async fn logs(&self) -> Result<Vec<RoomLog>, StoreError> {
        let mut reader = Reader::new(&self.stream, self.names.rooms(), DeliverPolicy::All).await?;
        let mut logs: BTreeMap<String, Vec<Vec<u8>>> = BTreeMap::new();
        let mut tips = HashMap::new();
        while let Some(m) = reader.next().await? {
            let room = self
                .names
                .room_of(&m.subject)
                .ok_or_else(|| self.corrupt(format!("a room subject {:?}", m.subject)))?;
            let log = logs.entry(room.clone()).or_default();
            let seq = log.len() as u64;
            if m.header(rooms::SEQ) != Some(seq.to_string().as_str()) {
                return Err(self.corrupt(format!(
                    "room {room}: event {seq} is stored as {:?}",
                    m.header(rooms::SEQ)
                )));
            }
            log.push(m.payload.to_vec());
            let tip = Tip {
                stream_seq: m.seq,
                seq,
                ours: false,
            };
            tips.insert(room, tip);
        }
        // What this store wrote itself is as fresh as what it read (one
        // server per hall), and a room with a doubtful commit must keep
        // the tip from before it: only rooms it does not know are added.
        let mut known = self.tips();
        for (room, tip) in tips {
            known.entry(room).or_insert(tip);
        }
        drop(known);
        Ok(logs.into_iter().collect())
    }

    /// One room's log; its tip becomes the last event read (another node
    /// may have written it), unless a commit of this store is in doubt.
    async fn room_log(&self, room: &str) -> Result<Vec<Vec<u8>>, StoreError> {
        let subject = self.names.room(room);
        let mut reader = Reader::new(&self.stream, subject, DeliverPolicy::All).await?;
        let mut log = Vec::new();
        let mut tip = None;
        while let Some(m) = reader.next().await? {
            let seq = log.len() as u64;
            if m.header(rooms::SEQ) != Some(seq.to_string().as_str()) {
                return Err(self.corrupt(format!("room {room}: event {seq} is out of place")));
            }
            log.push(m.payload.to_vec());
            tip = Some(Tip {
                stream_seq: m.seq,
                seq,
                ours: false,
            });
        }
        if !self.doubts().contains_key(room) {
            match tip {
                Some(tip) => self.tips().insert(room.to_string(), tip),
                None => self.tips().remove(room),
            };
        }
        Ok(log)
    }

    /// Removes the room's seat codes, then its events (so no code ever
    /// points at a room without a log).
    async fn remove_room(&self, room: &str) -> Result<(), StoreError> {
        self.check_lease()?;
        self.remove_tokens(room).await?;
        self.stream
            .purge()
            .filter(self.names.room(room))
            .await
            .map_err(fail("cannot remove a room's events"))?;
        self.tips().remove(room);
        self.doubts().remove(room);
        Ok(())
    }

    /// Every live value of `bucket` (deleted keys left out), by key.
    async fn values(&self, bucket: &kv::Store) -> Result<BTreeMap<String, Vec<u8>>, StoreError> {
        let mut all = BTreeMap::new();
        for (key, value) in self.live_entries(bucket).await? {
            let decoded = names::decode(&key)
                .ok_or_else(|| self.corrupt(format!("a key {key:?} in {}", bucket.name)))?;
            all.insert(decoded, value);
        }
        Ok(all)
    }

    /// Every live entry of `bucket` (deleted keys left out), read in one
    /// pass of its stream: the key as stored, and the value.
    async fn live_entries(&self, bucket: &kv::Store) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        let stream = self
            .js
            .get_stream(format!("KV_{}", bucket.name))
            .await
            .map_err(fail("cannot open a bucket's stream"))?;
        let prefix = format!("$KV.{}.", bucket.name);
        let mut reader =
            Reader::new(&stream, format!("{prefix}>"), DeliverPolicy::LastPerSubject).await?;
        let mut all = Vec::new();
        while let Some(m) = reader.next().await? {
            if is_deleted(&m) {
                continue;
            }
            let key = m.subject.strip_prefix(&prefix).unwrap_or_default();
            all.push((key.to_string(), m.payload.to_vec()));
        }
        Ok(all)
    }

    /// Puts `value` under `key` (encoded) in `bucket`.
    async fn put(&self, bucket: &kv::Store, key: &str, value: &[u8]) -> Result<(), StoreError> {
        self.check_lease()?;
        bucket
            .put(names::encode(key), bytes::Bytes::copy_from_slice(value))
            .await
            .map_err(fail("cannot write to NATS"))?;
        Ok(())
    }

    /// Deletes `key` (encoded) from `bucket`; whether it held a value. The
    /// delete marker replaces the value (one per key), and listings skip it.
    async fn delete(&self, bucket: &kv::Store, key: &str) -> Result<bool, StoreError> {
        self.check_lease()?;
        if self.get(bucket, key).await?.is_none() {
            return Ok(false);
        }
        bucket
            .delete(names::encode(key))
            .await
            .map_err(fail("cannot delete from NATS"))?;
        Ok(true)
    }

    /// The value under `key` (encoded) in `bucket`.
    async fn get(&self, bucket: &kv::Store, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let value = bucket
            .get(names::encode(key))
            .await
            .map_err(fail("cannot read from NATS"))?;
        Ok(value.map(|v| v.to_vec()))
    }
}

/// Whether a bucket's message is a delete or purge marker.
fn is_deleted(m: &Stored) -> bool {
    matches!(m.header("KV-Operation"), Some("DEL") | Some("PURGE"))
}

impl Store for NatsStore {
    fn commit(&self, events: &[Appended]) -> Result<(), StoreError> {
        let events = events.to_vec();
        self.call(|inner| inner.commit_grouped(events))
    }

    fn note(&self, line: &[u8]) -> Result<(), StoreError> {
        let line = bytes::Bytes::copy_from_slice(line);
        self.call(|inner| async move {
            inner.check_lease()?;
            let subject = inner.names.journal();
            let ack = inner
                .js
                .publish(subject, line)
                .await
                .map_err(fail("cannot write to the journal"))?;
            ack.await.map_err(fail("the journal line was not stored"))?;
            Ok(())
        })
    }

    fn journal(&self, after: Option<u64>) -> JournalIter<'_> {
        journal::lines(self, after)
    }

    fn journal_waiter(&self) -> Box<dyn JournalWaiter> {
        journal::waiter(self)
    }

    fn logs(&self) -> Result<Vec<RoomLog>, StoreError> {
        // Reading every room takes longer than one call may; a stream that
        // is changing leaders (a NATS server restarting) is read again.
        let inner = self.inner.clone();
        self.bridge.run(Duration::from_secs(600), async move {
            setup::when_ready(|| inner.logs()).await
        })
    }

    fn room_log(&self, room: &str) -> Result<Vec<Vec<u8>>, StoreError> {
        let room = room.to_string();
        self.read_all(|inner| async move { inner.room_log(&room).await })
    }

    fn link(&self) -> Option<Arc<dyn crate::store::link::Link>> {
        self.link
            .clone()
            .map(|l| l as Arc<dyn crate::store::link::Link>)
    }

    fn remove_room(&self, room: &str) -> Result<(), StoreError> {
        let room = room.to_string();
        self.call(|inner| async move { inner.remove_room(&room).await })
    }

    fn put_token(&self, hash: &[u8; 32], token: &SeatToken) -> Result<(), StoreError> {
        let (hash, token) = (*hash, token.clone());
        self.call(move |inner| async move { inner.put_token(&hash, &token).await })
    }

    fn token(&self, hash: &[u8; 32]) -> Result<Option<SeatToken>, StoreError> {
        let hash = *hash;
        self.call(move |inner| async move { inner.token(&hash).await })
    }

    fn put_identity(&self, id: &str, name: &str) -> Result<(), StoreError> {
        let (id, name) = (id.to_string(), name.to_string());
        self.call(|inner| async move { inner.put(&inner.identities, &id, name.as_bytes()).await })
    }

    fn identities(&self) -> Result<Vec<(String, String)>, StoreError> {
        self.call(|inner| async move {
            let all = inner.values(&inner.identities).await?;
            all.into_iter()
                .map(|(id, name)| {
                    let name = String::from_utf8(name)
                        .map_err(|_| inner.corrupt(format!("identity {id}'s name")))?;
                    Ok((id, name))
                })
                .collect()
        })
    }

    fn put_settings(&self, id: &str, record: &[u8]) -> Result<(), StoreError> {
        let (id, record) = (id.to_string(), record.to_vec());
        self.call(|inner| async move { inner.put(&inner.settings, &id, &record).await })
    }

    fn settings(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let id = id.to_string();
        self.call(|inner| async move { inner.get(&inner.settings, &id).await })
    }

    fn all_settings(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.call(|inner| async move {
            let all = inner.values(&inner.settings).await?;
            Ok(all.into_iter().collect())
        })
    }

    fn put_bot(&self, name: &str, record: &[u8]) -> Result<(), StoreError> {
        let (name, record) = (name.to_string(), record.to_vec());
        self.call(|inner| async move { inner.put(&inner.bots, &name, &record).await })
    }

    fn remove_bot(&self, name: &str) -> Result<bool, StoreError> {
        let name = name.to_string();
        self.call(|inner| async move { inner.delete(&inner.bots, &name).await })
    }

    fn bots(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.call(|inner| async move {
            let all = inner.values(&inner.bots).await?;
            Ok(all.into_iter().collect())
        })
    }

    fn put_game(&self, id: &str, record: &[u8]) -> Result<(), StoreError> {
        let (id, record) = (id.to_string(), record.to_vec());
        self.call(|inner| async move { inner.put(&inner.games, &id, &record).await })
    }

    fn game(&self, id: &str) -> Result<Option<Vec<u8>>, StoreError> {
        let id = id.to_string();
        self.call(|inner| async move { inner.get(&inner.games, &id).await })
    }

    fn put_rated(&self, key: &str, record: &[u8]) -> Result<(), StoreError> {
        let (key, record) = (key.to_string(), record.to_vec());
        self.call(|inner| async move { inner.put(&inner.rated, &key, &record).await })
    }

    fn rated(&self) -> Result<Vec<Vec<u8>>, StoreError> {
        self.call(
            |inner| async move { Ok(inner.values(&inner.rated).await?.into_values().collect()) },
        )
    }

    /// Sent without waiting for it: the hall's timers call it, and a NATS
    /// that does not answer must not hold them up. One put at a time, of
    /// the latest value.
    fn heartbeat(&self, unix_ms: u64) -> Result<(), StoreError> {
        let mut beat = self.inner.beat();
        beat.pending = Some(unix_ms);
        if !beat.sending {
            beat.sending = true;
            let inner = self.inner.clone();
            self.bridge
                .handle()
                .spawn(async move { inner.send_beats().await });
        }
        Ok(())
    }

    /// Waits for a heartbeat on its way first.
    fn last_heartbeat(&self) -> Result<Option<u64>, StoreError> {
        self.call(|inner| async move {
            while inner.beat().sending {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            let Some(bytes) = inner.get(&inner.meta, "heartbeat").await? else {
                return Ok(None);
            };
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let ms = text
                .parse()
                .map_err(|_| inner.corrupt(format!("the heartbeat {text:?}")))?;
            Ok(Some(ms))
        })
    }

    fn tokens(&self) -> Result<Vec<([u8; 32], SeatToken)>, StoreError> {
        self.read_all(|inner| async move { inner.all_tokens().await })
    }

    fn games(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.read_all(
            |inner| async move { Ok(inner.values(&inner.games).await?.into_iter().collect()) },
        )
    }

    fn rated_keyed(&self) -> Result<Vec<(String, Vec<u8>)>, StoreError> {
        self.read_all(
            |inner| async move { Ok(inner.values(&inner.rated).await?.into_iter().collect()) },
        )
    }
}

impl NatsStore {
    /// [`NatsStore::call`] for a read of a whole bucket, which takes longer
    /// than one call may (as `logs` does).
    fn read_all<T, F, Fut>(&self, call: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(Arc<Inner>) -> Fut,
        Fut: std::future::Future<Output = Result<T, StoreError>> + Send + 'static,
    {
        self.bridge
            .run(Duration::from_secs(600), call(self.inner.clone()))
    }
}
