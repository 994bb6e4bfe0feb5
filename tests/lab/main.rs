//! The lab's tests (the `lab` feature): `bg-lab` run as a user runs it, one module a
//! command: training, the benchmarks and the Tavli match equity table. One test binary for
//! them all: one link instead of one a file.

#[path = "../common/mod.rs"]
mod common;

mod autosave_bench;
mod bench;
mod filter_study;
mod tavli_met;
mod train;
