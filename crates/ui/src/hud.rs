//! What the players see besides the board: the scoreboard, the umpire's call with its Law, the
//! striker in hand with its direction line, the piece being placed, and the mouse on the board.

use crate::draw::{MainCamera, PieceLook, spawn_piece};
use crate::layout::{GAP, SidePanel};
use crate::play::{Aim, CallLog, Drag, Pointer, aim_shot};
use crate::sim::{Equipment, SimSpeed};
use crate::{Mode, Phase, Screen, Session};
use bevy::input::InputSystems;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use carrom_physics::PieceColour;

#[derive(Component)]
struct HudRoot;
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
struct StrikerGhost;
#[derive(Component)]
struct DueGhost;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, read_pointer.after(InputSystems))
        .add_systems(OnEnter(Screen::Game), spawn_hud)
        .add_systems(OnExit(Screen::Game), despawn_hud)
        .init_resource::<BannerFlash>()
        .add_systems(
            Update,
            (
                update_texts,
                turn_banner,
                fit_text,
                ghosts,
                aim_gizmos,
                log_striker,
            )
                .after(crate::sim::SimSet)
                .run_if(in_state(Screen::Game)),
        );
}

fn read_pointer(
    mut pointer: ResMut<Pointer>,
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) {
    let at = match (window.single(), cam.single()) {
        (Ok(w), Ok((c, gt))) => w
            .cursor_position()
            .and_then(|p| c.viewport_to_world_2d(gt, p).ok()),
        _ => None,
    };
    *pointer = Pointer {
        at,
        pressed: buttons.pressed(MouseButton::Left),
        just_pressed: buttons.just_pressed(MouseButton::Left),
        just_released: buttons.just_released(MouseButton::Left),
        cancel: buttons.just_pressed(MouseButton::Right),
    };
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
fn fit_text(layout: Res<crate::layout::Layout>, mut q: Query<(&BaseSize, &mut TextFont)>) {
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
struct BannerFlash {
    seat: Option<carrom_physics::Seat>,
    age: f32,
}

/// A panel of the side columns: dark, padded, as tall as its text.
fn panel() -> impl Bundle {
    (
        Node {
            padding: UiRect::all(px(8)),
            width: percent(100),
            ..default()
        },
        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
    )
}

/// A side column of the layout ([`crate::layout`]): left or right of the board.
fn column(left: bool) -> impl Bundle {
    (
        SidePanel,
        Node {
            position_type: PositionType::Absolute,
            top: px(GAP),
            bottom: px(GAP),
            left: if left { px(GAP) } else { auto() },
            right: if left { auto() } else { px(GAP) },
            width: px(280),
            flex_direction: FlexDirection::Column,
            justify_content: if left {
                JustifyContent::FlexStart
            } else {
                JustifyContent::SpaceBetween
            },
            row_gap: px(GAP),
            ..default()
        },
    )
}

fn spawn_hud(mut commands: Commands, look: Option<Res<PieceLook>>) {
    commands
        .spawn((
            HudRoot,
            Node {
                width: percent(100),
                height: percent(100),
                ..default()
            },
        ))
        .with_children(|root| {
            root.spawn(column(true)).with_children(|left| {
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
                    BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.6)),
                    BorderColor::all(Color::srgb(0.6, 0.6, 0.6)),
                ))
                .with_children(|b| {
                    b.spawn((
                        TurnName,
                        Text::new(""),
                        text(30.0, Color::srgb(0.98, 0.96, 0.90)),
                    ));
                    b.spawn((
                        TurnWhat,
                        Text::new(""),
                        text(15.0, Color::srgb(0.92, 0.90, 0.85)),
                    ));
                });
                left.spawn(panel()).with_children(|p| {
                    p.spawn((
                        ScoreText,
                        Text::new(""),
                        text(15.0, Color::srgb(0.95, 0.92, 0.85)),
                    ));
                });
            });
            root.spawn(column(false)).with_children(|right| {
                right.spawn((CallText, panel())).with_children(|p| {
                    p.spawn((
                        CallLine,
                        Text::new(""),
                        text(15.0, Color::srgb(1.0, 0.95, 0.70)),
                    ));
                });
                right.spawn(panel()).with_children(|p| {
                    p.spawn((
                        HelpText,
                        Text::new(""),
                        text(12.0, Color::srgb(0.80, 0.85, 0.90)),
                    ));
                });
            });
        });
    if let Some(look) = look {
        let e = spawn_piece(&mut commands, &look, None, Vec2::new(9.0, 9.0), 1.5);
        commands.entity(e).insert((StrikerGhost, HudRoot));
        let e = spawn_piece(
            &mut commands,
            &look,
            Some(PieceColour::White),
            Vec2::new(9.0, 9.0),
            1.5,
        );
        commands.entity(e).insert((DueGhost, HudRoot));
    }
}

