//! The worker answers as the page would: decisions, reviews, hints and judgements.

use super::*;

/// A singles match of easy computers seeded `seed`, at its start, and its computers.
fn easy_singles(seed: u64) -> (Spec, Match, Computers) {
    let spec = Spec::default();
    let setup = carrom_ai::easy_singles(seed);
    let game = Match::new(&spec, setup.clone()).unwrap();
    (spec, game, Computers::for_setup(&setup))
}

/// What the worker answers, asked about the match stroke after stroke (played on from the
/// last, and once from the start), is what the computers decide here.
#[test]
fn the_workers_decisions_are_the_tables() {
    let (_, mut game, mut here) = easy_singles(4);
    let mut there = here.clone();
    for k in 0..5 {
        if k == 3 {
            LAST.with(|last| *last.borrow_mut() = None);
        }
        let request = serde_json::to_string(&Decide::of(&game, &there)).unwrap();
        let reply: Decided = serde_json::from_str(&answer("decide", &request).unwrap()).unwrap();
        let (action, computers) = reply.into_decision();
        there = computers.unwrap();
        assert_eq!(action, here.act(&game));
        assert_eq!(there.state(), here.state());
        let Some(action) = action else { break };
        game.apply(&action).unwrap();
    }
    assert!(matches!(answer("chess", "{}"), Err(WorkError::Unknown(_))));
    assert!(matches!(answer("decide", "{"), Err(WorkError::Request(_))));
}

/// A review put together from the worker's walk and its judgements, a stroke at a time, is
/// the review made here; a save that does not replay is refused in words.
#[test]
fn a_review_made_in_the_worker_a_stroke_at_a_time_is_the_review_made_here() {
    let (spec, mut game, mut computers) = easy_singles(6);
    while game.actions.len() < 3
        && let Some(action) = computers.act(&game)
    {
        game.apply(&action).unwrap();
    }
    let save = SaveFile::of(&game);
    let options = carrom_ai::review::ReviewOptions::default();
    let here = carrom_ai::review::review(&spec, &save, "m", &options, &|_, _| {}).unwrap();
    let walk = WalkMatch {
        spec: spec.clone(),
        save: save.clone(),
        name: "m".into(),
    };
    let reply = answer("walk", &serde_json::to_string(&walk).unwrap()).unwrap();
    let walked: Result<Walked, NoReview> = serde_json::from_str(&reply).unwrap();
    let walked = walked.unwrap();
    let mut strokes = Vec::new();
    for at in carrom_ai::review::to_judge(&walked, None, &options) {
        let one = JudgeStroke {
            spec: walked.spec.clone(),
            at: at.clone(),
            seed: options.seed,
        };
        let reply = answer("judge_stroke", &serde_json::to_string(&one).unwrap()).unwrap();
        strokes.push(serde_json::from_str::<StrokeReview>(&reply).unwrap());
    }
    let there = carrom_ai::review::assemble(&save, &walked, strokes, &options, None);
    assert_eq!(there, here);
    let mut tampered = save.clone();
    tampered.score = [7, 0];
    let walk = WalkMatch {
        save: tampered,
        ..walk
    };
    let reply = answer("walk", &serde_json::to_string(&walk).unwrap()).unwrap();
    let refused: Result<Walked, NoReview> = serde_json::from_str(&reply).unwrap();
    assert!(
        refused.unwrap_err().to_string().starts_with("m"),
        "named after its file"
    );
}

/// The worker's hint is the coach's here, down to the strokes its chances were counted on,
/// and its judgement of a person's stroke against it is the same as here.
#[test]
fn the_workers_hint_and_judgement_are_the_coachs() {
    let (spec, mut game, mut computers) = easy_singles(6);
    for _ in 0..2 {
        let action = computers.act(&game).unwrap();
        game.apply(&action).unwrap();
    }
    let seat = game.referee.turn().unwrap();
    let question = AskCoach {
        spec: spec.clone(),
        layout: game.layout.clone(),
        seat,
        referee: game.referee,
        goal: Goal::BestMove,
        seed: 3,
    };
    let here = question.answer().expect("a legal place");
    let request = serde_json::to_string(&question).unwrap();
    let sent: Option<HintSent> = serde_json::from_str(&answer("hint", &request).unwrap()).unwrap();
    let there = sent.expect("the worker's hint").into_hint();
    // The same but for the time each took to think.
    assert_eq!(
        Hint {
            decision_ms: here.decision_ms,
            ..there
        },
        here
    );
    let mut yours = here.best.shot;
    yours.power *= 0.8;
    let judge = JudgeOwn {
        spec,
        layout: game.layout.clone(),
        seat,
        referee: game.referee,
        yours,
        coachs: here.best.clone(),
        measured: here.best.measured.clone(),
    };
    let request = serde_json::to_string(&judge).unwrap();
    let judged: OwnShotJudged =
        serde_json::from_str(&answer("judge_own", &request).unwrap()).unwrap();
    assert_eq!(judged, judge.answer());
    assert!(judged.samples > 0);
}
