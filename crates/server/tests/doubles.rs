//! Rated doubles on the loopback interface: four headless players ask for a quick doubles
//! match, are seated two against two (partners opposite), play it to its end with one set of
//! digests, and each team's doubles rating changes by Weng-Lin's formula for two teams (the
//! test works it out again with the skillratings crate), their singles ratings untouched.

mod common;

use carrom_online::{Mode, Plan, Standing, ToClient, ToServer};
use carrom_server::serve;
use skillratings::Outcomes;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_two_teams};
use std::time::Duration;

const BOUND: Duration = Duration::from_secs(300);
const NAMES: [&str; 4] = ["Asha", "Ravi", "Meena", "Joseph"];

fn plan(url: &str, name: &str) -> Plan {
    common::beginner(url, name, Mode::Doubles)
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
        server.stop().await;
    });
}
