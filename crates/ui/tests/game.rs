//! Headless Bevy tests (`MinimalPlugins`, `app.update()`): the bit-identical stroke, the turn
//! flow, dues, saves and bad files, and input read the same at any frame rate.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::WindowEvent;
use bevy_rapier2d::prelude::*;
use carrom_ai::Computers;
use carrom_match::{Action, Match, MatchSetup, SaveFile, StrokeOutcome, load_rules};
use carrom_physics::{
    BodyId, EventKind, Piece, PieceColour, Seat, Shot, Spec, opening_rack, simulate,
};
use carrom_referee::{Placer, Rules, Seats, StrokeReport};
use carrom_ui::modes::OnBoard;
use carrom_ui::modes::aim::power_of_pull;
use carrom_ui::modes::calls::CallLog;
use carrom_ui::modes::flow::ResultShown;
use carrom_ui::modes::input::WindowToBoard;
use carrom_ui::modes::replay::ReplayTape;
use carrom_ui::modes::table::{PlayAgain, Table};
use carrom_ui::modes::turn::{Aim, aim_shot, angle_for};
use carrom_ui::sim::{
    BoardBody, BoardEntities, Cushion, LiveTable, LoadTable, PocketSensor, StrokeEnded,
    final_positions,
};
use carrom_ui::{Launch, Phase, Screen, Start, headless_app};

mod common;
#[path = "game/input.rs"]
mod input;
#[path = "game/tournament.rs"]
mod tournament;

use common::press;

fn launch(start: Start) -> Launch {
    Launch {
        start,
        fixed_board: false,
        speed: 1.0,
        save_path: None,
        hints: false,
    }
}

fn human_singles() -> MatchSetup {
    MatchSetup::new(Seats::Singles, Rules::icf(), "icf", 3)
}

/// Singles with the easy computer player in both seats.
fn computer_singles() -> MatchSetup {
    let mut setup = human_singles();
    for p in setup.players.iter_mut() {
        p.computer = Some(carrom_match::Level::Easy);
    }
    setup
}

/// The computers of `setup` play `actions` actions of its match, headless.
fn play_headless(spec: &Spec, setup: MatchSetup, actions: usize) -> Match {
    let mut computers = Computers::for_setup(&setup);
    let mut game = Match::new(spec, setup).unwrap();
    while game.actions.len() < actions
        && let Some(action) = computers.act(&game)
    {
        game.apply(&action).unwrap();
    }
    assert!(game.violations.is_empty(), "{:?}", game.violations);
    game
}

/// The turn's phase; `Idle` outside a game (the phase is a sub-state of the game screen).
fn phase(app: &App) -> Phase {
    app.world()
        .get_resource::<State<Phase>>()
        .map_or(Phase::Idle, |p| *p.get())
}

fn run_until(app: &mut App, max: usize, mut done: impl FnMut(&mut App) -> bool) {
    for _ in 0..max {
        app.update();
        if done(app) {
            return;
        }
    }
    panic!(
        "condition not reached after {max} updates (phase {:?})",
        phase(app)
    );
}

/// Strokes that came to rest.
#[derive(Resource, Default)]
struct Ended(usize);

fn count_ended(mut ended: MessageReader<StrokeEnded>, mut count: ResMut<Ended>) {
    count.0 += ended.read().count();
}

/// Every collision message of the run, in order.
#[derive(Resource, Default)]
struct Heard(Vec<CollisionEvent>);

fn listen(mut reader: MessageReader<CollisionEvent>, mut heard: ResMut<Heard>) {
    heard.0.extend(reader.read().copied());
}

/// The pieces are bevy_rapier2d rigid bodies in the ECS: each has `RigidBody`, a collider and
/// the handle of the one rapier body the physics crate made (none duplicated), bevy_rapier2d
/// writes their `Transform`s back bit-for-bit, and their contacts arrive as bevy_rapier2d
/// `CollisionEvent`s: striker on piece, a cushion, and the pocket's sensor.
#[test]
fn pieces_are_bevy_rapier_bodies_and_their_contacts_are_collision_messages() {
    let spec = Spec::default();
    let seat = Seat::South;
    let position = 0.3;
    let striker = spec.board.striker_spot(seat, position);
    let target = spec.board.pockets()[2].centre();
    let coin = striker + (target - striker) * 0.45;
    let dir = (target - striker).normalize();
    let shot = Shot {
        seat,
        position,
        angle_deg: (-dir.x).atan2(dir.y).to_degrees(),
        power: 0.6,
    };
    let pieces = vec![
        Piece::new(PieceColour::Black, coin),
        Piece::new(PieceColour::White, carrom_physics::Vec2::new(-0.2, 0.1)),
    ];
    let reference = simulate(&spec, &pieces, &shot).expect("legal shot");
    assert!(reference.pieces[0].pocketed, "the set-up pots the black");
    assert!(
        reference.events.iter().any(|e| matches!(
            e.kind,
            EventKind::Cushion {
                body: BodyId::Striker,
                ..
            }
        )),
        "the set-up sends the striker into a cushion"
    );

    let mut app = headless_app(&spec, launch(Start::Menu));
    app.init_resource::<Heard>().add_systems(PostUpdate, listen);
    app.init_resource::<Ended>()
        .add_systems(PostUpdate, count_ended);
    app.update();
    app.world_mut().write_message(LoadTable {
        pieces: pieces.clone(),
        shot: Some(shot),
    });
    run_until(&mut app, 5000, |app| app.world().resource::<Ended>().0 == 1);
    app.update();

    let world = app.world_mut();
    let board = world.resource::<BoardEntities>().clone();
    let mut q = world.query_filtered::<&RapierRigidBodySet, With<DefaultRapierContext>>();
    let set = q.single(world).expect("one rapier context");
    // Frame + two pieces + striker: bevy_rapier2d made no bodies of its own.
    assert_eq!(set.bodies.len(), 4);
    let bodies = set.bodies.clone();
    let mut q = world.query::<(
        Entity,
        &BoardBody,
        &RigidBody,
        &RapierRigidBodyHandle,
        &Collider,
        &Transform,
    )>();
    let mut seen = 0;
    for (e, body, rb, handle, _, tf) in q.iter(world) {
        assert_eq!(*rb, RigidBody::Dynamic);
        assert_eq!(board.body(body.0), Some(e));
        let p = bodies[handle.0].translation();
        assert_eq!(tf.translation.x.to_bits(), p.x.to_bits(), "{:?}", body.0);
        assert_eq!(tf.translation.y.to_bits(), p.y.to_bits(), "{:?}", body.0);
        seen += 1;
    }
    assert_eq!(seen, 3, "two pieces and the striker");
    // The white, untouched, still has its spot.
    let white = board.pieces[1];
    let tf = world.get::<Transform>(white).unwrap();
    assert_eq!(tf.translation.x, -0.2);
    // The sensors and cushions are entities too.
    assert!(world.get::<Sensor>(board.pockets[2]).is_some());
    assert!(world.get::<PocketSensor>(board.pockets[2]).is_some());
    assert!(world.get::<Cushion>(board.cushions[0]).is_some());

    let heard = &world.resource::<Heard>().0;
    let started = |a: Entity, b: Entity| {
        heard.iter().any(|e| {
            matches!(*e, CollisionEvent::Started(x, y, _) if (x, y) == (a, b) || (x, y) == (b, a))
        })
    };
    assert!(
        started(board.striker, board.pieces[0]),
        "striker on the black: {heard:?}"
    );
    assert!(
        started(board.pieces[0], board.pockets[2]),
        "the black into the NE pocket: {heard:?}"
    );
    assert!(
        board.cushions.iter().any(|c| started(board.striker, *c)),
        "the striker meets a cushion: {heard:?}"
    );
}

/// Break practice's trajectory preview is the stroke the board will play: the striker's path
/// ends where the simulator puts it, and the pieces it shows pocketed are the ones that fall.
#[test]
fn the_trajectory_preview_ends_where_the_stroke_does() {
    let spec = Spec::default();
    let rack = opening_rack(&spec.board, Seat::South);
    let shot = Shot {
        seat: Seat::South,
        position: 0.2,
        angle_deg: 4.0,
        power: 1.0,
    };
    let reference = simulate(&spec, &rack, &shot).expect("legal shot");
    let paths = carrom_ui::hud::preview::trace(&spec, &rack, &shot);
    let striker = paths
        .iter()
        .find(|p| p.kind.is_none())
        .expect("the striker moves");
    let end = striker.points.last().unwrap();
    assert!(!reference.striker.pocketed, "the set-up keeps the striker");
    assert_eq!(end.x.to_bits(), reference.striker.end[0].to_bits());
    assert_eq!(end.y.to_bits(), reference.striker.end[1].to_bits());
    let moved = paths.iter().filter(|p| p.kind.is_some()).count();
    assert!(
        moved >= 5,
        "a full-power break moves much of the rack: {moved}"
    );
    for path in paths.iter().filter(|p| p.kind.is_some()) {
        let carrom_physics::BodyId::Piece(i) = path.body else {
            unreachable!()
        };
        assert_eq!(path.pocketed, reference.pieces[i].pocketed, "piece {i}");
        if !path.pocketed {
            let end = path.points.last().unwrap();
            assert_eq!(
                end.x.to_bits(),
                reference.pieces[i].x.to_bits(),
                "piece {i}"
            );
        }
    }
}

