//! What the players see besides the board: the turn's banner, the scoreboard, the umpire's
//! call with its Law, the keys, the striker in hand and the piece being placed ([`marks`]),
//! the power meter and the aim guide ([`guide`]) and the trajectory preview ([`preview`]).
//! Each mode writes its own words into the panels ([`words`]).

pub mod guide;
pub mod keys_bar;
pub mod marks;
pub mod preview;
pub mod progress;
pub mod tray;
pub mod words;

use crate::board::draw::{PieceLook, spawn_piece};
use crate::board::layout::{GAP, SidePanel, side_panel_node};
use crate::modes::OnBoard;
use crate::modes::calls::CallLog;
use crate::modes::turn::Aim;
use crate::states::{Phase, Screen};
use crate::text::{break_long_words, for_display};
use crate::theme::{palette, size};
use bevy::prelude::*;
use carrom_physics::PieceColour;

#[derive(Component)]
struct ScoreText;
/// The box of the umpire's call (hidden when there is nothing to say) and its text.
#[derive(Component)]
struct CallText;
#[derive(Component)]
struct CallLine;
#[derive(Component)]
struct HelpText;
#[derive(Component)]
pub(crate) struct StrikerGhost;
#[derive(Component)]
pub(crate) struct DueGhost;

/// What the panels say, written by the mode on the board ([`words`]).
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct Panels {
    /// The scoreboard (or practice's breaks).
    pub score: String,
    /// The scoreboard is a long list (training's drills): drawn at the keys' size, so that it
    /// fits beneath the banner at every window size.
    pub dense: bool,
    /// The keys.
    pub help: String,
    /// The banner of the one to act: a name, what he does, his side's colour (in the point
    /// game his seat's: `theme::banner_colour`).
    pub name: String,
    pub what: String,
    pub side: Option<u8>,
}

/// The modes write the panels' words in this set; the panels show them after.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct WritePanels;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        guide::plugin,
        keys_bar::plugin,
        marks::plugin,
        preview::plugin,
        progress::plugin,
        tray::plugin,
        words::plugin,
    ))
    .init_resource::<Panels>()
    .init_resource::<BannerFlash>()
    .add_systems(
        PostUpdate,
        crate::pace::while_busy(BannerFlash::flashing, "the banner's flash")
            .run_if(in_state(Screen::Game)),
    )
    .add_systems(OnEnter(Screen::Game), spawn_hud)
    // The match summary takes the window: the panels step aside while it is up (it holds
    // their figures and more), so it covers nothing at any size.
    .add_systems(
        OnEnter(Phase::Over),
        |q: Query<&mut Node, With<SidePanel>>| show_panels(q, false),
    )
    .add_systems(
        OnExit(Phase::Over),
        |q: Query<&mut Node, With<SidePanel>>| show_panels(q, true),
    )
    .configure_sets(
        Update,
        WritePanels
            .after(crate::sim::SimSet)
            .run_if(in_state(Screen::Game)),
    )
    .add_systems(
        Update,
        (update_texts, turn_banner, fit_text)
            .after(WritePanels)
            .run_if(in_state(Screen::Game)),
    );
}

/// A panel text's size at full panel width; narrower panels show it smaller.
#[derive(Component, Clone, Copy)]
pub struct BaseSize(pub f32);

fn text(size: f32, color: Color) -> (TextFont, TextColor, BaseSize) {
    (
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
        BaseSize(size),
    )
}

/// The panel texts follow the panels' width: their size at 260 pixels, from 80% of it in a
/// narrow window to 125% in a wide one.
fn fit_text(layout: Res<crate::board::layout::Layout>, mut q: Query<(&BaseSize, &mut TextFont)>) {
    let scale = (layout.panel / 260.0).clamp(0.8, 1.25);
    for (base, mut font) in &mut q {
        let want = FontSize::Px((base.0 * scale).round());
        if font.font_size != want {
            font.font_size = want;
        }
    }
}

/// The player to act: a large name on his side's colour, his seat, colour and what he does.
#[derive(Component)]
struct TurnBanner;
#[derive(Component)]
struct TurnName;
#[derive(Component)]
struct TurnWhat;

/// The banner's flash when the turn changes: who it was for, and seconds since.
#[derive(Resource, Default)]
pub(crate) struct BannerFlash {
    seat: Option<carrom_physics::Seat>,
    age: f32,
}

impl BannerFlash {
    /// The banner is still settling after the turn passed.
    pub(crate) fn flashing(&self) -> bool {
        self.age < 1.0
    }
}

/// A panel of the side columns: dark, padded, as tall as its text.
fn panel() -> impl Bundle {
    (
        Node {
            padding: UiRect::all(px(8)),
            width: percent(100),
            ..default()
        },
        BackgroundColor(palette::PANEL),
    )
}

