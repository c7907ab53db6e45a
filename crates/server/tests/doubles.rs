//! Rated doubles on the loopback interface: four headless players ask for a quick doubles
//! match, are seated two against two (partners opposite), play it to its end with one set of
//! digests, and each team's doubles rating changes by Weng-Lin's formula for two teams (the
//! test works it out again with the skillratings crate), their singles ratings untouched; the
//! doubles leaderboard ranks them by it. Two friends queue as a party (one makes it, the
//! other joins with its code) and sit as partners; a wrong party code is refused.

mod common;

use carrom_online::{Mode, Party, Plan, Standing, ToClient, ToServer};
use carrom_server::serve;
use skillratings::Outcomes;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_two_teams};
use std::time::Duration;

const BOUND: Duration = Duration::from_secs(300);
const NAMES: [&str; 4] = ["Asha", "Ravi", "Meena", "Joseph"];

fn plan(url: &str, name: &str) -> Plan {
    common::beginner(url, name, Mode::Doubles)
}

/// The leaderboard of `mode`, as the server's page gives it.
async fn leaderboard(url: &str, mode: Mode) -> Vec<Standing> {
    let mut conn = carrom_online::Connection::open(url).await.unwrap();
    conn.send(&ToServer::Leaderboard { mode }).await.unwrap();
    loop {
        if let Some(ToClient::Leaderboard { mode: of, rows }) = conn.recv().await.unwrap() {
            assert_eq!(of, mode);
            return rows;
        }
    }
}

/// Player `name`'s standing, as the server's page gives it.
async fn standing(url: &str, name: &str) -> Standing {
    let mut conn = carrom_online::Connection::open(url).await.unwrap();
    conn.send(&ToServer::Player { name: name.into() })
        .await
        .unwrap();
    loop {
        if let Some(ToClient::Player { player, .. }) = conn.recv().await.unwrap() {
            return player;
        }
    }
}

#[test]
fn four_players_quick_match_doubles_and_each_team_is_rated_by_weng_lin() {
    let dir = tempfile::tempdir().unwrap();
    let rt = common::runtime();
    rt.block_on(async {
        let mut config = common::loopback(dir.path());
        config.seed = Some(11);
        let server = serve(config).await.unwrap();
        let url = server.addr.to_string();
        let plays = NAMES.map(|n| carrom_online::play(plan(&url, n), |_| {}));
        let [a, b, c, d] = plays;
        let played = tokio::time::timeout(BOUND, async { tokio::join!(a, b, c, d) })
            .await
            .expect("within the bound");
        let played = [played.0, played.1, played.2, played.3].map(Result::unwrap);
        let id = played[0].id.expect("seated");
        let (row, stored) = server.stored_match(id).await.unwrap();
        assert!(row.rated, "a quick doubles match of four people is rated");
        assert!(stored.is_over());
        for p in &played {
            assert_eq!(p.id, Some(id), "one match for the four");
            let game = p.game.as_ref().unwrap();
            assert_eq!(game.digests, stored.digests, "one set of digests");
        }
        // Partners sit opposite: South and North, East and West.
        let side = |name: &str| {
            let seat = row.seats.iter().find(|s| s.name == name).unwrap().seat;
            stored.setup.seats.side_of(seat)
        };
        let winners = &played[0].winners;
        assert_eq!(winners.len(), 2, "a team wins: {winners:?}");
        assert_eq!(side(&winners[0]), side(&winners[1]));
        // Weng-Lin for two new teams, worked out again here.
        let new = [WengLinRating::new(), WengLinRating::new()];
        let (won, lost) = weng_lin_two_teams(&new, &new, &Outcomes::WIN, &WengLinConfig::new());
        for name in NAMES {
            let s = standing(&url, name).await;
            let doubles = s.doubles.expect("a doubles rating");
            let (expected, wins) = if winners.iter().any(|w| w == name) {
                (won[0].rating, 1)
            } else {
                (lost[0].rating, 0)
            };
            assert!(
                (doubles.rating - expected).abs() < 1e-9,
                "{name}: {doubles:?}"
            );
            assert_eq!((doubles.games, doubles.wins), (1, wins), "{name}");
            assert_eq!(
                (s.rating, s.games),
                (1500.0, 0),
                "{name}: singles untouched"
            );
        }
        // The doubles leaderboard has the four, the winners first, by their doubles ratings;
        // the singles one nobody (no rated singles match was played).
        let board = leaderboard(&url, Mode::Doubles).await;
        let names: Vec<&str> = board.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names.len(), 4, "{names:?}");
        let ratings: Vec<f64> = board
            .iter()
            .map(|s| s.doubles.as_ref().unwrap().rating)
            .collect();
        assert_eq!(
            ratings,
            vec![won[0].rating, won[0].rating, lost[0].rating, lost[0].rating]
        );
        assert!(
            winners.iter().all(|w| names[..2].contains(&w.as_str())),
            "{names:?}"
        );
        assert!(leaderboard(&url, Mode::Singles).await.is_empty());
        server.stop().await;
    });
}

