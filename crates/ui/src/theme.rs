//! The game's look in one place: the palette (board, pieces, panels, text, the guides drawn on
//! the board), the font sizes, and the buttons ([`button`]: one look, one hover face, and an
//! observer per button for what it does).

use bevy::ecs::observer::IntoEntityObserver;
use bevy::prelude::*;

/// Every colour the game draws with.
pub mod palette {
    use bevy::prelude::Color;

    // The board and the room around it.
    pub const ROOM: Color = Color::srgb(0.10, 0.11, 0.13);
    pub const WOOD_DARK: Color = Color::srgb(0.30, 0.15, 0.06);
    pub const WOOD: Color = Color::srgb(0.50, 0.27, 0.11);
    pub const SURFACE: Color = Color::srgb(0.93, 0.84, 0.64);
    pub const BOARD_INK: Color = Color::srgb(0.10, 0.07, 0.05);
    pub const BOARD_RED: Color = Color::srgb(0.80, 0.10, 0.08);
    pub const FRAME_EDGE: Color = Color::srgb(0.05, 0.03, 0.02);
    pub const GRAIN_DARK: Color = Color::srgba(0.25, 0.12, 0.03, 0.25);
    pub const GRAIN_LIGHT: Color = Color::srgba(0.7, 0.45, 0.2, 0.18);
    pub const POCKET_RIM: Color = Color::srgb(0.55, 0.45, 0.30);
    pub const POCKET: Color = Color::srgb(0.04, 0.03, 0.03);
    pub const POCKET_INNER: Color = Color::srgb(0.30, 0.28, 0.26);
    pub const FOUL_LINE: Color = Color::srgba(0.75, 0.12, 0.08, 0.35);
    pub const NET: Color = Color::srgba(0.55, 0.52, 0.48, 0.55);

    // The pieces.
    pub const WHITE_MAN: Color = Color::srgb(0.97, 0.93, 0.82);
    pub const BLACK_MAN: Color = Color::srgb(0.13, 0.10, 0.09);
    pub const QUEEN: Color = Color::srgb(0.82, 0.08, 0.12);
    pub const WHITE_RING: Color = Color::srgb(0.42, 0.30, 0.18);
    pub const BLACK_RING: Color = Color::srgb(0.40, 0.34, 0.30);
    pub const QUEEN_RING: Color = Color::srgb(1.0, 0.55, 0.55);
    pub const STRIKER: Color = Color::srgb(0.85, 0.90, 0.98);
    pub const STRIKER_RING: Color = Color::srgb(0.20, 0.35, 0.75);
    pub const ILLEGAL: Color = Color::srgba(0.95, 0.15, 0.10, 0.85);
    pub const SHADOW: Color = Color::srgba(0.0, 0.0, 0.0, 0.25);

    // The aim, the pull and the paths drawn over the board.
    pub const AIM_LEGAL: Color = Color::srgba(0.1, 0.45, 0.95, 0.9);
    pub const AIM_ILLEGAL: Color = Color::srgba(0.9, 0.1, 0.1, 0.9);
    pub const PULL: Color = Color::srgba(0.3, 0.2, 0.1, 0.8);
    pub const PULL_RING: Color = Color::srgba(0.9, 0.9, 0.9, 0.8);
    pub const PULL_SOFT: Color = Color::srgba(0.3, 0.2, 0.1, 0.6);
    pub const DUE_LEGAL: Color = Color::srgba(0.2, 0.8, 0.3, 0.8);
    pub const DUE_ILLEGAL: Color = Color::srgba(0.95, 0.1, 0.1, 0.95);
    /// The outer circle a returned piece goes inside, while one is placed.
    pub const DUE_AREA: Color = Color::srgba(1.0, 0.85, 0.3, 0.7);
    pub const GUIDE_LINE: Color = Color::srgba(1.0, 1.0, 1.0, 0.75);
    pub const GUIDE_ARROW: Color = Color::srgba(1.0, 0.85, 0.2, 0.9);
    pub const PATH_STRIKER: Color = Color::srgba(0.25, 0.55, 1.0, 0.85);
    pub const PATH_WHITE: Color = Color::srgba(0.98, 0.96, 0.88, 0.9);
    pub const PATH_BLACK: Color = Color::srgba(0.12, 0.10, 0.10, 0.85);
    pub const PATH_QUEEN: Color = Color::srgba(0.85, 0.10, 0.12, 0.9);
    pub const POCKET_FOUL: Color = Color::srgba(0.95, 0.1, 0.15, 0.9);
    pub const POCKET_QUEEN: Color = Color::srgba(1.0, 0.55, 0.1, 0.9);
    pub const COACH_GOLD: Color = Color::srgb(1.0, 0.80, 0.15);
    pub const COACH_ARROW: Color = Color::srgba(1.0, 0.80, 0.15, 0.95);
    pub const COACH_SOFT: Color = Color::srgba(1.0, 0.80, 0.15, 0.55);
    pub const COACH_TEXT: Color = Color::srgb(1.0, 0.85, 0.35);

