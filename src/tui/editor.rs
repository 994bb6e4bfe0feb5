//! The position editor (`e`, `:setup`), a screen of its own: checkers placed and removed
//! with the cursor, the player on roll, the dice, the cube and the score set, then the
//! position handed back to the game, which hands it to the engine (an impossible one is
//! refused with its reason, and the editor stays).
//!
//! `Editor` takes its own messages ([`EditorMsg`], from `key_msg`) in
//! `Editor::update`, which says what the game must do (`EditorNext`: nothing beyond a
//! line to say, roll the dice, play the finished setup, or go back), and draws itself on the
//! board model in `Editor::view`. It reads the game only through `EditorContext`: the
//! names, the rules, the side at the bottom and the cursor, which stays the game's.

mod draft;

use super::model::{BoardModel, Overlay, Spot};
use super::msg::{EditorMsg, Msg};
use bg_tui::engine::{Dice, GameSetup, MatchState, Rules, Side, Variant};
use draft::{Draft, EditRefusal};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What the editor reads of the game.
#[derive(Debug, Clone, Copy)]
pub(crate) struct EditorContext<'a> {
    /// The players' names, indexed by [`Side::index`].
    pub(crate) names: &'a [String; 2],
    /// The match's rules (the cube, its cap, the match's length).
    pub(crate) rules: &'a Rules,
    /// The side whose home is at the bottom: the cursor's points are in its numbering.
    pub(crate) bottom: Side,
    /// The spot under the cursor, as drawn.
    pub(crate) cursor: Spot,
}

impl EditorContext<'_> {
    /// The point under the cursor (1-24 in the bottom player's numbering, 25 the bar, 0
    /// the tray).
    const fn point(&self) -> u8 {
        match self.cursor {
            Spot::Point(p) => p,
            Spot::Bar => 25,
            Spot::Tray => 0,
        }
    }
}

/// What the game does after the editor took a message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum EditorNext {
    /// Nothing beyond what the screen shows.
    Quiet,
    /// Say this on the message line.
    Say(String),
    /// Roll the dice for the position (the game's dice), then [`Editor::set_dice`].
    RollDice,
    /// Play this setup, with these dice rolled (if any): the editor is done.
    Play(GameSetup, Option<Dice>),
    /// Back to the game, unchanged.
    Cancel,
}

/// The position editor's screen: the position being set up, and whether its keys are
/// shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Editor {
    draft: Draft,
    /// The editor's keys are shown (until the next key).
    help: bool,
}

impl Editor {
    /// An editor holding the game in progress in `m` as it stands (before the opening roll:
    /// the rule set's start, White on roll), or the position of `from` (a Position ID or an
    /// XGID).
    ///
    /// # Errors
    /// [`LoadRefusal`] when `from` does not read or the rule set has no such IDs.
    pub(crate) fn open(m: &MatchState, from: Option<&str>) -> Result<Editor, LoadRefusal> {
        let mut draft = Draft::of_match(m);
        if let Some(text) = from {
            load_text(&mut draft, text)?;
        }
        Ok(Editor { draft, help: false })
    }

