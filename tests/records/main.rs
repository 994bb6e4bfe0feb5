//! The records' tests, one module a file: game records (JSON), replays, .mat files, the save
//! store and damaged files. One test binary for them all: one link instead of one a file.

#[path = "../common/mod.rs"]
mod common;

mod damaged_records;
mod endless;
mod mat;
mod record;
mod replay;
mod store;
