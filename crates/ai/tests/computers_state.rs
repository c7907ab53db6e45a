//! The computers' state as data: the browser's worker decides on computers made from it, and
//! they must play as the ones they came from.

use carrom_ai::{Computers, ComputersState, easy_singles};
use carrom_match::Match;
use carrom_physics::Spec;

/// Computers rebuilt from their state (through JSON) after each action decide every action
/// of the first strokes as the computers that carried on.
#[test]
fn computers_made_from_their_state_decide_as_the_ones_they_came_from() {
    let spec = Spec::default();
    let setup = easy_singles(9);
    let mut game = Match::new(&spec, setup.clone()).unwrap();
    let mut carried = Computers::for_setup(&setup);
    carried.commentary = true;
    let mut rebuilt = carried.clone();
    for _ in 0..6 {
        let json = serde_json::to_string(&rebuilt.state()).unwrap();
        let state: ComputersState = serde_json::from_str(&json).unwrap();
        rebuilt = Computers::from_state(state);
        let (a, b) = (carried.act(&game), rebuilt.act(&game));
        assert_eq!(a, b);
        assert_eq!(carried.state(), rebuilt.state());
        // What is said and drawn crosses (not the strokes it was measured on).
        let commentary = rebuilt.last_commentary.clone();
        let json = serde_json::to_string(&commentary).unwrap();
        let again: Option<carrom_ai::coach::Commentary> = serde_json::from_str(&json).unwrap();
        let said = |c: &Option<carrom_ai::coach::Commentary>| c.as_ref().map(|c| c.lines());
        assert_eq!(
            said(&commentary),
            said(&again),
            "the commentary crosses as it is"
        );
        let Some(action) = a else { break };
        game.apply(&action).unwrap();
    }
}