    /// Takes a key of the editor's; returns what the game must do.
    pub(crate) fn update(&mut self, msg: EditorMsg, cx: &EditorContext<'_>) -> EditorNext {
        if std::mem::take(&mut self.help) {
            // Any key closes the editor's help.
            return EditorNext::Quiet;
        }
        let draft = &mut self.draft;
        let (point, viewer) = (cx.point(), cx.bottom);
        let cube = cx.rules.uses_cube() && draft.variant().has_cube();
        let said: Result<String, EditRefusal> = match msg {
            EditorMsg::Accept => {
                return match draft.setup(cx.names) {
                    Ok(setup) => EditorNext::Play(setup, draft.dice()),
                    Err(why) => EditorNext::Say(why.to_string()),
                };
            }
            EditorMsg::Cancel => return EditorNext::Cancel,
            EditorMsg::Help => {
                self.help = true;
                return EditorNext::Quiet;
            }
            EditorMsg::RollDice => return EditorNext::RollDice,
            EditorMsg::Add(side) => draft.add(side, point, viewer),
            EditorMsg::Remove => draft.remove(point, viewer),
            EditorMsg::Pin => draft.toggle_pin(point, viewer),
            EditorMsg::Clear => {
                draft.clear();
                Ok("the board is clear: every checker is borne off".into())
            }
            EditorMsg::Initial => {
                draft.initial();
                Ok(format!("the starting position of {}", draft.variant()))
            }
            EditorMsg::Turn => {
                draft.toggle_turn();
                Ok(format!("{} on roll", cx.names[draft.turn().index()]))
            }
            EditorMsg::Die(d) => Ok(draft.die(d)),
            EditorMsg::CubeUp if cube => {
                draft.cube_up(cx.rules.cube_cap);
                Ok(format!("the cube at {}", draft.cube().value()))
            }
            EditorMsg::CubeOwner if cube => {
                draft.cube_owner_next();
                Ok("the cube's owner changed".into())
            }
            EditorMsg::CubeUp | EditorMsg::CubeOwner => Err(EditRefusal::NoCube),
            EditorMsg::Score(side) => match cx.rules.match_length {
                Some(n) => {
                    draft.score_up(side, n);
                    let s = draft.score();
                    Ok(format!("score {}-{}", s[0], s[1]))
                }
                None => Err(EditRefusal::NoScore),
            },
            EditorMsg::Crawford => {
                draft.toggle_crawford();
                Ok("the Crawford game changed".into())
            }
            EditorMsg::Unknown => Err(EditRefusal::UnknownKey),
        };
        EditorNext::Say(said.unwrap_or_else(|why| why.to_string()))
    }

    /// The dice rolled for the position ([`EditorNext::RollDice`]); returns what to say.
    pub(crate) fn set_dice(&mut self, dice: Dice) -> String {
        self.draft.set_dice(dice);
        format!("dice {}-{}", dice.high(), dice.low())
    }

    /// Draws the editor on the game's board model: the checkers as typed, the settings,
    /// the editor's lines on the panel, its keys when asked for.
    pub(crate) fn view(&self, cx: &EditorContext<'_>, model: &mut BoardModel) {
        let draft = &self.draft;
        let shown = draft.shown();
        model.position = shown;
        model.on_roll = draft.turn();
        model.bottom = cx.bottom;
        model.to_act = None;
        model.dice = draft.dice();
        model.dice_used = Vec::new();
        model.cube = (cx.rules.uses_cube() && draft.variant().has_cube()).then(|| draft.cube());
        model.score = draft.score();
        model.crawford = String::new();
        model.rules = draft.lines(cx.names, cx.rules.match_length);
        model.board_text = None;
        let valid = draft.setup(cx.names).is_ok();
        model.position_id = if valid && draft.variant().has_position_id() {
            bg_tui::engine::position_id(&shown)
        } else {
            String::new()
        };
        model.match_id = String::new();
        // The cursor's spot as the board draws it: in the numbering of the player on roll.
        model.cursor = match cx.cursor {
            // The view reads a spot of the player at the top as its 25 - p.
            Spot::Point(p) if cx.bottom != draft.turn() => Spot::Point(25 - p),
            other => other,
        };
        model.picked = None;
        model.targets = Vec::new();
        model.last_move = None;
        model.status = "Setting up a position: Enter plays it, Esc goes back".to_string();
        model.overlay = self
            .help
            .then(|| Overlay::Help(help_rows(draft.variant() == Variant::Plakoto)));
        model.command_line = None;
    }
}

