//! The coach on the board: the hint's striker, line, target and pocket (and a review's
//! strokes, drawn the same way); practice's break map; and the coach's words beside the board.

use super::{Coach, CoachText};
use crate::hud::CoachSlot;
use crate::hud::tray::Tray;
use crate::modes::OnBoard;
use crate::modes::review::Reviewing;
use crate::sim::Equipment;
use crate::states::{Playing, Screen};
use crate::theme::palette;
use bevy::prelude::*;
use carrom_ai::coach::{Hint, describe};
use carrom_physics::{Piece, Seat, SeatAxes, Shot, Spec, opening_rack, trace};

/// The break map on the board: from each striker place along the base line, its best
/// direction, as long and as bright as the pieces it pockets; the best break in gold.
pub(super) fn draw_map(
    mut gizmos: Gizmos,
    coach: Res<Coach>,
    spec: Res<Equipment>,
    board: Res<OnBoard>,
) {
    let Some(map) = &coach.map else { return };
    let spec = &spec.0;
    let rack = opening_rack(&spec.board, map.seat);
    if board.pieces != rack {
        return;
    }
    let most = map.best.expected.max(0.1);
    let forward = Vec2::new(map.seat.forward().x, map.seat.forward().y);
    for (i, &position) in map.positions.iter().enumerate() {
        let Some((j, &e)) = map.expected[i]
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
        else {
            continue;
        };
        let s = spec.board.striker_spot(map.seat, position);
        let s = Vec2::new(s.x, s.y);
        let to_centre = (-s).normalize_or(forward);
        let dir = Rot2::degrees(map.offsets_deg[j]) * to_centre;
        let [r, g, b] = carrom_ai::breaks::colour(e / most);
        let c = Color::srgb_u8(r, g, b);
        gizmos.line_2d(s, s + dir * (0.03 + 0.12 * e / most), c);
        gizmos.circle_2d(Isometry2d::from_translation(s), 0.004, c);
    }
    let best = map.best;
    let s = spec.board.striker_spot(map.seat, best.position);
    let s = Vec2::new(s.x, s.y);
    let dir = Rot2::degrees(best.angle_deg) * forward;
    let gold = palette::COACH_GOLD;
    gizmos.circle_2d(
        Isometry2d::from_translation(s),
        spec.board.striker_radius(),
        gold,
    );
    gizmos.line_2d(s, s + dir * 0.30, gold);
}

/// The hint on the board: the coach's shot traced as it goes without noise (off the cushions
/// where it turns) when it meets the piece the coach named; else its straight line to that
/// piece. Traced once for each hint shown.
pub(super) fn draw_hint(
    mut gizmos: Gizmos,
    coach: Res<Coach>,
    spec: Res<Equipment>,
    mut traced: Local<Option<DrawnShot>>,
) {
    let Some((h, seat, _)) = &coach.shown else {
        *traced = None;
        return;
    };
    if traced.as_ref().is_none_or(|d| d.shot != h.best.shot) {
        *traced = Some(hint_drawing(
            &spec.0,
            h,
            coach.asked.as_ref().map(|a| &a.0[..]),
        ));
    }
    let Some(drawn) = traced.as_ref() else { return };
    let colours = (palette::COACH_ARROW, palette::COACH_SOFT);
    draw_shot(&mut gizmos, &spec.0, drawn, *seat, colours);
}

/// The hint's shot as drawn: traced on `layout` if it meets the named target there.
fn hint_drawing(spec: &Spec, h: &Hint, layout: Option<&[Piece]>) -> DrawnShot {
    let b = &spec.board;
    let named = DrawnShot {
        shot: h.best.shot,
        target: h.best.target.map(|t| Vec2::new(t.x, t.y)),
        pocket: h
            .best
            .pocket
            .and_then(|name| b.pockets().into_iter().find(|k| k.name == name))
            .map(|k| Vec2::new(k.x, k.y)),
        ..DrawnShot::bare(h.best.shot)
    };
    let Some(layout) = layout else { return named };
    let played = DrawnShot::played(spec, layout, &h.best.shot);
    let same = |a: Option<Vec2>, b: Option<Vec2>| match (a, b) {
        (Some(a), Some(b)) => a.distance(b) < 1e-4,
        (a, b) => a.is_none() && b.is_none(),
    };
    if same(played.target, named.target) {
        played
    } else {
        named
    }
}

/// A shot as the board draws it: the stroke, the piece it meets first (where it stood) and
/// the pocket that piece went into; where traced, the paths through their turns off the
/// cushions (else straight lines are drawn).
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnShot {
    pub shot: Shot,
    pub target: Option<Vec2>,
    pub pocket: Option<Vec2>,
    /// The striker's path: from its place to where it meets the target (or stops).
    pub striker_path: Vec<Vec2>,
    /// The target's path: from where it stood to its pocket (or where it stops).
    pub target_path: Vec<Vec2>,
}