/// A rule set's name for display: a preset's in capitals (`ICF`), a rules file's stem
/// (`one-board` for `/tmp/one-board.toml`).
pub fn rules_title(name: &str) -> String {
    let path = std::path::Path::new(name);
    if path.extension().is_some() || name.contains('/') {
        path.file_stem()
            .map_or(name.to_string(), |s| s.to_string_lossy().into_owned())
    } else {
        name.to_uppercase()
    }
}

/// Text for a narrow panel: a word longer than `max` characters (a file's path) is broken
/// after its slashes, or else every `max` characters, so the panel wraps it instead of
/// growing past the window.
pub fn break_long_words(text: &str, max: usize) -> String {
    text.lines()
        .map(|line| {
            line.split(' ')
                .map(|word| {
                    if word.chars().count() <= max {
                        return word.to_string();
                    }
                    // Pieces ending at each slash, packed into chunks of at most `max`.
                    let mut pieces: Vec<String> = Vec::new();
                    let mut piece = String::new();
                    for c in word.chars() {
                        piece.push(c);
                        if c == '/' || piece.chars().count() >= max {
                            pieces.push(std::mem::take(&mut piece));
                        }
                    }
                    if !piece.is_empty() {
                        pieces.push(piece);
                    }
                    let mut chunks: Vec<String> = vec![String::new()];
                    for p in pieces {
                        let last = chunks.last_mut().expect("one chunk");
                        if last.chars().count() + p.chars().count() > max {
                            chunks.push(p);
                        } else {
                            last.push_str(&p);
                        }
                    }
                    chunks.join(" ")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The bundled font has no dashes, ellipses or arrows: the referee's sentences ("Foul —
/// striker pocketed alone") are shown with plain ASCII stand-ins.
pub fn for_display(text: &str) -> String {
    text.replace(['\u{2014}', '\u{2013}'], "-")
        .replace('\u{2026}', "...")
        .replace('\u{2190}', "<-")
        .replace('\u{2192}', "->")
}

fn despawn_hud(mut commands: Commands, q: Query<Entity, With<HudRoot>>) {
    for e in &q {
        commands.entity(e).despawn();
    }
}

#[allow(clippy::type_complexity)]
fn update_texts(
    session: Option<Res<Session>>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    log: Res<CallLog>,
    speed: Res<SimSpeed>,
    preview: Option<Res<crate::preview::Preview>>,
    mut q: ParamSet<(
        Query<&mut Text, With<ScoreText>>,
        Query<&mut Text, With<CallLine>>,
        Query<&mut Text, With<HelpText>>,
        Query<&mut Node, With<CallText>>,
    )>,
) {
    let Some(s) = session else { return };
    let score = match s.mode {
        Mode::Practice => {
            let mut lines = vec!["BREAK PRACTICE".to_string()];
            let n = s.breaks.len().max(1) as f32;
            let total: usize = s.breaks.iter().map(|b| b.pocketed).sum();
            lines.push(format!("Breaks: {}", s.breaks.len()));
            lines.push(format!("Pocketed per break: {:.2}", total as f32 / n));
            for (i, b) in s.breaks.iter().enumerate().rev().take(8) {
                lines.push(format!(
                    "#{:>2}: {} in, {} outside{}",
                    i + 1,
                    b.pocketed,
                    b.outside_outer_circle,
                    if b.striker_lost { ", striker lost" } else { "" }
                ));
            }
            lines.join("\n")
        }
        _ => {
            let mut lines = vec![
                match s.mode {
                    Mode::Demo => "COMPUTER DEMO",
                    Mode::Replay => "REPLAY",
                    _ => "MATCH",
                }
                .to_string(),
            ];
            lines.push(format!("{} rules", rules_title(&s.model.setup.rules_name)));
            lines.extend(s.model.scoreboard());
            lines.join("\n")
        }
    };
    let score = for_display(&score);
    if let Ok(mut t) = q.p0().single_mut()
        && t.0 != score
    {
        t.0 = score;
    }
    let mut call = log.call.join("\n");
    if *phase.get() == Phase::Aim
        && let Some(why) = &aim.illegal
        && !s.actor_is_computer()
    {
        call = format!("Striker: {why}");
    }
    if *phase.get() == Phase::PlaceDue
        && let Some(why) = &aim.due_illegal
        && !s.actor_is_computer()
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
    let help = match s.mode {
        Mode::Practice => format!(
            "Drag the striker along the base line (or tap/hold the arrow keys).\nPress on the striker and pull back, away from the aim; release to strike. Back onto the striker or right-click cancels.\nA/D aim, W/S power, Space strikes.\nT: trajectory preview ({})\nG: aim guide   R: reset the rack\nF: fix/turn board   Esc: menu",
            if preview.is_some_and(|p| p.on) { "on" } else { "off" }
        ),
        Mode::Replay => format!(
            "Speed {}x{}   P: pause   +/-: speed\n{} actions to go\nF: fix/turn board   Esc: menu",
            speed.factor,
            if speed.paused { " (paused)" } else { "" },
            s.replay_actions.len()
        ),
        Mode::Demo => format!(
            "Speed {}x{}   P: pause   +/-: speed\nN: new seed   L: the computer's lines\nF: fix/turn board   Esc: menu",
            speed.factor,
            if speed.paused { " (paused)" } else { "" }
        ),
        Mode::Match => "Drag the striker along your base line (or tap/hold the arrow keys).\nPress on the striker and pull back, away from the aim; release to strike. Back onto the striker or right-click cancels.\nA/D aim, W/S power, Space strikes.\nDues: drag the piece inside the outer circle; release or Enter places it.\nG: aim guide   F5: save\nF: fix/turn board   Esc: menu".to_string(),
    };
    if let Ok(mut t) = q.p2().single_mut()
        && t.0 != help
    {
        t.0 = help;
    }
}

/// The banner of the player to act: the name large, on the side's colour; seat, colour and
/// what to do below. It flashes when the turn passes.
#[allow(clippy::type_complexity)]
fn turn_banner(
    time: Res<Time>,
    session: Option<Res<Session>>,
    phase: Res<State<Phase>>,
    thinking: Res<crate::play::Thinking>,
    mut flash: ResMut<BannerFlash>,
    mut banner: Query<(&mut BackgroundColor, &mut BorderColor, &mut Node), With<TurnBanner>>,
    mut texts: ParamSet<(
        Query<&mut Text, With<TurnName>>,
        Query<&mut Text, With<TurnWhat>>,
    )>,
) {
    let Some(s) = session else { return };
    let seat = s.actor();
    if seat != flash.seat {
        flash.seat = seat;
        flash.age = 0.0;
    } else {
        flash.age += time.delta_secs();
    }
    let (name, what, colour) = match (s.mode, seat) {
        (Mode::Practice, _) => (
            "Break practice".to_string(),
            "South - break the rack".to_string(),
            None,
        ),
        (_, Some(seat)) if !matches!(phase.get(), Phase::Over | Phase::BoardOver) => {
            let r = &s.model.referee;
            let side = r.side_of(seat);
            let p = s.model.player(seat);
            let doing = if *phase.get() == Phase::PlaceDue {
                "to place a piece"
            } else if *phase.get() == Phase::Moving {
                "striking"
            } else if p.computer.is_some() && thinking.is_thinking() {
                "thinking"
            } else {
                "to strike"
            };
            (
                p.name.clone(),
                format!(
                    "{}, plays {}\n{}{}",
                    seat.title(),
                    r.colour_of(seat).name(),
                    doing,
                    if p.computer.is_some() && !p.name.to_lowercase().contains("computer") {
                        " (computer)"
                    } else {
                        ""
                    }
                ),
                Some(side.index() as u8),
            )
        }
        _ => (
            if *phase.get() == Phase::Over {
                "Match over".to_string()
            } else {
                "Board over".to_string()
            },
            String::new(),
            None,
        ),
    };
    let name = for_display(&name);
    if let Ok(mut t) = texts.p0().single_mut()
        && t.0 != name
    {
        t.0 = name;
    }
    if let Ok(mut t) = texts.p1().single_mut()
        && t.0 != what
    {
        t.0 = what;
    }
    if let Ok((mut bg, mut border, mut node)) = banner.single_mut() {
        let base = colour.map_or(Color::srgb(0.5, 0.5, 0.5), crate::results::side_colour);
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

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn ghosts(
    session: Option<Res<Session>>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    thinking: Res<crate::play::Thinking>,
    spec: Res<Equipment>,
    look: Option<Res<PieceLook>>,
    mut striker: Query<
        (&mut Transform, &mut Visibility, &Children),
        (With<StrikerGhost>, Without<DueGhost>),
    >,
    mut due: Query<
        (&mut Transform, &mut Visibility, &Children),
        (With<DueGhost>, Without<StrikerGhost>),
    >,
    mut mats: Query<&mut MeshMaterial2d<ColorMaterial>>,
    back: Option<Res<crate::motion::StrikerReturn>>,
) {
    let (Some(s), Some(look)) = (session, look) else {
        return;
    };
    let seat = s.actor();
    if let Ok((mut tf, mut vis, children)) = striker.single_mut() {
        // A computer still deciding has not placed its striker yet.
        let show = *phase.get() == Phase::Aim && seat.is_some() && !thinking.is_thinking();
        *vis = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if let (true, Some(seat)) = (show, seat) {
            let at = aim_shot(&aim, seat).striker_at(&spec.0);
            let at = back.map_or(Vec2::new(at.x, at.y), |b| b.at(Vec2::new(at.x, at.y)));
            tf.translation = Vec3::new(at.x, at.y, 1.5);
            let mat = if aim.illegal.is_some() {
                look.illegal.clone()
            } else {
                look.striker_mat.clone()
            };
            if let Some(&body) = children.get(1)
                && let Ok(mut m) = mats.get_mut(body)
                && m.0 != mat
            {
                m.0 = mat;
            }
        }
    }
    if let Ok((mut tf, mut vis, children)) = due.single_mut() {
        let show = *phase.get() == Phase::PlaceDue;
        *vis = if show {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        if show {
            tf.translation = Vec3::new(aim.due_at.x, aim.due_at.y, 1.5);
            let kind = s.model.pending.front().map(|r| r.piece);
            let mat = match (aim.due_illegal.is_some(), kind) {
                (true, _) => look.illegal.clone(),
                (_, Some(PieceColour::Black)) => look.black.clone(),
                (_, Some(PieceColour::Queen)) => look.queen.clone(),
                _ => look.white.clone(),
            };
            if let Some(&body) = children.get(1)
                && let Ok(mut m) = mats.get_mut(body)
                && m.0 != mat
            {
                m.0 = mat;
            }
        }
    }
}

fn aim_gizmos(
    mut gizmos: Gizmos,
    session: Option<Res<Session>>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
    pointer: Res<Pointer>,
    thinking: Res<crate::play::Thinking>,
) {
    let Some(s) = session else { return };
    if *phase.get() != Phase::Aim || thinking.is_thinking() {
        return;
    }
    let Some(seat) = s.actor() else { return };
    let shot = aim_shot(&aim, seat);
    let at = shot.striker_at(&spec.0);
    let at = Vec2::new(at.x, at.y);
    let rs = spec.0.board.striker_radius();
    let ok = aim.illegal.is_none();
    // The legal band: the base line in green or red under the striker.
    if aim.power > 0.0 || aim.drag == Drag::Pull {
        // Short enough to stay on the board at full power (the meter says how much).
        let len = 0.04 + 0.14 * aim.power;
        let color = if ok {
            Color::srgba(0.1, 0.45, 0.95, 0.9)
        } else {
            Color::srgba(0.9, 0.1, 0.1, 0.9)
        };
        gizmos.arrow_2d(at + aim.dir * rs, at + aim.dir * (rs + len), color);
        // The pull-back band of the slingshot.
        if aim.drag == Drag::Pull
            && let Some(p) = pointer.at
        {
            // The band stretches no further than full power's pull.
            let full = crate::play::FULL_PULL;
            let end = if p.distance(at) > full {
                at + (p - at).normalize() * full
            } else {
                p
            };
            gizmos.line_2d(at, end, Color::srgba(0.3, 0.2, 0.1, 0.8));
            if p.distance(at) < rs {
                // On the striker: letting go here strikes nothing.
                gizmos.circle_2d(
                    Isometry2d::from_translation(at),
                    rs * 0.6,
                    Color::srgba(0.9, 0.9, 0.9, 0.8),
                );
            }
        } else {
            gizmos.line_2d(
                at - aim.dir * rs,
                at - aim.dir * (rs + 0.22 * aim.power),
                Color::srgba(0.3, 0.2, 0.1, 0.6),
            );
        }
    }
    gizmos.circle_2d(
        Isometry2d::from_translation(at),
        rs * 1.15,
        if ok {
            Color::srgba(0.2, 0.8, 0.3, 0.8)
        } else {
            Color::srgba(0.95, 0.1, 0.1, 0.95)
        },
    );
}

/// Logs, once a person's turn has settled on the screen, where the striker is in the window
/// (`striker at window (x, y)`): a player's script (`scripts/playthrough.sh`) aims from it.
fn log_striker(
    session: Option<Res<Session>>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
    cam: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut last: Local<(usize, Option<Vec2>, bool)>,
) {
    let Some(s) = session else { return };
    if *phase.get() != Phase::Aim || s.actor_is_computer() || aim.drag != Drag::None {
        return;
    }
    let Some(seat) = s.actor() else { return };
    let Ok((camera, gt)) = cam.single() else {
        return;
    };
    let at = aim_shot(&aim, seat).striker_at(&spec.0);
    let Ok(p) = camera.world_to_viewport(gt, Vec3::new(at.x, at.y, 0.0)) else {
        return;
    };
    let turn = s.model.actions.len() + s.breaks.len();
    if last.0 != turn {
        *last = (turn, None, false);
    }
    let steady = last.1.is_some_and(|q| q.distance(p) < 0.5);
    if steady && !last.2 {
        info!(
            "{} to strike: striker at window ({:.0}, {:.0})",
            s.model.player(seat).name,
            p.x,
            p.y
        );
        last.2 = true;
    }
    last.1 = Some(p);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_path_is_broken_so_a_narrow_panel_can_wrap_it() {
        let t = break_long_words("Saved to /tmp/abc/saves/singles-You-v-Computer-3.json", 18);
        assert!(t.split([' ', '\n']).all(|w| w.chars().count() <= 18), "{t}");
        assert!(t.starts_with("Saved to /tmp/abc/saves/ singles-"), "{t}");
        assert_eq!(
            break_long_words("Turn passes.\nLaw 48", 18),
            "Turn passes.\nLaw 48"
        );
    }

    #[test]
    fn a_rules_file_is_shown_by_its_name() {
        assert_eq!(rules_title("icf"), "ICF");
        assert_eq!(rules_title("/tmp/x/one-board.toml"), "one-board");
    }
}