/// The message of a key in the position editor (the arrows move the game's cursor; Ctrl-C
/// quits at once).
#[must_use]
pub(crate) fn key_msg(key: KeyEvent) -> Msg {
    use super::msg::Arrow;
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c') => Msg::QuitNow,
            _ => Msg::Editor(EditorMsg::Unknown),
        };
    }
    let k = match key.code {
        KeyCode::Left | KeyCode::Char('h') => return Msg::Cursor(Arrow::Left),
        KeyCode::Right | KeyCode::Char('l') => return Msg::Cursor(Arrow::Right),
        KeyCode::Up | KeyCode::Char('k') => return Msg::Cursor(Arrow::Up),
        KeyCode::Down | KeyCode::Char('j') => return Msg::Cursor(Arrow::Down),
        KeyCode::Char('w') => EditorMsg::Add(Side::White),
        KeyCode::Char('b') => EditorMsg::Add(Side::Black),
        KeyCode::Char('x') | KeyCode::Backspace | KeyCode::Delete => EditorMsg::Remove,
        KeyCode::Char('p') => EditorMsg::Pin,
        KeyCode::Char('c') => EditorMsg::Clear,
        KeyCode::Char('i') => EditorMsg::Initial,
        KeyCode::Char('t') => EditorMsg::Turn,
        KeyCode::Char(c @ '0'..='6') => EditorMsg::Die(c as u8 - b'0'),
        KeyCode::Char('r') => EditorMsg::RollDice,
        KeyCode::Char('v') => EditorMsg::CubeUp,
        KeyCode::Char('o') => EditorMsg::CubeOwner,
        KeyCode::Char('W') => EditorMsg::Score(Side::White),
        KeyCode::Char('B') => EditorMsg::Score(Side::Black),
        KeyCode::Char('C') => EditorMsg::Crawford,
        KeyCode::Enter => EditorMsg::Accept,
        KeyCode::Esc => EditorMsg::Cancel,
        KeyCode::Char('?') => EditorMsg::Help,
        _ => EditorMsg::Unknown,
    };
    Msg::Editor(k)
}

/// The position editor's keys, as its help panel (`?` in the editor) lists them; `p`
/// (pin) only where the rule set pins (Plakoto).
#[must_use]
pub(crate) fn help_rows(pins: bool) -> Vec<(String, String)> {
    [
        (
            "arrows, h j k l",
            "move the cursor over points, bar and tray",
        ),
        if pins {
            (
                "set-up: w b x p",
                "add White / Black checker at the cursor, remove, pin",
            )
        } else {
            (
                "set-up: w b x",
                "add White / Black checker at the cursor, remove one",
            )
        },
        (
            "set-up: c i t",
            "clear the board / starting position / other side on roll",
        ),
        ("set-up: 1-6 0 r", "type the two dice / no dice / roll them"),
        (
            "set-up: v o W B C",
            "cube value / owner; score points; Crawford game",
        ),
        (
            "set-up: Enter Esc",
            "play the position (checked first) / back unchanged",
        ),
        (
            ":setup ID",
            "in the game: the editor holding a Position ID or an XGID",
        ),
        ("?", "this help; any key closes it"),
    ]
    .into_iter()
    .map(|(k, d)| (k.to_string(), d.to_string()))
    .collect()
}

/// Why a Position ID or an XGID could not be loaded into the editor.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum LoadRefusal {
    /// The rule set's positions have no such IDs.
    #[error("a Position ID or an XGID cannot hold a {0} position: set it up with the keys")]
    NoIds(Variant),
    /// The XGID does not read (the text, printable).
    #[error("XGID {shown}: {error}")]
    Xgid {
        /// The text, printable.
        shown: String,
        /// Why it does not read.
        #[source]
        error: bg_tui::engine::XgidError,
    },
    /// The Position ID does not read.
    #[error("Position ID {shown}: {error}")]
    PositionId {
        /// The text, printable.
        shown: String,
        /// Why it does not read.
        #[source]
        error: bg_tui::engine::PositionIdError,
    },
}

