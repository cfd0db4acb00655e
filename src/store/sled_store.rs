//! The sled backend (to be written).
