//! The hall's stores for tests that must hold on every backend: memory,
//! sled in a temporary directory, and NATS JetStream on a throwaway
//! server (left out, with a line saying so, when `BANMEN_NO_NATS=1`).

use super::TempDir;
use super::nats_support::NatsServer;
use banmen::store::Store;
use banmen::store::memory::MemoryStore;
use banmen::store::nats_store::{NatsOptions, NatsStore};
use banmen::store::sled_store::SledStore;
use std::sync::Arc;

/// A store under test and what must outlive it (its directory or its
/// NATS server).
pub struct TestStore {
    /// Which backend, for messages.
    pub name: &'static str,
    /// The store.
    pub store: Arc<dyn Store>,
    /// Dropped after the store: the sled directory or the NATS server.
    place: Place,
}

enum Place {
    Memory,
    /// A second hall on another store's NATS server.
    Borrowed,
    Dir(TempDir),
    Nats(NatsServer),
}

impl TestStore {
    /// A second, empty store of the same backend (on NATS: another hall
    /// on the same server, so drop it before this one).
    pub fn sibling(&self) -> TestStore {
        match &self.place {
            Place::Memory | Place::Borrowed => TestStore {
                name: self.name,
                store: Arc::new(MemoryStore::new()),
                place: Place::Memory,
            },
            Place::Dir(_) => {
                let dir = super::temp_dir();
                TestStore {
                    name: self.name,
                    store: Arc::new(SledStore::open(&dir).expect("open sled")),
                    place: Place::Dir(dir),
                }
            }
            Place::Nats(server) => {
                let mut options = NatsOptions::new(&server.url());
                options.hall = "sibling".into();
                let store = NatsStore::open(&options).expect("open the NATS store");
                TestStore {
                    name: self.name,
                    store: Arc::new(store),
                    place: Place::Borrowed,
                }
            }
        }
    }
}

impl Drop for TestStore {
    fn drop(&mut self) {
        // The store first (a NATS store gives its lease back, sled closes
        // its files); the place (directory, server) goes with the fields.
        self.store = Arc::new(MemoryStore::new());
    }
}

/// A fresh store of each backend, for `test`.
pub fn each(test: &str) -> Vec<TestStore> {
    let mut all = vec![TestStore {
        name: "memory",
        store: Arc::new(MemoryStore::new()),
        place: Place::Memory,
    }];
    let dir = super::temp_dir();
    all.push(TestStore {
        name: "sled",
        store: Arc::new(SledStore::open(&dir).expect("open sled")),
        place: Place::Dir(dir),
    });
    if let Some(server) = NatsServer::start(test) {
        all.push(TestStore {
            name: "nats",
            store: Arc::new(open_nats(&server)),
            place: Place::Nats(server),
        });
    }
    all
}

/// The hall of the NATS server at `server`.
pub fn open_nats(server: &NatsServer) -> NatsStore {
    NatsStore::open(&NatsOptions::new(&server.url())).expect("open the NATS store")
}
