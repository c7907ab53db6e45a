//! A host going on with a save (`carrom host --load`) plays it again once, in its own start,
//! with the checks and the words of every other resume ([`carrom_match::resume`]): the command
//! line only reads the file and names it in the host's errors.

use carrom_ai::{Computers, Level};
use carrom_match::{Match, MatchSetup, SaveFile};
use carrom_net::{Holder, Host, HostConfig, HostError};
use carrom_physics::Spec;
use carrom_referee::{Rules, Seat, Seats};

/// A singles match of two easy computers, `actions` actions in.
fn played(actions: usize) -> Match {
    let mut setup = MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 3);
    for p in &mut setup.players {
        p.computer = Some(carrom_match::Level::Easy);
    }
    let mut computers = Computers::for_every_seat(&setup, Level::Easy);
    let mut game = Match::new(&Spec::default(), setup).unwrap();
    while game.actions.len() < actions {
        let action = computers.act(&game).expect("a computer acts");
        game.apply(&action).expect("the computer's action is legal");
    }
    game
}

/// The host of `save`, or why it does not start.
fn host(save: &SaveFile) -> Result<Host, HostError> {
    let holders = vec![(Seat::South, Holder::Guest), (Seat::North, Holder::Guest)];
    let mut config = HostConfig::new(
        "127.0.0.1:0".parse().unwrap(),
        "RESUME1",
        save.setup.clone(),
        holders,
        &Spec::default(),
    );
    config.resume = Some(save.clone());
    Host::start(config, Box::new(|_| None))
}

/// `carrom_match::resume`'s words for `save`, named as the host names it.
fn resume_words(save: &SaveFile) -> String {
    carrom_match::resume(&Spec::default(), save, carrom_net::host::SAVE_NAME, |_| {})
        .expect_err("refused")
        .to_string()
}

#[test]
fn a_host_going_on_with_a_save_stands_where_it_stopped_with_the_same_digests() {
    let game = played(12);
    let save = SaveFile::of(&game);
    let host = host(&save).expect("the host goes on with the save");
    let hosted = host.game().expect("the match is under way");
    assert_eq!(hosted.actions, game.actions);
    assert_eq!(hosted.digests, game.digests);
    assert_eq!(hosted.digest(), game.digest());
}

/// Each way a save may not come back, refused by the host itself with the words every
/// resume gives: the host is the only one to play the save again.
#[test]
fn a_save_that_does_not_come_back_as_recorded_is_refused_by_the_host_with_the_resumes_words() {
    let game = played(12);
    let good = SaveFile::of(&game);
    let mut altered = good.clone();
    let last = altered.digests.len() - 1;
    altered.digests[last] = "0123456789abcdef".into();
    let mut finished = good.clone();
    finished.finished = true;
    let mut scored = good.clone();
    scored.score[0] += 1;
    let mut counted = good.clone();
    counted.digests.pop();
    let mut shifted = good.clone();
    if let carrom_match::Action::Stroke { shot } = &mut shifted.actions[0] {
        shot.angle_deg += 0.0001;
    }
    for (what, save) in [
        ("the last digest altered", &altered),
        ("marked finished", &finished),
        ("another score", &scored),
        ("a digest short", &counted),
        ("the first stroke turned by 0.0001 degrees", &shifted),
    ] {
        let e = host(save).err().unwrap_or_else(|| panic!("{what}: hosted"));
        assert!(matches!(e, HostError::Resume(_)), "{what}: {e}");
        assert_eq!(e.to_string(), resume_words(save), "{what}");
    }
    let e = host(&shifted).err().unwrap().to_string();
    assert!(
        e.contains("actions[0]: does not reach the recorded position"),
        "{e}"
    );
}
