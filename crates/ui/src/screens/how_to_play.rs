//! How to play: a page over the menu ([`MenuPage::HowToPlay`]) until closed (a click or a
//! tap, or Esc), in a touch screen's words once a finger has touched the window.

use super::menu::MenuPage;
use crate::theme::{Activate, palette, size, text};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(MenuPage::HowToPlay), spawn_how_to_play);
}

const HOW_TO_PLAY: &str = "HOW TO PLAY

The stroke: press on the striker and slide it along your base line (it must touch both lines and not cover a red circle; a press elsewhere along the line brings it there), then press on it again and pull back, away from the board and from where you aim, like a slingshot. A move along the line slides; a move back pulls. The meter shows the power; let go to strike. Back onto the striker, or right-click, cancels. A finger does the same on a touch screen; for a fine cut, hold the pulling finger still a moment (a ring shows where it steadied): from then on it moves the aim and the power a quarter as far. Keys: arrows place, A/D aim, W/S power, Space strikes (a tap is one step: 1 cm, 1 degree, 5% of the power; Shift a quarter of it; a key held past a third of a second keeps moving).

The game (ICF Laws): you play white or black; pocket all your men, and the Queen (red) with a cover: after pocketing her, pocket one of your men with the next stroke, or she goes back. Pocketing the striker is a foul: one of your pocketed men comes back (a due), placed by your opponent inside the outer circle. A pocketed opponent's man stays down. The board goes to the side that clears its men: 1 point for each opponent's man left, 3 for the Queen while under 22 points; 25 points or 8 boards make a game.

Keys in play: G aim guide, H coach's hint (when on), F fix or turn the board, F5 save, Esc menu (the match is kept: Continue). The buttons at the foot of the right panel do what the keys do.

Click or press Esc to close.";

/// The page's text on a touch screen: what the buttons do, and a tap closes it.
const HOW_TO_PLAY_BY_TOUCH_END: &str = "In play, the buttons at the foot of the right panel do what the keys do: Menu (the match is kept: Continue), Hint and Take it, Guide, Save, Turn board, and Aim and Power a step at a time for a fine cut.

Tap anywhere to close.";

/// How to play, in the words of the screen it is on (a touch screen's taps).
fn words(touch: bool) -> String {
    if !touch {
        return HOW_TO_PLAY.to_string();
    }
    let cut = HOW_TO_PLAY
        .find("Keys in play")
        .unwrap_or(HOW_TO_PLAY.len());
    format!("{}{HOW_TO_PLAY_BY_TOUCH_END}", &HOW_TO_PLAY[..cut]).replace(", or right-click,", "")
}

/// How to play: over the menu until closed (a click, or Esc).
fn spawn_how_to_play(mut commands: Commands, touch: Res<crate::modes::input::TouchScreen>) {
    commands
        .spawn((
            // A page over the menu as the others are: opaque, scrolled where it is longer
            // than the window (a finger that scrolls it does not close it), and clicked.
            super::menu::page_over_menu(
                MenuPage::HowToPlay,
                Node {
                    padding: UiRect::all(px(20)),
                    ..default()
                },
            ),
            Interaction::default(),
        ))
        .with_children(|h| {
            h.spawn((
                text(words(touch.0), size::PAGE, palette::PAGE_TEXT),
                Node {
                    max_width: px(880),
                    margin: UiRect::vertical(auto()),
                    ..default()
                },
            ));
        })
        .observe(|_: On<Activate>, mut page: ResMut<NextState<MenuPage>>| {
            page.set(MenuPage::Choices)
        });
}
