use super::*;
use crate::record::Recorder;
use crate::store;
use crate::engine::{Action, MatchState, Rules};
use crate::record::{PlayerInfo, PlayerKind};

fn recorder() -> Recorder {
    let player = |name: &str| PlayerInfo {
        name: name.to_string(),
        kind: PlayerKind::Human,
    };
    Recorder::new([player("Alice"), player("Bob")], Rules::money(), Some(1))
}

#[test]
fn saves_are_handed_out_one_at_a_time_in_the_order_asked() {
    let dir = tempfile::tempdir().unwrap();
    let mut recorder = recorder();
    let mut m = MatchState::new(Rules::money()).unwrap();
    let mut saving = Saving::new(
        SaveWriter::new(Some(dir.path().to_path_buf()), Vec::new()),
        recorded(recorder.as_record()),
    );
    recorder
        .apply(&mut m, Action::OpeningRoll { white: 3, black: 1 })
        .unwrap();
    let chosen = dir.path().join("chosen.json");
    saving.ask(SaveRequest::Autosave);
    saving.ask(SaveRequest::Autosave);
    saving.ask(SaveRequest::To(Some(chosen.clone())));
    let first = saving.next(&recorder, false).expect("a save");
    assert_eq!(first.request(), &SaveRequest::Autosave);
    assert!(saving.out() && saving.pending());
    assert!(
        saving.next(&recorder, false).is_none(),
        "one save at a time"
    );
    let said = saving.done(first.run());
    assert!(matches!(said, Saved::Autosave { .. }), "{said:?}");
    assert!(dir.path().join(store::AUTOSAVE_NAME).exists());
    assert!(saving.status().journal_len > 0);
    let second = saving.next(&recorder, false).expect("s");
    assert_eq!(
        second.request(),
        &SaveRequest::To(Some(chosen.clone())),
        "the second autosave waited with the first: one is enough"
    );
    let said = saving.done(second.run());
    assert!(
        matches!(&said, Saved::To(line) if line.starts_with("saved to ")),
        "{said:?}"
    );
    assert!(!saving.pending());
    assert_eq!(
        store::read_record(&chosen).unwrap().0,
        *recorder.as_record()
    );
}

#[test]
fn without_a_save_folder_an_autosave_is_nothing_to_do_and_s_says_so() {
    let recorder = recorder();
    let mut saving = Saving::new(SaveWriter::new(None, Vec::new()), 0);
    saving.ask(SaveRequest::Autosave);
    assert!(!saving.pending());
    saving.ask(SaveRequest::To(None));
    let job = saving.next(&recorder, false).expect("s");
    let said = saving.done(job.run());
    assert!(
        matches!(&said, Saved::To(line) if line == "there is no save folder: save with :save PATH"),
        "{said:?}"
    );
    assert_eq!(saving.farewell(0), "");
    assert_eq!(
        saving.farewell(1),
        "the match was not saved (autosave is off)"
    );
}
