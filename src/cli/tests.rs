//! The command line's tests that call its parts directly (the options read into the game's,
//! its errors, the advice on every surface, the saves under hostile conditions); the tests
//! that run the program as a user runs it are in `tests/cli`.

mod advice_surfaces;
mod analyse;
mod errors;
mod play_options;
mod resume;
mod saves_hostile;