/// The next refusal the server sends `conn`, in its words.
async fn refusal(conn: &mut carrom_online::Connection) -> String {
    loop {
        if let Some(ToClient::Rejected { reason }) = conn.recv().await.unwrap() {
            return reason;
        }
    }
}

#[test]
fn two_friends_queue_as_a_party_and_sit_as_partners_against_two_players_alone() {
    let dir = tempfile::tempdir().unwrap();
    let rt = common::runtime();
    rt.block_on(async {
        let mut config = common::loopback(dir.path());
        config.seed = Some(5);
        let server = serve(config).await.unwrap();
        let url = server.addr.to_string();
        // Asha makes a party: its code is told her before she waits.
        let mut asha = plan(&url, "Asha");
        asha.request = carrom_online::Request::Partners {
            length: Some(carrom_match::MatchLength::Board),
            party: Party::New,
        };
        let (code_to, code_from) = tokio::sync::oneshot::channel();
        let mut code_to = Some(code_to);
        let asha = tokio::spawn(carrom_online::play(asha, move |e| {
            if let carrom_online::Event::Party(code) = e
                && let Some(to) = code_to.take()
            {
                let _ = to.send(code.clone());
            }
        }));
        let code = tokio::time::timeout(BOUND, code_from)
            .await
            .unwrap()
            .unwrap();
        // A wrong code and one's own party are refused, each with its reason.
        let (mut kim, _) = carrom_online::Connection::hello(&url, "Kim", None)
            .await
            .unwrap();
        let wrong = Party::Join("ZZZZZZ".into());
        kim.send(&ToServer::Partners {
            length: None,
            party: wrong,
        })
        .await
        .unwrap();
        let why = refusal(&mut kim).await;
        assert!(why.contains("no party with the code ZZZZZZ"), "{why}");
        kim.close().await;
        // Ravi joins her party as typed (small letters); Meena and Joseph come alone.
        let mut ravi = plan(&url, "Ravi");
        ravi.request = carrom_online::Request::Partners {
            length: None,
            party: Party::Join(code.to_lowercase()),
        };
        let ravi = carrom_online::play(ravi, |_| {});
        let meena = carrom_online::play(plan(&url, "Meena"), |_| {});
        let joseph = carrom_online::play(plan(&url, "Joseph"), |_| {});
        let all = async { tokio::join!(async { asha.await.unwrap() }, ravi, meena, joseph) };
        let played = tokio::time::timeout(BOUND, all)
            .await
            .expect("within the bound");
        let played = [played.0, played.1, played.2, played.3].map(Result::unwrap);
        let id = played[0].id.expect("seated");
        assert!(
            played.iter().all(|p| p.id == Some(id)),
            "one match for the four"
        );
        let (row, stored) = server.stored_match(id).await.unwrap();
        assert!(row.rated, "a party's quick doubles is rated");
        assert!(stored.is_over());
        let seat = |name: &str| row.seats.iter().find(|s| s.name == name).unwrap().seat;
        let side = |name: &str| stored.setup.seats.side_of(seat(name));
        assert_eq!(side("Asha"), side("Ravi"), "the party's two are partners");
        assert_eq!(side("Meena"), side("Joseph"));
        assert_ne!(side("Asha"), side("Meena"));
        server.stop().await;
    });
}