    // Panels and their text.
    pub const PANEL: Color = Color::srgba(0.0, 0.0, 0.0, 0.55);
    pub const PANEL_DARK: Color = Color::srgba(0.0, 0.0, 0.0, 0.6);
    pub const PANEL_EDGE: Color = Color::srgb(0.6, 0.6, 0.6);
    pub const GUIDE_EDGE: Color = Color::srgb(0.9, 0.85, 0.7);
    pub const HUD_TITLE: Color = Color::srgb(0.98, 0.96, 0.90);
    pub const HUD_TEXT: Color = Color::srgb(0.92, 0.90, 0.85);
    pub const HUD_CALL: Color = Color::srgb(0.95, 0.92, 0.85);
    pub const HUD_NOTE: Color = Color::srgb(1.0, 0.95, 0.70);
    pub const HUD_HELP: Color = Color::srgb(0.80, 0.85, 0.90);
    pub const NO_SIDE: Color = Color::srgb(0.5, 0.5, 0.5);
    pub const POWER_TEXT: Color = Color::srgb(1.0, 1.0, 0.95);
    pub const POWER_BAR: Color = Color::srgb(0.2, 0.8, 0.3);
    pub const SEAT_TITLE: Color = Color::srgba(1.0, 0.95, 0.85, 0.85);
    pub const SEAT_MARK: Color = Color::srgba(1.0, 0.95, 0.85, 0.75);

    // The sides (a name, its bars in the summary's chart).
    pub const SIDE_ZERO: Color = Color::srgb(0.98, 0.74, 0.28);
    pub const SIDE_ONE: Color = Color::srgb(0.40, 0.78, 0.98);
    /// North's and West's colours in the point game (each for himself).
    pub const SEAT_NORTH: Color = Color::srgb(0.55, 0.90, 0.45);
    pub const SEAT_WEST: Color = Color::srgb(0.95, 0.55, 0.80);

    // Result cards and the summary.
    pub const CARD: Color = Color::srgba(0.07, 0.05, 0.04, 0.94);
    pub const CARD_EDGE: Color = Color::srgb(0.75, 0.55, 0.30);
    pub const CARD_INK: Color = Color::srgb(0.95, 0.92, 0.85);
    pub const CARD_DIM: Color = Color::srgb(0.72, 0.70, 0.66);
    /// A notice on a result card: a change of colours.
    pub const NOTICE: Color = Color::srgb(0.95, 0.45, 0.45);

    // The menu.
    pub const MENU_BACKGROUND: Color = Color::srgb(0.16, 0.09, 0.04);
    pub const MENU_TITLE: Color = Color::srgb(0.96, 0.86, 0.62);
    pub const MENU_SMALL: Color = Color::srgb(0.85, 0.75, 0.55);
    pub const MENU_WARNING: Color = Color::srgb(1.0, 0.55, 0.45);
    pub const PAGE: Color = Color::srgba(0.05, 0.03, 0.02, 0.96);
    pub const PAGE_TEXT: Color = Color::srgb(0.96, 0.92, 0.82);

    // Buttons.
    pub const BUTTON: Color = Color::srgb(0.36, 0.20, 0.08);
    pub const BUTTON_HOVER: Color = Color::srgb(0.50, 0.30, 0.12);
    pub const BUTTON_EDGE: Color = Color::srgb(0.75, 0.55, 0.30);
    pub const BUTTON_TEXT: Color = Color::srgb(0.98, 0.94, 0.85);
}

/// Font sizes (pixels at the reference window size).
pub mod size {
    pub const MENU_TITLE: f32 = 56.0;
    pub const MENU_SUBTITLE: f32 = 17.0;
    pub const MENU_HEADING: f32 = 15.0;
    pub const MENU_NOTE: f32 = 13.0;
    pub const PAGE: f32 = 17.0;
    pub const HUD_TITLE: f32 = 30.0;
    pub const HUD_TEXT: f32 = 15.0;
    pub const HUD_HELP: f32 = 12.0;
    pub const POWER: f32 = 15.0;
    pub const COACH: f32 = 14.0;
    pub const SEAT_TITLE: f32 = 17.0;
}