/// Loads a Position ID or an XGID into `editor`.
fn load_text(editor: &mut Draft, text: &str) -> Result<(), LoadRefusal> {
    let variant = editor.variant();
    if !variant.has_position_id() {
        return Err(LoadRefusal::NoIds(variant));
    }
    let shown = || bg_tui::printable::printable(text, 40);
    if text.contains(':') || text.to_ascii_uppercase().starts_with("XGID=") {
        let x = bg_tui::engine::parse_xgid(text).map_err(|error| LoadRefusal::Xgid {
            shown: shown(),
            error,
        })?;
        editor.load_xgid(&x);
    } else {
        let position =
            bg_tui::engine::position_from_id(text).map_err(|error| LoadRefusal::PositionId {
                shown: shown(),
                error,
            })?;
        let turn = editor.turn();
        editor.load(&position, turn);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> [String; 2] {
        ["Alice".to_string(), "Bob".to_string()]
    }

    fn editor(rules: &Rules) -> Editor {
        let m = MatchState::new(*rules).expect("a match");
        Editor::open(&m, None).expect("an editor")
    }

    /// The context with the cursor on White's `point` (White at the bottom).
    fn at<'a>(names: &'a [String; 2], rules: &'a Rules, point: u8) -> EditorContext<'a> {
        EditorContext {
            names,
            rules,
            bottom: Side::White,
            cursor: Spot::Point(point),
        }
    }

    #[test]
    fn the_start_is_handed_back_as_it_stands_with_the_dice_typed() {
        let (names, rules) = (names(), Rules::money());
        let mut e = editor(&rules);
        let cx = at(&names, &rules, 6);
        assert_eq!(
            e.update(EditorMsg::Die(3), &cx),
            EditorNext::Say("dice 3-?: type the second die".into())
        );
        assert_eq!(
            e.update(EditorMsg::Die(1), &cx),
            EditorNext::Say("dice 3-1".into())
        );
        match e.update(EditorMsg::Accept, &cx) {
            EditorNext::Play(setup, dice) => {
                assert_eq!(setup.position, Variant::Backgammon.start_position());
                assert_eq!(setup.turn, Side::White);
                assert_eq!(dice, Dice::new(3, 1).ok());
            }
            other => panic!("not handed back: {other:?}"),
        }
    }

    #[test]
    fn an_impossible_board_is_refused_with_its_reason_and_the_editor_stays() {
        let (names, rules) = (names(), Rules::money());
        let mut e = editor(&rules);
        let cx = at(&names, &rules, 6);
        // A 16th White checker on White's 6-point.
        assert_eq!(
            e.update(EditorMsg::Add(Side::White), &cx),
            EditorNext::Say("White checker added".into())
        );
        let EditorNext::Say(why) = e.update(EditorMsg::Accept, &cx) else {
            panic!("16 checkers handed back");
        };
        assert!(why.contains("Alice has 16 checkers"), "{why}");
        assert_eq!(
            e.update(EditorMsg::Remove, &cx),
            EditorNext::Say("White checker removed".into())
        );
        assert!(matches!(
            e.update(EditorMsg::Accept, &cx),
            EditorNext::Play(..)
        ));
    }

    #[test]
    fn the_dice_are_rolled_by_the_game_and_any_key_only_closes_the_help() {
        let (names, rules) = (names(), Rules::match_to(5));
        let mut e = editor(&rules);
        let cx = at(&names, &rules, 1);
        assert_eq!(e.update(EditorMsg::RollDice, &cx), EditorNext::RollDice);
        let dice = Dice::new(6, 5).expect("dice");
        assert_eq!(e.set_dice(dice), "dice 6-5");
        assert_eq!(e.update(EditorMsg::Help, &cx), EditorNext::Quiet);
        // With the help open, Esc closes it and the editor stays.
        assert_eq!(e.update(EditorMsg::Cancel, &cx), EditorNext::Quiet);
        assert_eq!(
            e.update(EditorMsg::Score(Side::Black), &cx),
            EditorNext::Say("score 0-1".into())
        );
        assert_eq!(e.update(EditorMsg::Cancel, &cx), EditorNext::Cancel);
    }

    #[test]
    fn money_play_has_no_score_and_plakoto_no_cube() {
        let names = names();
        let money = Rules::money();
        let mut e = editor(&money);
        let refused = e.update(EditorMsg::Score(Side::White), &at(&names, &money, 1));
        assert_eq!(refused, EditorNext::Say(EditRefusal::NoScore.to_string()));
        let plakoto = Rules::of(bg_tui::engine::RuleSet::Plakoto);
        let mut e = editor(&plakoto);
        let refused = e.update(EditorMsg::CubeUp, &at(&names, &plakoto, 1));
        assert_eq!(refused, EditorNext::Say(EditRefusal::NoCube.to_string()));
    }
}