impl DrawnShot {
    /// `shot` played on `layout` as it would go without noise: the paths of the striker and
    /// of the piece it meets first, and that piece's pocket if it goes in.
    pub fn played(spec: &Spec, layout: &[Piece], shot: &Shot) -> DrawnShot {
        let Ok(t) = trace(spec, layout, shot) else {
            return DrawnShot::bare(*shot);
        };
        let v = |p: &carrom_physics::Vec2| Vec2::new(p.x, p.y);
        let target = t
            .target
            .as_ref()
            .and_then(|(i, _)| layout.get(*i))
            .map(|p| Vec2::new(p.x, p.y));
        // The target's path from where it stood (the trace sees it a step after the meeting).
        let target_path = t.target.iter().flat_map(|(_, p)| p.iter().skip(1).map(v));
        DrawnShot {
            shot: *shot,
            target,
            pocket: t.pocket.map(|k| v(&spec.board.pockets()[k].centre())),
            striker_path: t.striker.iter().map(v).collect(),
            target_path: target.into_iter().chain(target_path).collect(),
        }
    }

    /// The shot alone: its lines drawn straight.
    fn bare(shot: Shot) -> DrawnShot {
        DrawnShot {
            shot,
            target: None,
            pocket: None,
            striker_path: Vec::new(),
            target_path: Vec::new(),
        }
    }
}

/// The hint's drawing of a shot (the coach's, and a review's strokes): the striker where it is
/// placed, its path to where it meets its target (circled), the target's path to its pocket
/// (circled); with no target, its path ahead. Paths turn off the cushions where traced, else
/// run straight. `(strong, soft)`: its colours.
pub fn draw_shot(
    gizmos: &mut Gizmos,
    spec: &Spec,
    d: &DrawnShot,
    seat: Seat,
    (strong, soft): (Color, Color),
) {
    let b = &spec.board;
    let s = d.shot.striker_at(spec);
    let s = Vec2::new(s.x, s.y);
    gizmos.circle_2d(Isometry2d::from_translation(s), b.striker_radius(), strong);
    let striker_path = match d.striker_path.len() {
        0 | 1 => straight_path(spec, d, seat, s),
        _ => d.striker_path.clone(),
    };
    gizmos.linestrip_2d(striker_path.iter().copied(), strong);
    let Some(t) = d.target else { return };
    if let Some(&meet) = striker_path.last() {
        gizmos.circle_2d(Isometry2d::from_translation(meet), b.striker_radius(), soft);
    }
    gizmos.circle_2d(
        Isometry2d::from_translation(t),
        b.coin_radius() * 1.35,
        strong,
    );
    if d.target_path.len() >= 2 {
        gizmos.linestrip_2d(d.target_path.iter().copied(), soft);
    } else if let Some(k) = d.pocket {
        gizmos.line_2d(t, k, soft);
    }
    if let Some(k) = d.pocket {
        gizmos.circle_2d(Isometry2d::from_translation(k), b.pocket_radius(), strong);
    }
}

/// A straight path along the stroke: to where the striker meets its target (its centre one
/// striker-and-coin radius short of the target along the aim line), or ahead.
fn straight_path(spec: &Spec, d: &DrawnShot, seat: Seat, s: Vec2) -> Vec<Vec2> {
    let b = &spec.board;
    let v = d.shot.striker_velocity(spec);
    let dir = Vec2::new(v.x, v.y).normalize_or(Vec2::new(seat.forward().x, seat.forward().y));
    let Some(t) = d.target else {
        return vec![s, s + dir * 0.35];
    };
    let reach = b.striker_radius() + b.coin_radius();
    let along = (t - s).dot(dir);
    let off = (t - s).perp_dot(dir).abs();
    let meet = if off < reach {
        s + dir * (along - (reach * reach - off * off).sqrt())
    } else {
        s + dir * along
    };
    vec![s, meet]
}

/// A review's chosen stroke on the board: the stroke played in white, the coach's best in
/// gold (worked out once for each stroke chosen).
pub(super) fn draw_review(
    mut gizmos: Gizmos,
    reviewing: Res<Reviewing>,
    spec: Res<Equipment>,
    mut drawn: Local<Option<(usize, bool, Vec<DrawnShot>)>>,
) {
    let Some((at, judged)) = reviewing.chosen() else {
        return;
    };
    let key = (reviewing.chosen, judged.is_some());
    if drawn.as_ref().is_none_or(|(i, j, _)| (*i, *j) != key) {
        let mut shots = vec![DrawnShot::played(&spec.0, &at.layout, &at.shot)];
        if let Some(best) = judged.filter(|j| !j.best_words.is_empty()) {
            shots.push(DrawnShot::played(&spec.0, &at.layout, &best.best_shot));
        }
        *drawn = Some((key.0, key.1, shots));
    }
    let Some((_, _, shots)) = drawn.as_ref() else {
        return;
    };
    let white = (
        Color::srgba(1.0, 1.0, 1.0, 0.95),
        Color::srgba(1.0, 1.0, 1.0, 0.5),
    );
    let gold = (palette::COACH_ARROW, palette::COACH_SOFT);
    for (k, shot) in shots.iter().enumerate() {
        draw_shot(
            &mut gizmos,
            &spec.0,
            shot,
            at.seat,
            if k == 0 { white } else { gold },
        );
    }
}

