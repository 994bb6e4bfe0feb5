//! The command line's tests (the `tui` feature), one module a file: the subcommands and their
//! options, exchanging positions and records, the UBGI engine protocol, the commands
//! README.md shows and the scripts its figures need, and hostile input (full disks, FIFOs,
//! symbolic links, escape sequences, arbitrary bytes). One test binary for them all: one link
//! instead of one a file.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod cli_exchange;
mod drill;
mod faults;
mod hostile;
mod readme;
mod resume;
mod scripts;
mod ubgi;