/// The colour a side is shown in (its name, its bars in the chart).
pub fn side_colour(side: u8) -> Color {
    if side == 0 {
        palette::SIDE_ZERO
    } else {
        palette::SIDE_ONE
    }
}

/// The banner's colour for `i`: a side's (0, 1), or in the point game a seat's (North 2,
/// West 3, as [`seat_colour`]).
pub fn banner_colour(i: u8) -> Color {
    match i {
        0 | 1 => side_colour(i),
        2 => palette::SEAT_NORTH,
        _ => palette::SEAT_WEST,
    }
}

/// A player's colour in the point game, where each plays for himself: by his seat (South,
/// East, North, West), South's and East's the sides' colours.
/// A player's colour: his side's, or in the point game (each for himself) his seat's.
pub fn player_colour(setup: &carrom_match::MatchSetup, seat: carrom_referee::Seat) -> Color {
    if setup.rules.points.is_some() {
        seat_colour(seat)
    } else {
        side_colour(setup.seats.side_of(seat).index() as u8)
    }
}

pub fn seat_colour(seat: carrom_referee::Seat) -> Color {
    match seat {
        carrom_referee::Seat::South => palette::SIDE_ZERO,
        carrom_referee::Seat::East => palette::SIDE_ONE,
        carrom_referee::Seat::North => palette::SEAT_NORTH,
        carrom_referee::Seat::West => palette::SEAT_WEST,
    }
}

/// The power meter's colour: green at a touch, yellow at half, red at full power.
pub fn power_colour(p: f32) -> Color {
    let p = p.clamp(0.0, 1.0);
    if p < 0.5 {
        Color::srgb(0.2 + 1.4 * p, 0.8, 0.25)
    } else {
        Color::srgb(0.9, 0.8 - 1.2 * (p - 0.5), 0.2)
    }
}

/// Text of `size` pixels in `colour`.
pub fn text(s: impl Into<String>, size: f32, colour: Color) -> impl Bundle {
    (
        Text::new(s),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(colour),
    )
}

/// A button was clicked: the button's own observer does what it is for.
#[derive(EntityEvent, Debug, Clone, Copy)]
pub struct Activate(pub Entity);