/// The coach's words in the flow of a column, as wide as it.
fn in_the_column() -> Node {
    Node {
        width: percent(100),
        padding: UiRect::all(px(8)),
        ..default()
    }
}

pub(super) fn spawn_text(mut commands: Commands) {
    commands.spawn((
        CoachText,
        DespawnOnExit(Screen::Game),
        Text::new(""),
        Visibility::Hidden,
        TextFont {
            font_size: FontSize::Px(crate::theme::size::COACH),
            ..default()
        },
        crate::hud::BaseSize(14.0),
        TextColor(palette::COACH_TEXT),
        in_the_column(),
        BackgroundColor(palette::PANEL),
    ));
}

/// Where the coach's words go: at the foot of the left column, between the scoreboard and
/// the stroke's buttons ([`CoachSlot`]); in training the drill list fills that column, so they
/// go under the call in the right column (in the box the call and the tray share). Either way
/// they take their place in a column's flow and cover nothing.
pub(super) fn place_text(
    mut commands: Commands,
    playing: Option<Res<State<Playing>>>,
    tray: Query<&ChildOf, With<Tray>>,
    slot: Query<Entity, With<CoachSlot>>,
    text: Query<(Entity, Option<&ChildOf>), With<CoachText>>,
) {
    let Ok((e, parent)) = text.single() else {
        return;
    };
    let (Ok(call_box), Ok(slot)) = (tray.single().map(ChildOf::parent), slot.single()) else {
        return;
    };
    let training = playing.is_some_and(|p| *p.get() == Playing::Training);
    let want = if training { call_box } else { slot };
    if parent.map(ChildOf::parent) != Some(want) {
        // It goes with its parent (which leaves with the game screen).
        commands.entity(e).remove::<DespawnOnExit<Screen>>();
        commands.entity(want).add_child(e);
    }
}

pub(super) fn update_text(
    coach: Res<Coach>,
    playing: Option<Res<State<Playing>>>,
    mut text: Query<(&mut Text, &mut Visibility, &mut Node), With<CoachText>>,
) {
    let Ok((mut text, mut visible, mut node)) = text.single_mut() else {
        return;
    };
    // A drill's coach shows the one shot J takes (the others are at the same man).
    let training = playing.is_some_and(|p| *p.get() == Playing::Training);
    let mut lines = Vec::new();
    if coach.thinking() {
        lines.push("Coach: thinking...".to_string());
    } else if let Some((h, seat, _)) = &coach.shown {
        lines.push(format!("Coach: {}", describe(&h.best, *seat)));
        for a in h.alternatives.iter().filter(|_| !training) {
            lines.push(format!("   or: {}", describe(a, *seat)));
        }
        lines.push("J: apply (then strike)   H: hide".into());
    } else if let Some(note) = &coach.note {
        lines.push(format!("Coach: {note}"));
    }
    if let Some(j) = &coach.judged {
        lines.push(j.line());
    }
    if coach.map_task.is_some() {
        lines.push("Break map: simulating 6000 breaks...".into());
    } else if let Some(map) = &coach.map {
        let b = map.best;
        let side = if b.offset_deg >= 0.0 { "left" } else { "right" };
        lines.push(format!(
            "Break map: best from {:+.2} of the base line, {:.0} degrees {side} of the centre \
             (gold): {:.1} pieces expected, played {} times more with the benchmark's aim, as \
             the coach measures a break. Each line: a place's best direction, longer and \
             brighter for more pieces. M: hide",
            b.position,
            b.offset_deg.abs(),
            b.confirmed,
            carrom_ai::breaks::CONFIRM_SAMPLES
        ));
    }
    // (Only the demo's computers make plans.)
    if let Some(plan) = &coach.plan {
        let name = plan.seat.title();
        let mut plan_lines = plan.lines().into_iter();
        if let Some(first) = plan_lines.next() {
            lines.push(format!("{name} {first}"));
        }
        if coach.lines {
            lines.extend(plan_lines.map(|l| format!("  {l}")));
        } else {
            lines.push("L: the other shots it weighed".into());
        }
    }
    let joined = lines.join("\n");
    let shown = if joined.is_empty() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    visible.set_if_neq(shown);
    // Nothing to say takes no room in the column's flow.
    let display = if joined.is_empty() {
        Display::None
    } else {
        Display::Flex
    };
    if node.display != display {
        node.display = display;
    }
    if text.0 != joined {
        text.0 = joined;
    }
}