/// The same stroke in the game (bevy_rapier2d's context, stepped by the physics crate's step)
/// and in the headless simulator ends bit-for-bit in the same place.
#[test]
fn stroke_in_the_game_is_bit_identical_to_the_simulator() {
    let spec = Spec::default();
    let shots = [
        (
            opening_rack(&spec.board, Seat::South),
            Shot {
                seat: Seat::South,
                position: 0.1,
                angle_deg: -2.0,
                power: 1.0,
            },
        ),
        (
            vec![
                Piece {
                    kind: PieceColour::White,
                    x: 0.1,
                    y: 0.12,
                },
                Piece {
                    kind: PieceColour::Black,
                    x: -0.2,
                    y: 0.25,
                },
                Piece {
                    kind: PieceColour::Queen,
                    x: 0.0,
                    y: 0.0,
                },
            ],
            Shot {
                seat: Seat::East,
                position: -0.4,
                angle_deg: 12.0,
                power: 0.7,
            },
        ),
    ];
    // One app for all the shots: later loads reuse the context, its handles and entities, and
    // have fewer pieces than the first.
    let mut app = headless_app(&spec, launch(Start::Menu));
    app.init_resource::<Ended>()
        .add_systems(PostUpdate, count_ended);
    app.update();
    for (n, (pieces, shot)) in shots.into_iter().enumerate() {
        let reference = simulate(&spec, &pieces, &shot).expect("legal shot");
        app.world_mut().write_message(LoadTable {
            pieces: pieces.clone(),
            shot: Some(shot),
        });
        run_until(&mut app, 5000, |app| {
            app.world().resource::<Ended>().0 == n + 1
        });
        let world = app.world_mut();
        let mut q = world.query_filtered::<&RapierRigidBodySet, With<DefaultRapierContext>>();
        let bodies = q.single(world).expect("one rapier context");
        let live = world.resource::<LiveTable>();
        let roster = live.roster.as_ref().unwrap();
        let got = final_positions(roster, &bodies.bodies);
        assert_eq!(got.len(), reference.pieces.len());
        // The frame, the pieces and the striker: no body of bevy_rapier2d's own.
        assert_eq!(bodies.bodies.len(), pieces.len() + 2);
        for (i, (g, r)) in got.iter().zip(&reference.pieces).enumerate() {
            assert_eq!(
                g[0].to_bits(),
                r.x.to_bits(),
                "piece {i} x: {} vs {}",
                g[0],
                r.x
            );
            assert_eq!(
                g[1].to_bits(),
                r.y.to_bits(),
                "piece {i} y: {} vs {}",
                g[1],
                r.y
            );
        }
        let s = bodies.bodies[roster.striker.unwrap().body].translation();
        assert_eq!(s.x.to_bits(), reference.striker.end[0].to_bits());
        assert_eq!(s.y.to_bits(), reference.striker.end[1].to_bits());
        assert_eq!(live.clock.steps, reference.steps);
        assert_eq!(live.events, reference.events);
    }
}

fn start_match(setup: MatchSetup) -> App {
    let spec = Spec::default();
    let mut app = headless_app(&spec, launch(Start::Match(setup)));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
    app
}

#[test]
fn placement_rules_are_enforced() {
    let mut app = start_match(human_singles());
    let spec = Spec::default();
    // Cutting the moon: the striker partly over the left base circle.
    let b = &spec.board;
    let cut = (b.base_circle_along() + b.base_circle_radius() + 0.3 * b.striker_radius())
        / (0.5 * b.base_line_length);
    app.world_mut().resource_mut::<Aim>().position = -cut;
    app.world_mut().resource_mut::<Aim>().power = 0.8;
    app.update();
    let why = app
        .world()
        .resource::<Aim>()
        .illegal
        .clone()
        .expect("illegal placement is flagged");
    assert!(why.contains("Law 130"), "{why}");
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(
        phase(&app),
        Phase::Aim,
        "an illegal placement cannot be played"
    );
    // The middle is legal.
    app.world_mut().resource_mut::<Aim>().position = 0.0;
    app.update();
    assert!(app.world().resource::<Aim>().illegal.is_none());
}

#[test]
fn stroke_goes_physics_referee_scoreboard_and_the_board_turns() {
    let spec = Spec::default();
    let setup = human_singles();
    // A gentle stroke into the rack: touches, pockets nothing (checked on the simulator).
    let shot = Shot {
        seat: Seat::South,
        position: 0.0,
        angle_deg: 0.0,
        power: 0.35,
    };
    let reference = simulate(&spec, &opening_rack(&spec.board, Seat::South), &shot).unwrap();
    assert!(reference.pieces.iter().all(|p| !p.pocketed) && !reference.striker.pocketed);
    let mut app = start_match(setup);
    {
        let mut aim = app.world_mut().resource_mut::<Aim>();
        aim.position = 0.0;
        aim.dir = Vec2::Y;
        aim.power = 0.35;
    }
    press(&mut app, KeyCode::Space);
    app.update();
    assert_eq!(phase(&app), Phase::Moving);
    run_until(&mut app, 5000, |app| phase(app) == Phase::Aim);
    let session = app.world().resource::<Table>();
    assert_eq!(session.model.referee.strokes(), 1);
    let calls = &app.world().resource::<CallLog>().call;
    assert!(!calls.is_empty(), "the umpire's call is shown");
    assert!(calls.iter().all(|c| c.contains("(Law ")), "{calls:?}");
    let board = session.model.scoreboard().join("\n");
    assert!(
        board.contains("Board 1 of 8") && board.contains("Game 1 of 3"),
        "{board}"
    );
    // The turn passed: the board now shows North at the bottom.
    assert_eq!(session.model.turn(), Some(Seat::North));
    assert_eq!(app.world().resource::<OnBoard>().actor, Some(Seat::North));
    // The pieces are where the simulator put them.
    let expected: Vec<[f32; 2]> = reference.pieces.iter().map(|p| [p.x, p.y]).collect();
    let got: Vec<[f32; 2]> = session.model.layout.iter().map(|p| [p.x, p.y]).collect();
    assert_eq!(got, expected);
}

/// A model where South owes a due: a white pocketed, then the striker alone.
fn model_with_due(spec: &Spec) -> Match {
    let mut model = Match::new(spec, human_singles()).unwrap();
    let shot = Shot {
        seat: Seat::South,
        position: 0.0,
        angle_deg: 0.0,
        power: 0.5,
    };
    let mut layout = model.layout.clone();
    let white = layout
        .iter()
        .position(|p| p.kind == PieceColour::White)
        .unwrap();
    layout.remove(white);
    // The rack has broken up: every piece three times further from the centre than racked,
    // so the outer circle has room for the due (the Queen stays on the centre).
    for p in layout.iter_mut() {
        p.x *= 3.0;
        p.y *= 3.0;
    }
    model
        .apply_stroke(
            shot,
            StrokeOutcome {
                layout: layout.clone(),
                report: StrokeReport::pocketing(&[PieceColour::White]),
            },
        )
        .unwrap();
    let v = model
        .apply_stroke(
            shot,
            StrokeOutcome {
                layout,
                report: StrokeReport::nothing().with_striker(),
            },
        )
        .unwrap();
    assert!(v.applied("72(a)"), "{:?}", v.rulings);
    assert_eq!(model.pending.len(), 1);
    assert!(matches!(model.pending[0].placed_by, Placer::Seat(_)));
    model
}

#[test]
fn a_due_gets_placed_inside_the_outer_circle() {
    let spec = Spec::default();
    let mut app = start_match(human_singles());
    let model = model_with_due(&spec);
    let on_board = model.layout.len();
    app.world_mut().resource_mut::<Table>().model = model;
    let pieces = app.world().resource::<Table>().model.layout.clone();
    app.world_mut()
        .write_message(LoadTable { pieces, shot: None });
    app.world_mut()
        .resource_mut::<NextState<Phase>>()
        .set(Phase::Idle);
    run_until(&mut app, 20, |app| phase(app) == Phase::PlaceDue);
    // On the centre circle: refused.
    app.world_mut().resource_mut::<Aim>().due_at = Vec2::ZERO;
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(phase(&app), Phase::PlaceDue);
    let why = app.world().resource::<Aim>().due_illegal.clone().unwrap();
    assert!(why.contains("89(b)"), "{why}");
    // Inside the outer circle, clear of the centre circle and the pieces: placed.
    let spot = app.world().resource::<Table>().model.free_due_spot(1.0);
    app.world_mut().resource_mut::<Aim>().due_at = Vec2::new(spot[0], spot[1]);
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, 20, |app| phase(app) == Phase::Aim);
    let session = app.world().resource::<Table>();
    assert!(session.model.pending.is_empty());
    assert_eq!(session.model.layout.len(), on_board + 1);
    assert_eq!(
        app.world()
            .resource::<LiveTable>()
            .roster
            .as_ref()
            .unwrap()
            .pieces
            .len(),
        on_board + 1
    );
}

#[test]
fn computer_seats_play_in_the_app() {
    let setup = computer_singles();
    let spec = Spec::default();
    let mut app = headless_app(&spec, launch(Start::Demo(setup)));
    run_until(&mut app, 20000, |app| {
        app.world().resource::<Table>().model.referee.strokes() >= 3
    });
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Game);
}

