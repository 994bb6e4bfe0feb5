//! Saving a match at a table: the save folder, the autosave file it has claimed and the
//! journal it appends to ([`crate::journal`]), where `s` saves, where the finished match was
//! kept, why saving is off or failing, and the match saved elsewhere when it cannot be saved
//! where it goes (a full disk).
//!
//! The files are written by a [`SaveWriter`], one save at a time and in the order they were
//! asked for: [`Saving`] keeps the saves asked for and hands the writer out with the next
//! one as a [`SaveJob`], which a caller may run on another thread; the writer comes back
//! with how the save went ([`SaveDone`]). Meanwhile [`Saving`] knows what the last save
//! said ([`SaveStatus`]).

mod autosave;
mod helpers;
mod job;
mod queue;
mod request;
mod rescue;
#[cfg(test)]
mod tests;
mod writer;

pub use helpers::{how_to_go_on, recorded, shown_path};
pub use job::{SaveDone, SaveJob};
pub use queue::Saving;
pub use request::{SaveRequest, SaveStatus, Saved};
pub use rescue::{FolderProblem, FolderRefusal, RescueError};
pub use writer::SaveWriter;
