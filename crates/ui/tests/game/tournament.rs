//! A tournament at the game, driven by its page's buttons: made from the form, its computers'
//! games played off the screen, a person's game played on the board and taken into the table
//! when it is over, the summary going back to the page, the tournament kept in its file.

use super::*;
use carrom_tournament::play::board_setup;
use carrom_tournament::run::has_person;
use carrom_tournament::{Format, Tournament};
use carrom_ui::screens::menu::MenuPage;
use carrom_ui::screens::menu::tournament::TournamentHeld;
use carrom_ui::screens::menu::tournament::form::TournamentForm;

/// The app at the menu, its tournaments kept in `dir`.
fn menu_keeping_tournaments_in(spec: &Spec, dir: &std::path::Path) -> App {
    let mut app = carrom_ui::headless_app_with_screens(spec, launch(Start::Menu));
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
    app.world_mut()
        .insert_resource(TournamentHeld::kept_in(Some(dir.to_path_buf())));
    for _ in 0..3 {
        app.update();
    }
    app
}

fn held(app: &App) -> &Tournament {
    let held = app.world().resource::<TournamentHeld>();
    held.tournament.as_ref().expect("a tournament held")
}

fn message(app: &App) -> String {
    let held = app.world().resource::<TournamentHeld>();
    held.message.clone().unwrap_or_default()
}

/// The match of `setup` played to its end by computers in every seat (the people's too).
fn played_out(spec: &Spec, setup: &MatchSetup) -> Match {
    let mut everyone = setup.clone();
    for p in &mut everyone.players {
        p.computer.get_or_insert(carrom_match::Level::Easy);
    }
    let mut computers = Computers::for_setup(&everyone);
    let mut game = Match::new(spec, setup.clone()).unwrap();
    while let Some(action) = computers.act(&game) {
        game.apply(&action).unwrap();
    }
    assert!(game.is_over());
    game
}

#[test]
fn a_tournament_made_on_its_page_plays_its_computers_off_the_screen_and_a_persons_game_on_the_board()
 {
    let spec = Spec::default();
    let dir = tempfile::tempdir().unwrap();
    let mut app = menu_keeping_tournaments_in(&spec, dir.path());
    click(&mut app, "Tournament");
    assert_eq!(menu_page(&app), MenuPage::Tournament);
    // No tournament yet: the form. Its players typed, its format chosen by its button.
    click(&mut app, "Players:");
    common::type_text(
        &mut app,
        "Asha, computer:easy, computer:easy, computer:medium",
    );
    click(&mut app, "Format: VKK");
    let form = app.world().resource::<TournamentForm>();
    assert_eq!(form.format, Format::RoundRobin);
    click(&mut app, "Start the tournament");
    assert_eq!(held(&app).players.len(), 4, "{}", message(&app));
    assert_eq!(held(&app).kind, Format::RoundRobin);
    let file = app
        .world()
        .resource::<TournamentHeld>()
        .path
        .clone()
        .unwrap();
    assert!(file.starts_with(dir.path()) && file.exists());

    // The computers' games of the round, off the screen: each result said and kept.
    let computers_next =
        |t: &Tournament| (t.next_games().into_iter()).any(|n| !has_person(t, t.game(n).unwrap()));
    assert!(
        computers_next(held(&app)),
        "a round of four has a computers' game"
    );
    click(&mut app, "Play the computers' games");
    wait_until(&mut app, 120, |app| !computers_next(held(app)));
    assert!(message(&app).contains(" beat "), "{}", message(&app));
    let kept = Tournament::load(&file).unwrap();
    assert_eq!(
        &kept,
        held(&app),
        "the tournament is saved after every game"
    );
    let played = kept.games.iter().find(|g| g.winner.is_some()).unwrap();
    let replay = file.parent().unwrap().join(&played.replays[0]);
    assert!(replay.exists(), "{}", replay.display());

    // Asha's game: Play puts it on the board as the tournament sets it up.
    let number = held(&app).next_games()[0];
    let game = held(&app).game(number).unwrap().clone();
    assert!(has_person(held(&app), &game));
    click(&mut app, "Play");
    run_until(&mut app, 200, |app| phase(app) == Phase::Aim);
    let setup = board_setup(held(&app), &game).unwrap();
    assert_eq!(app.world().resource::<Table>().model.setup, setup);

    // Played to its end (here by computers in her place), the match goes into the table.
    let over = played_out(&spec, &setup);
    app.world_mut()
        .trigger(carrom_ui::modes::Begin(launch(Start::Resume(Box::new(
            over.clone(),
        )))));
    run_until(&mut app, 200, |app| phase(app) == Phase::Over);
    let after = held(&app).game(number).unwrap();
    let winner = setup.players[usize::from(over.stats.winner.unwrap())]
        .name
        .clone();
    assert_eq!(after.winner.as_ref(), Some(&winner), "{}", message(&app));
    assert_eq!(Tournament::load(&file).unwrap().game(number), Some(after));
    let table = held(&app).group_tables().unwrap();
    let row = table[0]
        .standings
        .iter()
        .find(|r| r.name == "Asha")
        .unwrap();
    assert_eq!(row.played, 1);

    // The summary goes back to the tournament's page, which shows the game played.
    click(&mut app, "Tournament (Enter)");
    app.update();
    assert_eq!(menu_page(&app), MenuPage::Tournament);
    assert!(common::button_where(&mut app, |t| t == "Replay").is_some());
}

#[test]
fn the_tournament_kept_is_held_again_when_the_game_starts_and_a_damaged_one_is_said() {
    let spec = Spec::default();
    let dir = tempfile::tempdir().unwrap();
    let mut form = TournamentForm::default();
    form.players = "Asha, Ravi, Meena".into();
    form.format = Format::Knockout;
    let t = form.tournament(5).unwrap();
    t.save(&dir.path().join("tournament-000005.json")).unwrap();
    let mut app = menu_keeping_tournaments_in(&spec, dir.path());
    assert_eq!(held(&app), &t);
    click(&mut app, "Tournament");
    let play = common::button_where(&mut app, |l| l == "Play");
    assert!(play.is_some());
    assert!(common::button_where(&mut app, |l| l == "New tournament").is_some());
    // Nothing changes, so the page stays as it was built: its buttons are the same ones.
    for _ in 0..3 {
        app.update();
    }
    assert_eq!(common::button_where(&mut app, |l| l == "Play"), play);

    // Written after it (a moment later), the newest file is the one held.
    std::thread::sleep(std::time::Duration::from_millis(50));
    std::fs::write(dir.path().join("tournament-000006.json"), "{\"format\": 3}").unwrap();
    let damaged = TournamentHeld::kept_in(Some(dir.path().to_path_buf()));
    assert!(damaged.tournament.is_none());
    let said = damaged.message.unwrap();
    assert!(said.contains("tournament-000006.json"), "{said}");
}
