//! Move notation as GNU Backgammon writes and reads it.
