//! What the players see besides the board: the scoreboard, the umpire's call with its Law, the
//! striker in hand with its direction line, the piece being placed, and the mouse on the board.

use crate::draw::{MainCamera, PieceLook, spawn_piece};
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
#[derive(Component)]
struct CallText;
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
        .add_systems(
            Update,
            (update_texts, ghosts, aim_gizmos)
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
    };
}

fn text(size: f32, color: Color) -> (TextFont, TextColor) {
    (
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

fn spawn_hud(mut commands: Commands, look: Option<Res<PieceLook>>) {
    commands
        .spawn((
            HudRoot,
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::SpaceBetween,
                padding: UiRect::all(px(10)),
                ..default()
            },
        ))
        .with_children(|root| {
            root.spawn(Node {
                flex_direction: FlexDirection::Row,
                justify_content: JustifyContent::SpaceBetween,
                // Each panel as tall as its own text.
                align_items: AlignItems::FlexStart,
                ..default()
            })
            .with_children(|top| {
                // A panel: a box of fixed width; its text wraps inside and sets its height.
                let panel = |width: f32| {
                    (
                        Node {
                            padding: UiRect::all(px(8)),
                            width: px(width),
                            ..default()
                        },
                        BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.55)),
                    )
                };
                top.spawn(panel(265.0)).with_children(|p| {
                    p.spawn((
                        ScoreText,
                        Text::new(""),
                        text(14.0, Color::srgb(0.95, 0.92, 0.85)),
                    ));
                });
                top.spawn(panel(255.0)).with_children(|p| {
                    p.spawn((
                        HelpText,
                        Text::new(""),
                        text(12.0, Color::srgb(0.80, 0.85, 0.90)),
                    ));
                });
            });
            root.spawn((
                CallText,
                Text::new(""),
                text(17.0, Color::srgb(1.0, 0.95, 0.70)),
                Node {
                    padding: UiRect::all(px(8)),
                    align_self: AlignSelf::Center,
                    ..default()
                },
                BackgroundColor(Color::srgba(0.0, 0.0, 0.0, 0.65)),
            ));
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
        Query<(&mut Text, &mut Node), With<CallText>>,
        Query<&mut Text, With<HelpText>>,
    )>,
) {
    let Some(s) = session else { return };
    let score = match s.mode {
        Mode::Practice => {
            let mut lines = vec!["BREAK PRACTICE".to_string()];
            let n = s.breaks.len().max(1) as f32;
            let total: usize = s.breaks.iter().map(|b| b.pocketed).sum();
            lines.push(format!(
                "Breaks: {}   pocketed per break: {:.2}",
                s.breaks.len(),
                total as f32 / n
            ));
            for (i, b) in s.breaks.iter().enumerate().rev().take(8) {
                lines.push(format!(
                    "#{:>2}: {} in, {} outside outer circle{}",
                    i + 1,
                    b.pocketed,
                    b.outside_outer_circle,
                    if b.striker_lost { ", striker lost" } else { "" }
                ));
            }
            lines.join("\n")
        }
        _ => {
            let mut lines = vec![format!(
                "{} — {} rules",
                match s.mode {
                    Mode::Demo => "COMPUTER DEMO",
                    Mode::Replay => "REPLAY",
                    _ => "MATCH",
                },
                s.model.setup.rules_name.to_uppercase()
            )];
            lines.extend(s.model.scoreboard());
            if let Some(seat) = s.actor() {
                let p = s.model.setup.player(seat);
                let what = if s.model.pending.is_empty() {
                    "to strike"
                } else {
                    "to place a piece"
                };
                lines.push(format!(
                    "{} ({}) {}{}",
                    p.name,
                    seat.name(),
                    what,
                    if p.computer.is_some() {
                        " [computer]"
                    } else {
                        ""
                    }
                ));
            }
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
    if *phase.get() == Phase::Over {
        call = format!("{}\nMatch over.", call);
    }
    if !log.note.is_empty() {
        call = format!("{call}\n{}", log.note);
    }
    let call = for_display(&call);
    if let Ok((mut t, mut node)) = q.p1().single_mut() {
        // No empty box when there is nothing to say.
        let display = if call.is_empty() {
            Display::None
        } else {
            Display::Flex
        };
        if node.display != display {
            node.display = display;
        }
        if t.0 != call {
            t.0 = call;
        }
    }
    let help = match s.mode {
        Mode::Practice => format!(
            "Drag the striker along the base line (or the arrow keys).\nPull back from it and release to strike (or A/D aim, W/S power, Space).\nT: trajectory preview ({})\nR: reset the rack   F: fix/turn board   Esc: menu",
            if preview.is_some_and(|p| p.on) { "on" } else { "off" }
        ),
        Mode::Replay => format!(
            "Speed {}x{}   P: pause   +/-: speed\n{} actions to go   F: fix/turn board   Esc: menu",
            speed.factor,
            if speed.paused { " (paused)" } else { "" },
            s.replay_actions.len()
        ),
        Mode::Demo => format!(
            "Speed {}x{}   P: pause   +/-: speed   N: new seed\nF: fix/turn board   Esc: menu",
            speed.factor,
            if speed.paused { " (paused)" } else { "" }
        ),
        Mode::Match => "Drag the striker along your base line (or the arrow keys).\nPull back from it and release to strike (A/D aim, W/S power, Space).\nDues: drag the piece inside the outer circle, release.\nF5: save   F: fix/turn board   Esc: menu".to_string(),
    };
    if let Ok(mut t) = q.p2().single_mut()
        && t.0 != help
    {
        t.0 = help;
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
        let len = 0.06 + 0.5 * aim.power;
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
            gizmos.line_2d(at, p, Color::srgba(0.3, 0.2, 0.1, 0.8));
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