fn show_panels(mut panels: Query<&mut Node, With<SidePanel>>, shown: bool) {
    let want = if shown { Display::Flex } else { Display::None };
    for mut node in &mut panels {
        if node.display != want {
            node.display = want;
        }
    }
}

/// A side column of the layout ([`crate::board::layout`]): left or right of the board.
fn column(left: bool) -> impl Bundle {
    (
        SidePanel,
        Node {
            justify_content: JustifyContent::SpaceBetween,
            row_gap: px(GAP),
            ..side_panel_node(left, 280.0)
        },
    )
}

/// The panels of the game screen, and the ghosts of the striker in hand and of the piece being
/// placed.
fn spawn_hud(mut commands: Commands, look: Option<Res<PieceLook>>) {
    commands
        .spawn((
            DespawnOnExit(Screen::Game),
            Node {
                width: percent(100),
                height: percent(100),
                ..default()
            },
        ))
        .with_children(|root| {
            root.spawn(column(true)).with_children(spawn_left);
            root.spawn(column(false)).with_children(spawn_right);
        });
    if let Some(look) = look {
        let e = spawn_piece(&mut commands, &look, None, Vec2::new(9.0, 9.0), 1.5);
        commands
            .entity(e)
            .insert((StrikerGhost, DespawnOnExit(Screen::Game)));
        let e = spawn_piece(
            &mut commands,
            &look,
            Some(PieceColour::White),
            Vec2::new(9.0, 9.0),
            1.5,
        );
        commands
            .entity(e)
            .insert((DueGhost, DespawnOnExit(Screen::Game)));
    }
}

/// Where the coach's words go in the left column: at its foot, above the stroke's buttons
/// (in the column's flow, so the scoreboard above and the buttons below stay clear of them).
#[derive(Component)]
pub struct CoachSlot;

/// The left column: the banner of the one to act, and the scoreboard, at the top; the coach's
/// words and the stroke's buttons at the foot.
/// In a short column the coach's words give way (cut at their foot) before the scoreboard
/// or the buttons do.
fn spawn_left(left: &mut ChildSpawnerCommands) {
    left.spawn(Node {
        flex_shrink: 0.0,
        ..stack()
    })
    .with_children(spawn_turn_and_score);
    let giving_way = || Node {
        flex_shrink: 1.0,
        min_height: px(0),
        overflow: Overflow::clip(),
        ..stack()
    };
    left.spawn(giving_way()).with_children(|foot| {
        foot.spawn((CoachSlot, giving_way()));
        foot.spawn(keys_bar::bar(keys_bar::KeysBar::Stroke));
    });
}

/// The banner of the one to act, and the scoreboard.
fn spawn_turn_and_score(left: &mut ChildSpawnerCommands) {
    left.spawn((
        TurnBanner,
        Node {
            flex_direction: FlexDirection::Column,
            padding: UiRect::all(px(10)),
            width: percent(100),
            border: UiRect::all(px(3)),
            border_radius: BorderRadius::all(px(8)),
            ..default()
        },
        BackgroundColor(palette::PANEL_DARK),
        BorderColor::all(palette::PANEL_EDGE),
    ))
    .with_children(|b| {
        b.spawn((
            TurnName,
            Text::new(""),
            text(size::HUD_TITLE, palette::HUD_TITLE),
        ));
        b.spawn((
            TurnWhat,
            Text::new(""),
            text(size::HUD_TEXT, palette::HUD_TEXT),
        ));
    });
    left.spawn(panel()).with_children(|p| {
        p.spawn((
            ScoreText,
            Text::new(""),
            text(size::HUD_TEXT, palette::HUD_CALL),
        ));
    });
}

/// A column's items kept together, one above the other.
fn stack() -> Node {
    Node {
        flex_direction: FlexDirection::Column,
        row_gap: px(GAP),
        width: percent(100),
        ..default()
    }
}

/// The right column: the call and the tray together at the top; the keys at the foot, their
/// buttons above their words (on a touch screen, the buttons alone).
fn spawn_right(right: &mut ChildSpawnerCommands) {
    right.spawn(stack()).with_children(|top| {
        top.spawn((CallText, panel())).with_children(|p| {
            p.spawn((
                CallLine,
                Text::new(""),
                text(size::HUD_TEXT, palette::HUD_NOTE),
            ));
        });
        tray::spawn(top);
    });
    right.spawn(stack()).with_children(|foot| {
        foot.spawn(keys_bar::bar(keys_bar::KeysBar::Mode));
        foot.spawn((keys_bar::KeysWords, panel()))
            .with_children(|p| {
                p.spawn((
                    HelpText,
                    Text::new(""),
                    text(size::HUD_HELP, palette::HUD_HELP),
                ));
            });
    });
}

