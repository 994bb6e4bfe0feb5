//! GNU Backgammon Position ID and Match ID.