#[test]
fn a_save_round_trips_and_resumes() {
    let spec = Spec::default();
    let setup = computer_singles();
    let model = play_headless(&spec, setup, 25);
    let dir = std::env::temp_dir().join(format!("carrom-ui-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.json");
    std::fs::write(&path, "previous").unwrap();
    SaveFile::of(&model).write(&path).unwrap();
    assert!(!dir.join("save.json.tmp").exists());
    let file = SaveFile::load(&path).unwrap();
    assert_eq!(file, SaveFile::of(&model));
    let resumed = Match::replay(&spec, &file, |_| {}).unwrap();
    assert_eq!(resumed.referee, model.referee);
    assert_eq!(resumed.layout, model.layout);
    assert_eq!(resumed.pending, model.pending);
    // And in the app: resuming puts the same pieces on the table.
    let mut app = headless_app(&spec, launch(Start::Resume(Box::new(resumed))));
    run_until(&mut app, 50, |app| {
        app.world().get_resource::<Table>().is_some() && phase(app) != Phase::Idle
    });
    assert_eq!(app.world().resource::<Table>().model.layout, model.layout);
    std::fs::remove_dir_all(&dir).ok();
}

/// A replay played back on the board (the app, bevy_rapier2d and all) ends exactly as the
/// match it recorded: the same referee state and the same pieces where they were.
#[test]
fn a_replay_plays_back_on_the_board_as_recorded() {
    let spec = Spec::default();
    let setup = computer_singles();
    let model = play_headless(&spec, setup, 12);
    let file = SaveFile::of(&model);
    assert!(file.actions.len() >= 12);
    let mut app = headless_app(&spec, launch(Start::Replay(file.clone())));
    run_until(&mut app, 20_000, |app| {
        app.world()
            .get_resource::<ReplayTape>()
            .is_some_and(|t| t.0.is_empty())
            && app
                .world()
                .get_resource::<Table>()
                .is_some_and(|s| s.model.actions.len() == file.actions.len())
            && phase(app) != Phase::Moving
    });
    let session = app.world().resource::<Table>();
    assert_eq!(session.model.actions, model.actions);
    assert_eq!(session.model.referee, model.referee);
    assert_eq!(session.model.layout, model.layout);
    // Watched again (the summary's button): the same record from its first stroke.
    app.world_mut().trigger(PlayAgain);
    app.update();
    assert_eq!(
        app.world().resource::<ReplayTape>().0.len(),
        file.actions.len()
    );
    let again = app.world().resource::<Table>();
    assert_eq!(
        again.model.setup.seed, file.setup.seed,
        "the same match, not another"
    );
    assert!(again.model.actions.len() < 2, "from the start");
    run_until(&mut app, 20_000, |app| {
        app.world().resource::<ReplayTape>().0.is_empty()
            && app.world().resource::<Table>().model.actions.len() == file.actions.len()
            && phase(app) != Phase::Moving
    });
    let again = app.world().resource::<Table>();
    assert_eq!(again.model.referee, model.referee);
    assert_eq!(again.model.layout, model.layout);
}

#[test]
fn bad_save_replay_and_rules_files_get_clear_messages() {
    let e = SaveFile::parse("this is not json", "x.json")
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a carrom save"), "{e}");
    let e = SaveFile::parse(r#"{"name": "some other program"}"#, "x.json")
        .unwrap_err()
        .to_string();
    assert!(e.contains("no `format`"), "{e}");
    let e = SaveFile::parse(r#"{"format": "png"}"#, "x.json")
        .unwrap_err()
        .to_string();
    assert!(e.contains("format is `png`"), "{e}");
    let e = SaveFile::parse(r#"{"format": "carrom-match", "version": 99}"#, "x.json")
        .unwrap_err()
        .to_string();
    assert!(e.contains("version 99"), "{e}");
    let e = SaveFile::parse(r#"{"format": "carrom-match", "version": 1}"#, "x.json")
        .unwrap_err()
        .to_string();
    assert!(e.contains("older build") && e.contains("physics"), "{e}");
    let e = SaveFile::parse(
        r#"{"format": "carrom-match", "version": 2, "actions": 3}"#,
        "x.json",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("damaged"), "{e}");
    let e = SaveFile::load(std::path::Path::new("/nonexistent/save.json"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("/nonexistent/save.json"), "{e}");
    // A replay whose actions do not fit the match.
    let spec = Spec::default();
    let mut file = SaveFile::of(&Match::new(&spec, human_singles()).unwrap());
    file.actions.push(Action::Place { x: 0.0, y: 0.0 });
    let e = Match::replay(&spec, &file, |_| {}).unwrap_err().to_string();
    assert!(e.contains("actions[0]"), "{e}");
    // Rules.
    let e = load_rules("nonsense").unwrap_err().to_string();
    assert!(e.contains("icf"), "{e}");
    let dir = std::env::temp_dir().join(format!("carrom-ui-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.toml");
    std::fs::write(&bad, "game_points = \"lots\"\n").unwrap();
    let e = load_rules(bad.to_str().unwrap()).unwrap_err().to_string();
    assert!(e.contains("game_points"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sounds_are_valid_wavs() {
    for (name, bytes) in carrom_ui::audio::sounds::wavs() {
        assert_eq!(&bytes[0..4], b"RIFF", "{name}");
        assert_eq!(&bytes[8..12], b"WAVE", "{name}");
        assert!(bytes.len() > 1000, "{name}");
    }
}

#[test]
fn sound_files_in_assets_are_the_generated_ones() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/sounds");
    for (name, bytes) in carrom_ui::audio::sounds::wavs() {
        let file = std::fs::read(dir.join(name)).expect(name);
        assert!(file == bytes, "{name} differs from the generator");
    }
}

/// A board's result stays on the board until the players go on (Enter or a click); then the
/// next board is racked and its breaker is to strike. With only computers at the table it goes
/// on by itself.
#[test]
fn a_boards_result_waits_for_the_players_then_the_next_board_is_racked() {
    let spec = Spec::default();
    let setup = human_singles();
    let mut both = setup.clone();
    for p in both.players.iter_mut() {
        p.computer = Some(carrom_match::Level::Easy);
    }
    let mut computers = Computers::for_setup(&both);
    let mut game = Match::new(&spec, setup).unwrap();
    while game.last.as_ref().is_none_or(|v| v.board_result.is_none()) {
        let action = computers.act(&game).expect("a computer acts");
        game.apply(&action).unwrap();
    }
    let boards = game.stats.boards.len();
    assert_eq!(boards, 1);

    let mut app = headless_app(&spec, launch(Start::Resume(Box::new(game.clone()))));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    run_until(&mut app, 50, |app| phase(app) == Phase::BoardOver);
    for _ in 0..30 {
        app.update();
    }
    assert_eq!(phase(&app), Phase::BoardOver, "it waits for the players");
    app.world_mut().resource_mut::<ResultShown>().0 = 1.0;
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
    let s = app.world().resource::<Table>();
    assert_eq!(s.results_seen, boards);
    assert_eq!(s.actor(), Some(s.model.referee.breaker()));
    let live = app.world().resource::<LiveTable>();
    assert_eq!(
        live.roster.as_ref().map(|r| r.pieces.len()),
        Some(19),
        "the next board is racked on the table"
    );

    // Computers only: the result goes by on its own.
    let mut app = headless_app(
        &spec,
        launch(Start::Resume(Box::new({
            let mut g = game.clone();
            g.setup = both.clone();
            g
        }))),
    );
    run_until(&mut app, 200, |app| {
        app.world()
            .get_resource::<Table>()
            .is_some_and(|s| s.results_seen == boards)
    });
}

/// A human singles match played by computers until just after its first board ended, and the
/// number of boards ended.
fn just_after_a_board(spec: &Spec) -> (Match, usize) {
    let game = played_until(spec, human_singles(), |v| v.board_result.is_some());
    let boards = game.stats.boards.len();
    (game, boards)
}

/// `setup` (its seats the people's) played by easy computers until the last verdict `ends`.
fn played_until(
    spec: &Spec,
    setup: MatchSetup,
    ends: impl Fn(&carrom_referee::Verdict) -> bool,
) -> Match {
    let mut all = setup.clone();
    for p in all.players.iter_mut() {
        p.computer = Some(carrom_match::Level::Easy);
    }
    let mut computers = Computers::for_setup(&all);
    let mut game = Match::new(spec, setup).unwrap();
    while !game.last.as_ref().is_some_and(&ends) {
        let action = computers.act(&game).expect("a computer acts");
        game.apply(&action).unwrap();
    }
    game
}

/// A save resumes the same way from the command line's `--load` (which checks it with
/// `carrom_match::resume` before any window opens) and from the menu's Continue (which reads
/// the autosave with the same function): the same match, and the last board's result shown
/// again. A save whose score was changed is refused by both, with the same message.
#[test]
fn a_save_resumes_the_same_way_from_load_and_from_continue() {
    let spec = Spec::default();
    let (game, boards) = just_after_a_board(&spec);
    let dir = std::env::temp_dir().join(format!("carrom-ui-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.json");
    SaveFile::of(&game).write(&path).unwrap();
    // `--load`: checked, then started.
    let save = SaveFile::load(&path).unwrap();
    let loaded = carrom_match::resume(&spec, &save, &path.display().to_string(), |_| {}).unwrap();
    assert_eq!(
        loaded.results_seen,
        boards - 1,
        "the last result is shown again"
    );
    // Continue: the menu's resume of a save file.
    let continued = carrom_ui::screens::menu::start::resume_file(&spec, &path).unwrap();
    assert_eq!(continued.digests, loaded.game.digests);
    for resumed in [loaded.game.clone(), continued] {
        let mut app = headless_app(&spec, launch(Start::Resume(Box::new(resumed))));
        app.world_mut()
            .insert_resource(ButtonInput::<KeyCode>::default());
        run_until(&mut app, 50, |app| phase(app) == Phase::BoardOver);
        let table = app.world().resource::<Table>();
        assert_eq!(table.results_seen, boards - 1);
        assert_eq!(table.model.digests, game.digests);
        assert_eq!(
            *app.world().resource::<State<carrom_ui::Mode>>().get(),
            carrom_ui::Mode::Match
        );
    }
    // A changed score: both refuse it, naming the file.
    let mut bad = SaveFile::of(&game);
    bad.score[0] += 1;
    bad.write(&path).unwrap();
    let e = carrom_match::resume(&spec, &bad, &path.display().to_string(), |_| {})
        .unwrap_err()
        .to_string();
    assert!(e.contains("does not end as recorded"), "{e}");
    let e2 = carrom_ui::screens::menu::start::resume_file(&spec, &path).unwrap_err();
    assert_eq!(e, e2.to_string());
    std::fs::remove_dir_all(&dir).ok();
}

/// The button of the screen whose label starts with `label`, on a page over the menu if there
/// is one.
fn button(app: &mut App, label: &str) -> Entity {
    common::button_where(app, |t| t.starts_with(label))
        .unwrap_or_else(|| panic!("no button `{label}`"))
}

fn click(app: &mut App, label: &str) {
    let b = button(app, label);
    app.world_mut().trigger(carrom_ui::theme::Activate(b));
    app.update();
}

/// The menu's entities: its root (which goes with the menu screen) and everything under it.
fn menu_entities(app: &mut App) -> usize {
    let roots: Vec<Entity> = app
        .world_mut()
        .query::<(Entity, &DespawnOnExit<Screen>)>()
        .iter(app.world())
        .filter(|(_, d)| d.0 == Screen::Menu)
        .map(|(e, _)| e)
        .collect();
    let mut count = 0;
    let mut todo = roots;
    while let Some(e) = todo.pop() {
        count += 1;
        if let Some(children) = app.world().get::<Children>(e) {
            todo.extend(children.iter());
        }
    }
    count
}

fn playing(app: &App) -> Option<carrom_ui::Playing> {
    app.world()
        .get_resource::<State<carrom_ui::Playing>>()
        .map(|p| *p.get())
}

/// The game at its menu, with keys to press.
fn at_the_menu() -> App {
    let spec = Spec::default();
    let mut app = carrom_ui::headless_app_with_screens(&spec, launch(Start::Menu));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    for _ in 0..3 {
        app.update();
    }
    app
}

/// Each mode is entered from the menu and left with Esc: in it, its `Playing` state is on and
/// the menu's entities are gone; back at the menu, no mode is playing, the menu is there again
/// and Continue goes back to the mode left. How to play opens over the menu and closes.
#[test]
fn every_mode_goes_in_from_the_menu_and_back_out() {
    use carrom_ui::Playing;
    let mut app = at_the_menu();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    assert!(menu_entities(&mut app) > 10, "the menu is up");
    // How to play: a page over the menu, closed by a click on it.
    click(&mut app, "How to play");
    app.update();
    let page = carrom_ui::screens::menu::MenuPage::HowToPlay;
    assert_eq!(
        *app.world()
            .resource::<State<carrom_ui::screens::menu::MenuPage>>()
            .get(),
        page
    );
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_ne!(
        *app.world()
            .resource::<State<carrom_ui::screens::menu::MenuPage>>()
            .get(),
        page
    );
    for (label, mode, escapes) in [
        ("Break practice", Playing::Practice, 2),
        ("Computer demo - singles", Playing::Demo, 1),
        ("Singles - two players", Playing::Match, 2),
    ] {
        click(&mut app, label);
        run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
        assert_eq!(playing(&app), Some(mode), "{label}");
        assert_eq!(
            menu_entities(&mut app),
            0,
            "{label}: the menu's entities are gone"
        );
        // A game a person plays (a match, practice) asks first: the first Esc only asks; a
        // demo, only watched, leaves at once.
        for k in 0..escapes {
            if k == 1 {
                assert_eq!(
                    *app.world().resource::<State<Screen>>().get(),
                    Screen::Game,
                    "{label}: the first Esc only asks"
                );
            }
            press(&mut app, KeyCode::Escape);
            app.update();
        }
        assert_eq!(
            *app.world().resource::<State<Screen>>().get(),
            Screen::Menu,
            "{label}"
        );
        assert_eq!(playing(&app), None, "{label}: no mode plays at the menu");
        assert!(menu_entities(&mut app) > 10, "{label}: the menu is back");
        // Continue goes back to a person's game left; a demo is not one (Continue passes it
        // by, for the newest autosaved match if there is one).
        click(&mut app, "Continue");
        app.update();
        if mode == Playing::Demo {
            assert_ne!(
                playing(&app),
                Some(mode),
                "{label}: Continue passes a demo by"
            );
            if playing(&app).is_some() {
                for _ in 0..2 {
                    press(&mut app, KeyCode::Escape);
                    app.update();
                }
            }
            continue;
        }
        assert_eq!(playing(&app), Some(mode), "{label}: Continue");
        for _ in 0..escapes {
            press(&mut app, KeyCode::Escape);
            app.update();
        }
        assert_eq!(playing(&app), None);
    }
    // Saved matches and replays: a page over the menu, closed by Back.
    click(&mut app, "Saved matches and replays");
    app.update();
    assert_eq!(
        *app.world()
            .resource::<State<carrom_ui::screens::menu::MenuPage>>()
            .get(),
        carrom_ui::screens::menu::MenuPage::Library
    );
    click(&mut app, "Back");
    app.update();
    assert_eq!(
        *app.world()
            .resource::<State<carrom_ui::screens::menu::MenuPage>>()
            .get(),
        carrom_ui::screens::menu::MenuPage::Choices
    );
}

/// The casual text's three players for points start from the menu: South, East and North,
/// each for himself under the `points` rules whatever the menu's rules, the scoreboard giving
/// each his points.
#[test]
fn three_players_for_points_start_from_the_menu_each_with_his_points() {
    let mut app = at_the_menu();
    click(&mut app, "Three players - each for points");
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
    let table = app.world().resource::<Table>();
    assert_eq!(table.model.setup.seats, Seats::Three);
    assert_eq!(table.model.setup.rules_name, "points");
    assert!(table.model.referee.rules().points.is_some());
    assert_eq!(table.model.turn(), Some(Seat::South));
    let board = table.model.scoreboard().join("\n");
    assert!(board.contains("first to 17 points"), "{board}");
    assert_eq!(board.matches(" pts: ").count(), 3, "{board}");
}

/// A replay goes in from the command line, and out to the menu with Esc.
#[test]
fn a_replay_goes_in_and_out() {
    let spec = Spec::default();
    let model = play_headless(&spec, computer_singles(), 4);
    let mut app =
        carrom_ui::headless_app_with_screens(&spec, launch(Start::Replay(SaveFile::of(&model))));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    run_until(&mut app, 100, |app| phase(app) == Phase::Aim);
    assert_eq!(playing(&app), Some(carrom_ui::Playing::Replay));
    assert!(app.world().get_resource::<ReplayTape>().is_some());
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(playing(&app), None);
    assert!(menu_entities(&mut app) > 10);
}

/// A board's result card and the match summary go with their phase.
#[test]
fn the_result_card_goes_when_the_players_go_on() {
    let spec = Spec::default();
    let (game, _) = just_after_a_board(&spec);
    let mut app =
        carrom_ui::headless_app_with_screens(&spec, launch(Start::Resume(Box::new(game))));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    run_until(&mut app, 50, |app| phase(app) == Phase::BoardOver);
    app.update();
    let cards = |app: &mut App| {
        app.world_mut()
            .query::<&DespawnOnExit<Phase>>()
            .iter(app.world())
            .filter(|d| d.0 == Phase::BoardOver)
            .count()
    };
    assert_eq!(cards(&mut app), 1, "the result card is up");
    app.world_mut().resource_mut::<ResultShown>().0 = 1.0;
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
    assert_eq!(cards(&mut app), 0, "the result card is gone");
}

/// A point game of three boards (total point carrom's shape), played by computers until its
/// first board is over with every man down.
fn just_after_a_point_board(spec: &Spec) -> Match {
    let rules = Rules {
        game_points: 1000,
        boards_per_game: 3,
        ..Rules::points()
    };
    let setup = MatchSetup::new(Seats::Three, rules, "points", 2);
    played_until(spec, setup, |v| v.points_board_over)
}

/// A point board that ends with every man down and the game going on has its result card:
/// who leads, and what each player made of the board.
#[test]
fn a_point_board_over_shows_who_leads_and_what_each_made_of_it() {
    let spec = Spec::default();
    let game = just_after_a_point_board(&spec);
    assert_eq!(
        game.referee.board_number(),
        2,
        "the game goes on to board 2"
    );
    let mut app =
        carrom_ui::headless_app_with_screens(&spec, launch(Start::Resume(Box::new(game))));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    run_until(&mut app, 50, |app| phase(app) == Phase::BoardOver);
    app.update();
    let texts: Vec<String> = app
        .world_mut()
        .query::<&Text>()
        .iter(app.world())
        .map(|t| t.0.clone())
        .collect();
    let card = texts.join("\n");
    assert!(card.contains("Board 1: every man is down"), "{card}");
    assert!(
        card.contains("This board: ") && card.contains("lead"),
        "{card}"
    );
    assert!(card.contains("Next: game 1, board 2;"), "{card}");
    app.world_mut().resource_mut::<ResultShown>().0 = 1.0;
    press(&mut app, KeyCode::Enter);
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
}

/// A window 1280x960 over the board: a millimetre a pixel, the board's centre in the middle.
fn window_over_the_board() -> WindowToBoard {
    WindowToBoard {
        origin: Vec2::new(-0.64, 0.48),
        right: Vec2::new(0.001, 0.0),
        down: Vec2::new(0.0, -0.001),
    }
}

/// Where a board point is in [`window_over_the_board`].
fn in_window(board: Vec2) -> Vec2 {
    Vec2::new((board.x + 0.64) / 0.001, (0.48 - board.y) / 0.001)
}

fn cursor_to(app: &mut App, window: Vec2) {
    app.world_mut()
        .write_message(WindowEvent::CursorMoved(CursorMoved {
            window: Entity::PLACEHOLDER,
            position: window,
            delta: None,
        }));
}

fn left_button(app: &mut App, state: ButtonState) {
    app.world_mut()
        .write_message(WindowEvent::MouseButtonInput(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window: Entity::PLACEHOLDER,
        }));
}

fn key_event(app: &mut App, key: KeyCode, state: ButtonState) {
    app.world_mut()
        .write_message(WindowEvent::KeyboardInput(KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        }));
}

/// A tap (pressed and let go) of `key`, among the frame's other input.
fn tap(app: &mut App, key: KeyCode) {
    key_event(app, key, ButtonState::Pressed);
    key_event(app, key, ButtonState::Released);
}

/// The striker in hand, on the board.
fn striker_in_hand(app: &App) -> Vec2 {
    let spec = Spec::default();
    let at = aim_shot(app.world().resource::<Aim>(), Seat::South).striker_at(&spec);
    Vec2::new(at.x, at.y)
}

/// A quick flick: the press on the striker, the pull back and the release all arrive within
/// one frame (as they do when frames are slow). The stroke is played, with the direction and
/// the power of where the mouse was let go, as if each had had a frame of its own.
#[test]
fn a_flick_within_one_frame_strikes_where_it_is_let_go() {
    let spec = Spec::default();
    let mut app = start_match(human_singles());
    app.insert_resource(window_over_the_board());
    app.update();
    assert_eq!(phase(&app), Phase::Aim);
    let striker = striker_in_hand(&app);
    // Pulled back towards the player and a little to the right: aimed ahead and to the left.
    let let_go = striker + Vec2::new(0.03, -0.12);
    cursor_to(&mut app, in_window(striker));
    left_button(&mut app, ButtonState::Pressed);
    for k in 1..=4 {
        cursor_to(
            &mut app,
            in_window(striker + (let_go - striker) * k as f32 / 4.0),
        );
    }
    left_button(&mut app, ButtonState::Released);
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::Moving, "the flick strikes");
    run_until(&mut app, 5000, |app| phase(app) == Phase::Aim);
    let table = app.world().resource::<Table>();
    assert_eq!(table.model.referee.strokes(), 1);
    let Some(Action::Stroke { shot }) = table.model.actions.first() else {
        panic!("a stroke: {:?}", table.model.actions);
    };
    let pull = striker - let_go;
    let power = power_of_pull(pull.length(), spec.board.striker_radius());
    assert!(power > 0.3, "a real stroke: {power}");
    assert!(
        (shot.power - power).abs() < 1e-4,
        "{} vs {power}",
        shot.power
    );
    let angle = angle_for(Seat::South, [pull.x, pull.y]);
    assert!(
        (shot.angle_deg - angle).abs() < 0.05,
        "{} vs {angle}",
        shot.angle_deg
    );
    assert!(angle > 10.0, "aimed to the left: {angle}");
}

/// Dragging the striker along the base line and letting go (all within one frame) leaves it
/// where it was let go, without striking.
#[test]
fn a_drag_along_the_base_line_within_one_frame_places_the_striker() {
    let spec = Spec::default();
    let mut app = start_match(human_singles());
    app.insert_resource(window_over_the_board());
    app.update();
    let striker = striker_in_hand(&app);
    let half = 0.5 * spec.board.base_line_length;
    cursor_to(&mut app, in_window(striker + Vec2::new(0.06, 0.0)));
    left_button(&mut app, ButtonState::Pressed);
    cursor_to(&mut app, in_window(striker + Vec2::new(0.03, 0.0)));
    cursor_to(&mut app, in_window(striker + Vec2::new(-0.05, 0.0)));
    left_button(&mut app, ButtonState::Released);
    cursor_to(&mut app, in_window(striker + Vec2::new(0.1, 0.2)));
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::Aim, "no stroke");
    let aim = app.world().resource::<Aim>();
    let expected = (striker.x - 0.05) / half;
    assert!(
        (aim.position - expected).abs() < 1e-3,
        "{} vs {expected}",
        aim.position
    );
}

/// Every tap of a key is a step, however many come within a frame: five taps of → move the
/// striker 5 cm along the base line (1 cm a tap), one with Shift a quarter of that; W steps
/// the power by 5%, 1.25% with Shift.
#[test]
fn every_key_tap_is_a_step_however_quick() {
    let mut app = start_match(human_singles());
    app.update();
    let start = striker_in_hand(&app);
    let power = app.world().resource::<Aim>().power;
    for _ in 0..5 {
        tap(&mut app, KeyCode::ArrowRight);
    }
    app.update();
    let moved = striker_in_hand(&app) - start;
    assert!(
        (moved - Vec2::new(0.05, 0.0)).length() < 1e-5,
        "five taps: {moved}"
    );
    // Shift held only around the tap, all within one frame.
    key_event(&mut app, KeyCode::ShiftLeft, ButtonState::Pressed);
    tap(&mut app, KeyCode::ArrowLeft);
    key_event(&mut app, KeyCode::ShiftLeft, ButtonState::Released);
    app.update();
    let moved = striker_in_hand(&app) - start;
    assert!(
        (moved - Vec2::new(0.0475, 0.0)).length() < 1e-5,
        "a tap with Shift: {moved}"
    );
    tap(&mut app, KeyCode::KeyW);
    tap(&mut app, KeyCode::KeyW);
    key_event(&mut app, KeyCode::ShiftRight, ButtonState::Pressed);
    tap(&mut app, KeyCode::KeyW);
    key_event(&mut app, KeyCode::ShiftRight, ButtonState::Released);
    tap(&mut app, KeyCode::KeyS);
    app.update();
    let stepped = app.world().resource::<Aim>().power - power;
    assert!(
        (stepped - 0.0625).abs() < 1e-5,
        "+5%, +5%, +1.25% with Shift, -5%: {stepped}"
    );
}

fn update_mode(app: &App) -> bevy::winit::UpdateMode {
    let settings = app.world().resource::<bevy::winit::WinitSettings>();
    assert_eq!(settings.focused_mode, settings.unfocused_mode);
    settings.focused_mode
}

/// The window draws continuously while something moves or a computer plays, and rests
/// (reactive: only input wakes it) on the menu and while a person's turn waits with nothing
/// moving.
#[test]
fn the_window_rests_when_nothing_moves() {
    use bevy::winit::UpdateMode;
    use carrom_ui::pace::Awake;
    let spec = Spec::default();
    let mut app = carrom_ui::headless_app_with_screens(&spec, launch(Start::Menu));
    app.add_plugins(carrom_ui::pace::plugin);
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(
        update_mode(&app),
        UpdateMode::Continuous,
        "the first moments"
    );
    // Past the first moments, the menu rests.
    app.world_mut().resource_mut::<Awake>().until = 0.0;
    app.update();
    assert!(
        matches!(update_mode(&app), UpdateMode::Reactive { .. }),
        "the menu rests"
    );
    // A computer demo: the computers think and play.
    click(&mut app, "Computer demo - singles");
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
    for _ in 0..3 {
        app.world_mut().resource_mut::<Awake>().until = 0.0;
        app.update();
        assert_eq!(update_mode(&app), UpdateMode::Continuous, "a demo plays");
    }
    press(&mut app, KeyCode::Escape);
    app.update();
    // Two people: a person's turn, nothing moving, rests.
    click(&mut app, "Singles - two players");
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
    app.update();
    app.world_mut().resource_mut::<Awake>().until = 0.0;
    app.update();
    assert!(
        matches!(update_mode(&app), UpdateMode::Reactive { .. }),
        "a person's turn rests"
    );
    // A key wakes it.
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(update_mode(&app), UpdateMode::Continuous, "a key wakes it");
}

/// Work off the page that wakes the window when done (the browser's worker) rests the window
/// at once, even while something merely animates (a turn's opening flash): frames drawn
/// meanwhile would hold up the page. A key still wakes it.
#[test]
fn resting_for_work_off_the_page_outweighs_what_animates() {
    use bevy::winit::UpdateMode;
    use carrom_ui::pace::{Awake, Rest, StayAwake};
    let spec = Spec::default();
    let mut app = carrom_ui::headless_app_with_screens(&spec, launch(Start::Menu));
    app.add_plugins(carrom_ui::pace::plugin);
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    app.update();
    app.world_mut()
        .write_message(StayAwake("the banner's flash"));
    app.update();
    assert_eq!(update_mode(&app), UpdateMode::Continuous, "the flash draws");
    app.world_mut()
        .write_message(StayAwake("the banner's flash"));
    app.world_mut()
        .write_message(Rest("a computer thinking, off the page"));
    app.update();
    assert!(
        matches!(update_mode(&app), UpdateMode::Reactive { .. }),
        "the rest outweighs the flash"
    );
    app.world_mut()
        .write_message(Rest("a computer thinking, off the page"));
    press(&mut app, KeyCode::ArrowLeft);
    assert_eq!(update_mode(&app), UpdateMode::Continuous, "a key wakes it");
    assert!(app.world().resource::<Awake>().until > 0.0);
}

/// The page of saved matches and replays: a save's statistics are its match replayed (a line
/// per player, then per board), the same as the match's own; a damaged file is named.
#[test]
fn a_saves_statistics_are_its_match_replayed() {
    let spec = Spec::default();
    let game = play_headless(&spec, computer_singles(), 12);
    let dir = std::env::temp_dir().join(format!("carrom-ui-stats-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.json");
    SaveFile::of(&game).write(&path).unwrap();
    let lines = carrom_ui::screens::library::statistics_of(&spec, &path).unwrap();
    assert_eq!(lines, game.stats.lines());
    let title = carrom_ui::screens::library::title_of_file(&path);
    assert!(title.contains("12 actions"), "{title}");
    std::fs::write(&path, "{ not a save").unwrap();
    let e = carrom_ui::screens::library::statistics_of(&spec, &path).unwrap_err();
    assert!(e.to_string().contains("save.json"), "{e}");
    assert!(
        carrom_ui::screens::library::title_of_file(&path).contains("cannot be read"),
        "a damaged file is listed as such"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// Training: the drill's position is on the board with its task; a stroke is scored (in,
/// missed which way, or a foul) and the next attempt set; 2 chooses the 30-degree cut. Progress
/// is not written without a data directory.
#[test]
fn a_training_stroke_is_scored_and_the_next_attempt_set() {
    use carrom_ui::modes::training::Training;
    let spec = Spec::default();
    let mut app = headless_app(&spec, launch(Start::Training));
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
    assert_eq!(playing(&app), Some(carrom_ui::Playing::Training));
    let first = app.world().resource::<Training>().drill.clone();
    assert_eq!(
        app.world().resource::<carrom_ui::modes::OnBoard>().pieces,
        first.position.pieces,
        "the drill's position is on the board"
    );
    // A stroke at the drill's demonstration goes in; the next attempt is a new position.
    {
        let mut aim = app.world_mut().resource_mut::<Aim>();
        aim.position = first.demonstration.position;
        let dir = Vec2::from_angle(first.demonstration.angle_deg.to_radians())
            .rotate(Vec2::new(0.0, 1.0));
        aim.dir = dir;
        aim.power = first.demonstration.power;
    }
    press(&mut app, KeyCode::Space);
    run_until(&mut app, 4000, |app| {
        app.world().resource::<Training>().attempts == 1 && phase(app) == Phase::Aim
    });
    let t = app.world().resource::<Training>();
    let said = t.last.clone().unwrap();
    assert!(said.starts_with("In"), "the demonstration goes in: {said}");
    assert_eq!(t.drill.kind, first.kind);
    assert_ne!(
        t.drill.position.pieces, first.position.pieces,
        "a new position"
    );
    assert!(!t.keep, "no data directory: nothing written");
    assert_eq!(t.trainer.drills()[0].attempts, 1);
    assert_eq!(t.trainer.drills()[0].successes, 1);
    press(&mut app, KeyCode::Digit2);
    assert_eq!(
        app.world().resource::<Training>().drill.kind,
        carrom_trainer::DrillKind::Cut30
    );
    // Choosing a drill, or another position, says the new task and is not an attempt.
    for key in [KeyCode::KeyN, KeyCode::Digit5] {
        press(&mut app, key);
        app.update();
        let t = app.world().resource::<Training>();
        assert_eq!(t.attempts, 1, "only strokes are attempts");
        let call = &app
            .world()
            .resource::<carrom_ui::modes::calls::CallLog>()
            .call;
        assert_eq!(call, &vec![format!("Training: {}", t.drill.task)]);
    }
}

/// A host on the loopback interface for `setup`, with the join code `code`, each seat held as
/// `holders` says; its computers (easy, for a seat handed to them) play where it is theirs.
fn loopback_host(
    spec: &Spec,
    code: &str,
    setup: MatchSetup,
    holders: Vec<(Seat, carrom_net::Holder)>,
) -> carrom_net::Host {
    use carrom_net::{Host, HostConfig};
    let mut computers = Computers::for_every_seat(&setup, carrom_ai::Level::Easy);
    let config = HostConfig::new("127.0.0.1:0".parse().unwrap(), code, setup, holders, spec);
    Host::start(config, Box::new(move |game| computers.act(game))).unwrap()
}

/// A host on the loopback interface whose computers play both seats of a singles match (easy),
/// with the join code `code`.
fn computers_host(spec: &Spec, code: &str) -> carrom_net::Host {
    use carrom_net::Holder;
    let holders = vec![
        (Seat::South, Holder::Computer),
        (Seat::North, Holder::Computer),
    ];
    loopback_host(spec, code, computer_singles(), holders)
}

/// A match across machines, watched in the app: the host's computers play on the host (in this
/// process, on the loopback link), each stroke comes over and is played on the board, and after
/// each the position here is the host's, digest for digest.
#[test]
fn a_match_across_machines_is_played_on_the_board_as_the_host_played_it() {
    use carrom_net::{Guest, Joining, Role};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    let spec = Spec::default();
    let mut host = computers_host(&spec, "APP1");
    let link = host.local_link();
    let host = Arc::new(Mutex::new(host));
    let stop = Arc::new(Mutex::new(false));
    let hosting = {
        let (host, stop) = (host.clone(), stop.clone());
        std::thread::spawn(move || {
            let t0 = std::time::Instant::now();
            // The host plays its first strokes and then waits: enough for the test.
            while !*stop.lock().unwrap() && t0.elapsed() < Duration::from_secs(120) {
                let mut h = host.lock().unwrap();
                if h.game().is_some_and(|g| g.actions.len() >= 8) {
                    drop(h);
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                }
                h.poll(Duration::from_millis(5));
            }
        })
    };
    let joining = Joining::new("APP1", "Kim", Role::Spectator, &spec);
    let mut guest = Guest::local(link, joining, Duration::from_secs(10)).unwrap();
    let backlog = guest
        .wait_for_start(Some(Duration::from_secs(10)), || {})
        .unwrap();
    let start = carrom_ui::OnlineStart {
        guest: Arc::new(Mutex::new(Some(guest.link))),
        backlog,
        addr: None,
        hosting: None,
    };
    let mut app = headless_app(&spec, launch(Start::Online(start)));
    run_until(&mut app, 40_000, |app| {
        app.world()
            .get_resource::<Table>()
            .is_some_and(|t| t.model.actions.len() >= 8)
    });
    assert_eq!(playing(&app), Some(carrom_ui::Playing::Online));
    *stop.lock().unwrap() = true;
    hosting.join().unwrap();
    let host = host.lock().unwrap();
    let hosts = &host.game().unwrap().digests[..8];
    let table = app.world().resource::<Table>();
    assert_eq!(&table.model.digests[..8], hosts);
    assert!(table.watched(), "a spectator's results go by on their own");
    assert!(
        table.actor_is_computer(),
        "nobody acts here for the host's seats"
    );
}

/// The app at the menu's page to play across machines, opened by its button; its host form
/// on the loopback interface, on any free port.
fn across_page(spec: &Spec) -> App {
    let mut app = carrom_ui::headless_app_with_screens(spec, launch(Start::Menu));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    for _ in 0..3 {
        app.update();
    }
    click(&mut app, "Play across machines");
    let mut form = app
        .world_mut()
        .resource_mut::<carrom_ui::screens::menu::across::AcrossForm>();
    form.bind = std::net::Ipv4Addr::LOCALHOST.into();
    form.port = "0".into();
    app
}

fn menu_page(app: &App) -> carrom_ui::screens::menu::MenuPage {
    *app.world()
        .resource::<State<carrom_ui::screens::menu::MenuPage>>()
        .get()
}

/// Joining from the menu: the address, the code and the name typed into the page's fields, a
/// wrong code refused there with the host's reason, then the match (a host's computers, on the
/// loopback link) watched on the board, each stroke's position the host's.
#[test]
fn a_match_across_machines_is_joined_from_the_menu() {
    use carrom_net::HostThread;
    use carrom_ui::screens::menu::MenuPage;
    use carrom_ui::screens::menu::across::AcrossForm;
    use std::time::Duration;
    let spec = Spec::default();
    let host = computers_host(&spec, "MENU1");
    let (host, _link) = HostThread::start(host, |_| {}).unwrap();
    let mut app = across_page(&spec);
    app.update();
    assert_eq!(menu_page(&app), MenuPage::AcrossMachines);
    click(&mut app, "Host's address");
    common::type_text(&mut app, &host.addr.to_string());
    click(&mut app, "Join code");
    app.update();
    // The host's form also has a join code: the join form's is the second.
    let join_code = {
        let form = app.world().resource::<AcrossForm>();
        assert_eq!(form.address, host.addr.to_string(), "typed into the field");
        form.join_code.clone()
    };
    assert!(join_code.is_empty() || join_code.len() == 6);
    app.world_mut().resource_mut::<AcrossForm>().join_code = "WRONG".into();
    // Join as: the next free seat, each seat, two seats, and to watch.
    for _ in 0..carrom_ui::screens::menu::across::JOIN_AS.len() - 1 {
        click(&mut app, "Join to play");
    }
    button(&mut app, "Join to watch");
    click(&mut app, "Join the match");
    run_until(&mut app, 4_000, |app| {
        app.world().resource::<AcrossForm>().message.is_some()
    });
    let refused = app.world().resource::<AcrossForm>().message.clone();
    assert!(
        refused
            .as_deref()
            .is_some_and(|m| m.contains("wrong join code")),
        "{refused:?}"
    );
    app.update();
    assert_eq!(
        menu_page(&app),
        MenuPage::AcrossMachines,
        "back on the form"
    );
    app.world_mut().resource_mut::<AcrossForm>().join_code = "menu1".into();
    click(&mut app, "Join the match");
    run_until(&mut app, 4_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        playing(app) == Some(carrom_ui::Playing::Online)
    });
    // The match so far came with the join; the host's next strokes are played on the board.
    let joined_at = app.world().resource::<Table>().model.actions.len();
    run_until(&mut app, 40_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        app.world()
            .get_resource::<Table>()
            .is_some_and(|t| t.model.actions.len() >= joined_at + 2)
    });
    let table = app.world().resource::<Table>();
    assert!(table.watched(), "a spectator watches");
    assert!(table.model.violations.is_empty());
    assert_eq!(menu_entities(&mut app), 0, "the menu's pages are gone");
}

/// Hosting from the menu: South played here, North a guest's; the waiting room shows the seats
/// until a guest (a headless one, on the loopback link) takes North, and the match starts on
/// the board with South, here, to break.
#[test]
fn a_match_across_machines_is_hosted_from_the_menu() {
    use carrom_net::{Guest, Joining, Role};
    use carrom_ui::screens::menu::MenuPage;
    use carrom_ui::screens::menu::across::AcrossForm;
    use carrom_ui::screens::menu::lobby::Lobby;
    use std::time::Duration;
    let spec = Spec::default();
    let mut app = across_page(&spec);
    app.world_mut().resource_mut::<AcrossForm>().code = "ROOM7".into();
    // Every seat here leaves nobody to join: refused on the form.
    click(&mut app, "North: a guest");
    click(&mut app, "North: the computer");
    click(&mut app, "Host the match");
    let why = app.world().resource::<AcrossForm>().message.clone();
    assert!(why.is_some_and(|m| m.contains("a Guest's")));
    assert_eq!(menu_page(&app), MenuPage::AcrossMachines);
    click(&mut app, "North:");
    assert_eq!(
        app.world().resource::<AcrossForm>().holders[1],
        carrom_net::Holder::Guest
    );
    click(&mut app, "Host the match");
    run_until(&mut app, 4_000, |app| {
        app.world().resource::<Lobby>().hosting_addr().is_some()
            && menu_page(app) == MenuPage::Waiting
    });
    let port = app
        .world()
        .resource::<Lobby>()
        .hosting_addr()
        .unwrap()
        .port();
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let guest = std::thread::spawn(move || {
        let joining = Joining {
            computer: Some(carrom_match::Level::Easy),
            ..Joining::new("ROOM7", "Ravi", Role::Player, &Spec::default())
        };
        let mut g = Guest::join(addr, joining, Duration::from_secs(10)).unwrap();
        let started = g.wait_for_start(Some(Duration::from_secs(20)), || {});
        (g.seats.clone(), started.is_ok())
    });
    run_until(&mut app, 40_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        playing(app) == Some(carrom_ui::Playing::Online)
    });
    let (seats, started) = guest.join().unwrap();
    assert_eq!(seats, vec![Seat::North], "the guest takes the free seat");
    assert!(started, "the guest's match started too");
    run_until(&mut app, 200, |app| phase(app) == Phase::Aim);
    let table = app.world().resource::<Table>();
    assert_eq!(table.here.as_deref(), Some(&[Seat::South][..]));
    assert!(!table.actor_is_computer(), "South, here, breaks");
    assert_eq!(table.model.setup.player(Seat::North).name, "Ravi");
}

/// Computers alone, hosted from the menu: a demo for spectators at other machines, the host's
/// window watching it from the start.
#[test]
fn a_match_of_computers_hosted_from_the_menu_is_watched_in_the_hosts_window() {
    use std::time::Duration;
    let spec = Spec::default();
    let mut app = across_page(&spec);
    click(&mut app, "South:");
    click(&mut app, "South:");
    click(&mut app, "North:");
    click(&mut app, "Host the match");
    run_until(&mut app, 4_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        playing(app) == Some(carrom_ui::Playing::Online)
    });
    run_until(&mut app, 40_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        app.world()
            .get_resource::<Table>()
            .is_some_and(|t| t.model.actions.len() >= 2)
    });
    let table = app.world().resource::<Table>();
    assert!(table.watched(), "nobody plays here: the window watches");
    assert!(
        table
            .model
            .setup
            .players
            .iter()
            .all(|p| p.computer.is_some())
    );
}

/// Hosting again from the menu while this machine still hosts a match (left with Esc): the
/// first stops and frees its port, and the second listens on the same port.
#[test]
fn hosting_again_stops_the_match_hosted_before_and_takes_its_port() {
    use carrom_ui::modes::online::Online;
    use carrom_ui::screens::menu::across::AcrossForm;
    use carrom_ui::screens::menu::lobby::Lobby;
    use std::time::Duration;
    let spec = Spec::default();
    let mut app = across_page(&spec);
    let computers_here = |app: &mut App, port: &str| {
        let mut form = app.world_mut().resource_mut::<AcrossForm>();
        form.port = port.into();
        form.holders = [carrom_net::Holder::Computer; 4];
    };
    // Hosts with the form and waits for the board: the port the host listens on.
    let host = |app: &mut App| {
        click(app, "Host the match");
        run_until(app, 4_000, |app| {
            std::thread::sleep(Duration::from_millis(1));
            playing(app) == Some(carrom_ui::Playing::Online)
        });
        let online = app.world().resource::<Online>();
        online.hosting.as_ref().unwrap().addr.port()
    };
    computers_here(&mut app, "0");
    let port = host(&mut app);
    for _ in 0..3 {
        if *app.world().resource::<State<Screen>>().get() == Screen::Menu {
            break;
        }
        press(&mut app, KeyCode::Escape);
        app.update();
    }
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    click(&mut app, "Play across machines");
    computers_here(&mut app, &port.to_string());
    let again = host(&mut app);
    assert_eq!(app.world().resource::<AcrossForm>().message, None);
    assert_eq!(again, port, "the same port, freed by the first match");
    assert!(
        app.world().resource::<Lobby>().hosting_addr().is_none(),
        "handed to the board"
    );
}

/// A guest whose seat its computer plays (`carrom join --computer`, in a window): North's
/// strokes are chosen here, sent to the host and played there, and the board here follows the
/// host's match, digest for digest.
#[test]
fn a_guests_seat_is_played_by_its_computer_in_the_window() {
    use carrom_net::{Guest, GuestEvent, Holder, HostThread, Joining, Role};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    let spec = Spec::default();
    let mut setup = human_singles();
    setup.players[0].computer = Some(carrom_match::Level::Easy);
    let holders = vec![
        (Seat::South, Holder::Computer),
        (Seat::North, Holder::Guest),
    ];
    let host = loopback_host(&spec, "COMP1", setup, holders);
    let (host, link) = HostThread::start(host, |_| {}).unwrap();
    let joining = Joining {
        seats: vec![Seat::North],
        computer: Some(carrom_match::Level::Easy),
        ..Joining::new("COMP1", "Ravi", Role::Player, &spec)
    };
    let mut guest = Guest::join(host.addr, joining, Duration::from_secs(10)).unwrap();
    let backlog = guest
        .wait_for_start(Some(Duration::from_secs(10)), || {})
        .unwrap();
    // The host's window watches, to compare with.
    let mut watcher = Guest::local(
        link,
        Joining::at_host("COMP1", vec![], &spec, None),
        Duration::from_secs(10),
    )
    .unwrap();
    let start = carrom_ui::OnlineStart {
        guest: Arc::new(Mutex::new(Some(guest.link))),
        backlog,
        addr: Some(host.addr),
        hosting: None,
    };
    let mut app = headless_app(&spec, launch(Start::Online(start)));
    let north_strokes = |t: &Table| {
        t.model
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Stroke { shot } if shot.seat == Seat::North))
            .count()
    };
    run_until(&mut app, 60_000, |app| {
        std::thread::sleep(Duration::from_millis(1));
        app.world()
            .get_resource::<Table>()
            .is_some_and(|t| north_strokes(t) >= 2)
    });
    let t0 = std::time::Instant::now();
    let here = app.world().resource::<Table>().model.digests.clone();
    while watcher
        .game
        .as_ref()
        .is_none_or(|g| g.digests.len() < here.len())
        && t0.elapsed() < Duration::from_secs(20)
    {
        for e in watcher.poll(Duration::from_millis(10)) {
            if let GuestEvent::Applied(a) = e {
                watcher.apply(&a).unwrap();
            }
        }
    }
    let hosts = &watcher.game.as_ref().unwrap().digests[..here.len()];
    assert_eq!(hosts, &here[..], "the host's match is the one played here");
    let table = app.world().resource::<Table>();
    assert_eq!(table.here.as_deref(), Some(&[Seat::North][..]));
    assert!(table.model.violations.is_empty());
}

/// Runs the app until `done`, a frame every 20 ms (the coach works on other threads).
fn wait_until(app: &mut App, seconds: u64, mut done: impl FnMut(&mut App) -> bool) {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    while std::time::Instant::now() < until {
        app.update();
        if done(app) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    panic!(
        "condition not reached in {seconds} s (phase {:?})",
        phase(app)
    );
}

fn reviewing(app: &App) -> &carrom_ui::modes::review::Reviewing {
    app.world()
        .resource::<carrom_ui::modes::review::Reviewing>()
}

/// Review from a board's result (its button): the result card goes, the match so far is
/// walked and its strokes appear as the coach judges them; Down steps to the next stroke,
/// whose position is put on the board; Esc goes back to the result as it was, the match kept
/// at the table; R opens the review again.
#[test]
fn a_review_opens_from_a_boards_result_steps_and_goes_back() {
    let spec = Spec::default();
    let (game, boards) = just_after_a_board(&spec);
    let mut app =
        carrom_ui::headless_app_with_screens(&spec, launch(Start::Resume(Box::new(game.clone()))));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    run_until(&mut app, 50, |app| phase(app) == Phase::BoardOver);
    app.update();
    click(&mut app, "Review the match so far");
    run_until(&mut app, 20, |app| {
        playing(app) == Some(carrom_ui::Playing::Review)
    });
    let on_result = |app: &mut App| {
        app.world_mut()
            .query::<&DespawnOnExit<Phase>>()
            .iter(app.world())
            .filter(|d| d.0 == Phase::BoardOver)
            .count()
    };
    assert_eq!(on_result(&mut app), 0, "the result card goes");
    wait_until(&mut app, 120, |app| {
        reviewing(app).judged.iter().any(Option::is_some)
    });
    let r = reviewing(&app);
    let strokes = r.strokes().len();
    assert!(strokes > 2, "the board's strokes: {strokes}");
    assert!(r.busy(), "still judging: the page shows it as it works");
    assert!(r.total >= strokes && r.done >= 1);
    press(&mut app, KeyCode::ArrowDown);
    app.update();
    let r = reviewing(&app);
    assert_eq!(r.chosen, 1);
    let second = r.strokes()[1].layout.clone();
    assert_eq!(
        app.world().resource::<carrom_ui::modes::OnBoard>().pieces,
        second,
        "the stroke's position is on the board"
    );
    press(&mut app, KeyCode::Escape);
    run_until(&mut app, 50, |app| phase(app) == Phase::BoardOver);
    app.update();
    assert_eq!(playing(&app), Some(carrom_ui::Playing::Match));
    assert_eq!(on_result(&mut app), 1, "back on the board's result");
    let table = app.world().resource::<Table>();
    assert_eq!(
        table.model.actions, game.actions,
        "the match as it was left"
    );
    assert_eq!(table.model.stats.boards.len(), boards);
    press(&mut app, KeyCode::KeyR);
    run_until(&mut app, 20, |app| {
        playing(app) == Some(carrom_ui::Playing::Review)
    });
}

/// Review of a save (as the saved matches page opens it): every stroke judged, each player's
/// accuracy, the review kept beside the save; Esc goes back to the saved matches page. Opened
/// again, the kept review is read at once. Try it (T) opens the chosen stroke's position in
/// training, where a stroke is scored and the same position set again; Esc there comes back to
/// the review at that stroke.
#[test]
fn a_saves_review_is_kept_and_try_it_opens_the_position_in_training() {
    use carrom_ui::modes::review::{OpenedFrom, ReviewStart};
    use carrom_ui::modes::training::Training;
    let spec = Spec::default();
    let game = play_headless(&spec, computer_singles(), 4);
    let dir = std::env::temp_dir().join(format!("carrom-ui-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("save.json");
    SaveFile::of(&game).write(&path).unwrap();
    let mut app = carrom_ui::headless_app_with_screens(&spec, launch(Start::Menu));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    app.update();
    let open = |app: &mut App| {
        let start = ReviewStart {
            save: SaveFile::load(&path).unwrap(),
            path: Some(path.clone()),
            from: OpenedFrom::Library,
        };
        app.world_mut()
            .trigger(carrom_ui::modes::Begin(launch(Start::Review(Box::new(
                start,
            )))));
        app.update();
    };
    open(&mut app);
    wait_until(&mut app, 300, |app| reviewing(app).review.is_some());
    let r = reviewing(&app);
    assert_eq!(r.error, None);
    assert_eq!(r.done, r.strokes().len());
    assert!(r.judged.iter().all(Option::is_some), "every stroke judged");
    assert!(r.players().iter().any(|p| p.accuracy.is_some()));
    assert!(
        std::path::Path::new(&format!("{}.review", path.display())).exists(),
        "the review is kept beside the save"
    );
    button(&mut app, "Try it");
    press(&mut app, KeyCode::Escape);
    app.update();
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    app.update();
    assert_eq!(
        *app.world()
            .resource::<State<carrom_ui::screens::menu::MenuPage>>()
            .get(),
        carrom_ui::screens::menu::MenuPage::Library,
        "back on the saved matches page"
    );
    // Opened again: the kept review, as soon as the match is walked.
    open(&mut app);
    wait_until(&mut app, 30, |app| {
        playing(app) == Some(carrom_ui::Playing::Review) && reviewing(app).review.is_some()
    });
    press(&mut app, KeyCode::End);
    let r = reviewing(&app);
    let at = r.strokes().last().unwrap().clone();
    click(&mut app, "Try it");
    run_until(&mut app, 50, |app| phase(app) == Phase::Aim);
    assert_eq!(playing(&app), Some(carrom_ui::Playing::Training));
    let t = app.world().resource::<Training>();
    assert!(t.tried);
    assert_eq!(t.drill.position.pieces, at.layout, "the stroke's position");
    assert_eq!(t.drill.position.seat, at.seat);
    // Struck as the coach would (a legal place, whatever the seat).
    let shot = t.drill.demonstration;
    {
        let mut aim = app.world_mut().resource_mut::<Aim>();
        aim.position = shot.position;
        let v = shot.striker_velocity(&spec);
        aim.dir = Vec2::new(v.x, v.y).normalize_or(Vec2::Y);
        aim.power = shot.power;
    }
    press(&mut app, KeyCode::Space);
    wait_until(&mut app, 60, |app| {
        app.world().resource::<Training>().attempts == 1 && phase(app) == Phase::Aim
    });
    let t = app.world().resource::<Training>();
    assert!(t.last.is_some(), "the stroke is scored");
    assert_eq!(t.layout, at.layout, "the same position again");
    assert_eq!(
        t.trainer.drills().iter().map(|d| d.attempts).sum::<u32>(),
        0
    );
    // Esc: back to the review, at the stroke tried, its position on the board.
    press(&mut app, KeyCode::Escape);
    run_until(&mut app, 20, |app| {
        playing(app) == Some(carrom_ui::Playing::Review)
    });
    app.update();
    let r = reviewing(&app);
    assert_eq!(r.strokes().last().unwrap().index, at.index);
    assert_eq!(r.chosen, r.strokes().len() - 1, "the stroke tried");
    assert!(r.review.is_some(), "the review as it was left");
    assert_eq!(
        app.world().resource::<carrom_ui::modes::OnBoard>().pieces,
        at.layout
    );
    assert!(!app.world().contains_resource::<Training>());
    std::fs::remove_dir_all(&dir).ok();
}

/// Review from the match summary (its button): the summary goes while the review is up, and
/// Esc brings it back, the finished match kept at the table.
#[test]
fn a_review_opens_from_the_summary_and_goes_back_to_it() {
    let spec = Spec::default();
    let mut setup = computer_singles();
    carrom_match::MatchLength::Board.apply(&mut setup.rules);
    let mut computers = Computers::for_setup(&setup);
    let mut game = Match::new(&spec, setup).unwrap();
    while let Some(action) = computers.act(&game) {
        game.apply(&action).unwrap();
    }
    assert!(game.is_over());
    let mut app =
        carrom_ui::headless_app_with_screens(&spec, launch(Start::Resume(Box::new(game.clone()))));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    run_until(&mut app, 50, |app| phase(app) == Phase::Over);
    app.update();
    click(&mut app, "Review");
    run_until(&mut app, 20, |app| {
        playing(app) == Some(carrom_ui::Playing::Review)
    });
    assert_ne!(phase(&app), Phase::Over, "the summary goes");
    wait_until(&mut app, 60, |app| reviewing(app).walked.is_some());
    let strokes = game
        .actions
        .iter()
        .filter(|a| matches!(a, Action::Stroke { .. }))
        .count();
    assert_eq!(reviewing(&app).strokes().len(), strokes);
    click(&mut app, "Back");
    run_until(&mut app, 50, |app| phase(app) == Phase::Over);
    assert_eq!(playing(&app), Some(carrom_ui::Playing::Match));
    assert_eq!(app.world().resource::<Table>().model.actions, game.actions);
}