/// A board drawn smaller than this (logical pixels: a phone's window, either way up) leaves
/// short panels: the scoreboard drops its blank lines there.
const SHORT_BOARD: f32 = 480.0;

/// `text` without its empty lines.
fn without_blank_lines(text: &str) -> String {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines.join("\n")
}

/// The panels show what the mode wrote, and the umpire's call (or why the striker or the
/// piece being placed is not legal where it is).
#[allow(clippy::type_complexity)]
fn update_texts(
    panels: Res<Panels>,
    board: Res<OnBoard>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    (log, layout): (Res<CallLog>, Res<crate::board::layout::Layout>),
    mut q: ParamSet<(
        Query<(&mut Text, &mut BaseSize), With<ScoreText>>,
        Query<&mut Text, With<CallLine>>,
        Query<&mut Text, With<HelpText>>,
        Query<&mut Node, With<CallText>>,
    )>,
) {
    let mut score = for_display(&panels.score);
    if layout.board < SHORT_BOARD {
        score = without_blank_lines(&score);
    }
    let size = if panels.dense {
        size::HUD_HELP
    } else {
        size::HUD_TEXT
    };
    if let Ok((mut t, mut base)) = q.p0().single_mut() {
        if t.0 != score {
            t.0 = score;
        }
        if base.0 != size {
            base.0 = size;
        }
    }
    let mut call = log.call.join("\n");
    if *phase.get() == Phase::Aim
        && let Some(why) = &aim.illegal
        && !board.computer
    {
        call = format!("Striker: {why}");
    }
    if *phase.get() == Phase::PlaceDue
        && let Some(why) = &aim.due_illegal
        && !board.computer
    {
        call = format!("Place the piece inside the outer circle: {why}");
    }
    if !log.note.is_empty() {
        call = format!("{call}\n{}", log.note);
    }
    let call = break_long_words(&for_display(call.trim()), 18);
    let display = if call.is_empty() {
        Display::None
    } else {
        Display::Flex
    };
    if let Ok(mut node) = q.p3().single_mut()
        && node.display != display
    {
        // No empty box when there is nothing to say.
        node.display = display;
    }
    if let Ok(mut t) = q.p1().single_mut()
        && t.0 != call
    {
        t.0 = call;
    }
    if let Ok(mut t) = q.p2().single_mut()
        && t.0 != panels.help
    {
        t.0 = panels.help.clone();
    }
}

/// The banner of the player to act: the name large, on the side's colour; seat, colour and
/// what to do below. It flashes when the turn passes.
#[allow(clippy::type_complexity)]
fn turn_banner(
    time: Res<Time>,
    board: Res<OnBoard>,
    panels: Res<Panels>,
    mut flash: ResMut<BannerFlash>,
    mut banner: Query<(&mut BackgroundColor, &mut BorderColor, &mut Node), With<TurnBanner>>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnName>>,
        Query<&mut Text, With<TurnWhat>>,
    )>,
) {
    let seat = board.actor;
    if seat != flash.seat {
        flash.seat = seat;
        flash.age = 0.0;
    } else {
        flash.age += time.delta_secs();
    }
    let name = for_display(&panels.name);
    if let Ok(mut t) = texts.p0().single_mut()
        && t.0 != name
    {
        t.0 = name;
    }
    let what = for_display(&panels.what);
    if let Ok(mut t) = texts.p1().single_mut()
        && t.0 != what
    {
        t.0 = what;
    }
    if let Ok((mut bg, mut border, mut node)) = banner.single_mut() {
        let base = panels
            .side
            .map_or(palette::NO_SIDE, crate::theme::banner_colour);
        // Bright as the turn passes, settling over a second.
        let k = (1.0 - flash.age).clamp(0.0, 1.0);
        let fill = base.with_alpha(0.30 + 0.45 * k);
        if bg.0 != fill {
            bg.0 = fill;
        }
        let edge = BorderColor::all(base);
        if *border != edge {
            *border = edge;
        }
        let thick = px(3.0 + 3.0 * k);
        if node.border.left != thick {
            node.border = UiRect::all(thick);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_short_panel_keeps_every_line_of_the_scoreboard_but_the_blank_ones() {
        let score = "MATCH\nGame 1 of 3\n\nSouth\n  0 pts\n\nQueen: on the board";
        assert_eq!(
            super::without_blank_lines(score),
            "MATCH\nGame 1 of 3\nSouth\n  0 pts\nQueen: on the board"
        );
    }
}