/// The look of a button: a box of this size with a rounded border.
pub fn button_box(width: f32, height: f32) -> impl Bundle {
    (
        Button,
        Node {
            width: px(width),
            height: px(height),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BorderColor::all(palette::BUTTON_EDGE),
        BackgroundColor(palette::BUTTON),
    )
}

/// A button of the game's screens, `width` x `height`, showing `label`, that runs `action`
/// (an observer of [`Activate`]) when clicked. The button's entity, to add to.
pub fn button<M>(
    parent: &mut ChildSpawnerCommands,
    width: f32,
    height: f32,
    label: impl Bundle,
    action: impl IntoEntityObserver<M>,
) -> Entity {
    parent
        .spawn(button_box(width, height))
        .with_children(|b| {
            b.spawn(label);
        })
        .observe(action)
        .id()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FingerOnButton>()
        .add_systems(Update, (button_faces, activate_pressed, finger_sized));
}

/// The least height of a button on a compact screen (a phone's, or any touch screen), in
/// the screen's logical (CSS) pixels: a finger's.
pub const FINGER: f32 = 44.0;

/// On a compact screen ([`crate::board::layout::Compact`]) every button is at least a
/// finger's height ([`FINGER`] pixels on the screen, whatever the interface's scale); else as
/// drawn.
fn finger_sized(
    compact: Option<Res<crate::board::layout::Compact>>,
    scale: Option<Res<UiScale>>,
    mut buttons: Query<(&mut Node, Ref<Button>)>,
) {
    // A test's app without the window's layout has neither.
    let (Some(compact), Some(scale)) = (compact, scale) else {
        return;
    };
    let all = compact.is_changed() || scale.is_changed();
    let want = if compact.0 {
        px(FINGER / scale.0.max(0.1))
    } else {
        Val::Auto
    };
    for (mut node, added) in &mut buttons {
        if (all || added.is_added()) && node.min_height != want {
            node.min_height = want;
        }
    }
}

/// Buttons the pointer has just come over, left or pressed.
type TouchedButtons<'w, 's> = Query<
    'w,
    's,
    (&'static Interaction, &'static mut BackgroundColor),
    (Changed<Interaction>, With<Button>),
>;

/// A button's face as the pointer is over it (pressed, it stays as it was).
fn button_faces(mut q: TouchedButtons) {
    for (interaction, mut bg) in &mut q {
        match interaction {
            Interaction::Hovered => bg.0 = palette::BUTTON_HOVER,
            Interaction::None => bg.0 = palette::BUTTON,
            Interaction::Pressed => {}
        }
    }
}

/// A finger on a button, waiting to be lifted: the button is tapped when it is, unless the
/// finger moved first (it scrolled the page).
#[derive(Resource, Default, Debug)]
struct FingerOnButton {
    button: Option<Entity>,
    /// How far the finger has moved since it touched (physical pixels).
    moved: f32,
}

/// A finger moved further than this (physical pixels) scrolls, and taps nothing.
const SCROLLS: f32 = 16.0;

/// A press of the mouse on a button (or on anything else that can be clicked, as a page that
/// closes) is its [`Activate`]; a finger's is when the finger is lifted without having moved
/// (a finger that moves scrolls the page under it: [`crate::scroll`]).
fn activate_pressed(
    mut commands: Commands,
    q: Query<(Entity, &Interaction), Changed<Interaction>>,
    touches: Option<Res<bevy::input::touch::Touches>>,
    mut finger: ResMut<FingerOnButton>,
) {
    let fingers = touches
        .as_deref()
        .filter(|t| t.iter().next().is_some() || t.any_just_released() || t.any_just_canceled());
    for (e, interaction) in &q {
        if *interaction != Interaction::Pressed {
            continue;
        }
        match fingers {
            Some(_) => {
                *finger = FingerOnButton {
                    button: Some(e),
                    moved: 0.0,
                }
            }
            None => commands.trigger(Activate(e)),
        }
    }
    let Some(touches) = fingers else { return };
    finger.moved += touches.iter().map(|t| t.delta().length()).sum::<f32>();
    if finger.moved > SCROLLS || touches.any_just_canceled() {
        finger.button = None;
    }
    if touches.any_just_released()
        && let Some(tapped) = finger.button.take()
    {
        commands.trigger(Activate(tapped));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::input::touch::{TouchInput, TouchPhase, Touches, touch_screen_input_system};

    /// How many times the button was activated.
    #[derive(Resource, Default)]
    struct Tapped(u32);

    /// An app with the buttons' systems, the fingers' state and one button; the button.
    fn app_with_a_button() -> (App, Entity) {
        let mut app = App::new();
        app.add_message::<TouchInput>()
            .init_resource::<Touches>()
            .init_resource::<Tapped>()
            .add_systems(PreUpdate, touch_screen_input_system)
            .add_plugins(plugin);
        let b = app
            .world_mut()
            .spawn((Button, Interaction::None))
            .observe(|_: On<Activate>, mut tapped: ResMut<Tapped>| tapped.0 += 1)
            .id();
        (app, b)
    }

    fn finger(app: &mut App, phase: TouchPhase, x: f32) {
        app.world_mut().write_message(TouchInput {
            phase,
            position: Vec2::new(x, 100.0),
            window: Entity::PLACEHOLDER,
            force: None,
            id: 1,
        });
    }

    fn pressed(app: &mut App, b: Entity, interaction: Interaction) {
        *app.world_mut().get_mut::<Interaction>(b).unwrap() = interaction;
    }

    fn tapped(app: &App) -> u32 {
        app.world().resource::<Tapped>().0
    }

    #[test]
    fn a_mouse_press_activates_a_button_at_once() {
        let (mut app, b) = app_with_a_button();
        pressed(&mut app, b, Interaction::Pressed);
        app.update();
        assert_eq!(tapped(&app), 1);
    }

    #[test]
    fn a_finger_taps_a_button_when_it_is_lifted() {
        let (mut app, b) = app_with_a_button();
        finger(&mut app, TouchPhase::Started, 50.0);
        pressed(&mut app, b, Interaction::Pressed);
        app.update();
        assert_eq!(tapped(&app), 0, "not while the finger is down");
        finger(&mut app, TouchPhase::Moved, 53.0);
        app.update();
        finger(&mut app, TouchPhase::Ended, 53.0);
        pressed(&mut app, b, Interaction::None);
        app.update();
        assert_eq!(tapped(&app), 1, "a few pixels' tremble is still a tap");
    }

    #[test]
    fn a_finger_that_scrolls_the_page_taps_nothing() {
        let (mut app, b) = app_with_a_button();
        finger(&mut app, TouchPhase::Started, 50.0);
        pressed(&mut app, b, Interaction::Pressed);
        app.update();
        for x in [60.0, 75.0, 90.0] {
            finger(&mut app, TouchPhase::Moved, x);
            app.update();
        }
        finger(&mut app, TouchPhase::Ended, 90.0);
        app.update();
        assert_eq!(tapped(&app), 0);
    }
}
