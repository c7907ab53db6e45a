//! The stroke's feel: a power meter (0-100%) beside the striker while a stroke is lined up, and
//! the aim guide — the striker's path to its first contact (a piece or the frame) and, in
//! practice and the casual rule sets, the direction the struck piece takes. `G` turns the guide
//! on and off; in an ICF match it starts off, as in real play ([`crate::modes::View`]).

use crate::board::draw::MainCamera;
use crate::modes::turn::{Aim, Drag, Thinking, aim_shot};
use crate::modes::{OnBoard, View};
use crate::sim::Equipment;
use crate::states::{Phase, Screen};
use crate::theme::palette;
use bevy::prelude::*;
use carrom_physics::Spec;

#[derive(Component)]
struct PowerMeter;
#[derive(Component)]
struct PowerFill;
#[derive(Component)]
struct PowerLabel;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Game), spawn_meter)
        .add_systems(
            Update,
            (guide_key, power_meter, aim_guide)
                .after(crate::sim::SimSet)
                .run_if(in_state(Screen::Game)),
        );
}

/// What the striker meets first, moving from `from` along the unit direction `dir`: the
/// striker's centre at the meeting and the piece it meets (its index in `pieces`), or `None`
/// for the frame.
pub fn first_contact(spec: &Spec, pieces: &[Vec2], from: Vec2, dir: Vec2) -> (Vec2, Option<usize>) {
    let b = &spec.board;
    let rs = b.striker_radius();
    let reach = rs + b.coin_radius();
    let mut best = f32::INFINITY;
    let mut hit = None;
    for (i, c) in pieces.iter().enumerate() {
        // |from + dir t - c| = reach, the smaller root ahead of the striker.
        let m = from - *c;
        let bq = m.dot(dir);
        let cq = m.length_squared() - reach * reach;
        let disc = bq * bq - cq;
        if disc < 0.0 {
            continue;
        }
        let t = -bq - disc.sqrt();
        if t > 1e-5 && t < best {
            best = t;
            hit = Some(i);
        }
    }
    // The frame: the playing surface's edge, less the striker's radius.
    let wall = b.half() - rs;
    let mut t_wall = f32::INFINITY;
    for (p, d) in [(from.x, dir.x), (from.y, dir.y)] {
        if d > 1e-6 {
            t_wall = t_wall.min((wall - p) / d);
        } else if d < -1e-6 {
            t_wall = t_wall.min((-wall - p) / d);
        }
    }
    if t_wall < best {
        (from + dir * t_wall.max(0.0), None)
    } else {
        (from + dir * best, hit)
    }
}

fn spawn_meter(mut commands: Commands) {
    commands
        .spawn((
            PowerMeter,
            DespawnOnExit(Screen::Game),
            Node {
                position_type: PositionType::Absolute,
                width: px(22),
                height: px(150),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::FlexEnd,
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(4)),
                display: Display::None,
                ..default()
            },
            BackgroundColor(palette::PANEL_DARK),
            BorderColor::all(palette::GUIDE_EDGE),
            GlobalZIndex(5),
        ))
        .with_children(|m| {
            m.spawn((
                PowerLabel,
                Text::new(""),
                TextFont {
                    font_size: FontSize::Px(crate::theme::size::POWER),
                    ..default()
                },
                TextColor(palette::POWER_TEXT),
                // A dark ground: the label is read over the light board.
                BackgroundColor(palette::PANEL_DARK),
                Node {
                    position_type: PositionType::Absolute,
                    top: px(-24),
                    left: px(-12),
                    padding: UiRect::axes(px(3), px(1)),
                    ..default()
                },
            ));
            m.spawn((
                PowerFill,
                Node {
                    width: percent(100),
                    height: percent(0),
                    ..default()
                },
                BackgroundColor(palette::POWER_BAR),
            ));
        });
}

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn power_meter(
    board: Res<OnBoard>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
    thinking: Res<Thinking>,
    cam: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut meter: Query<&mut Node, (With<PowerMeter>, Without<PowerFill>)>,
    mut fill: Query<(&mut Node, &mut BackgroundColor), (With<PowerFill>, Without<PowerMeter>)>,
    mut label: Query<&mut Text, With<PowerLabel>>,
    layout: Res<crate::board::layout::Layout>,
) {
    let Ok(mut node) = meter.single_mut() else {
        return;
    };
    // As tall as a sixth of the board, 80 to 150 pixels (the node's units are the
    // interface's, scaled).
    let tall = (layout.board / 6.0).clamp(80.0, 150.0);
    let ui = |logical: f32| px(logical / layout.scale);
    if node.height != ui(tall) {
        node.height = ui(tall);
    }
    let seat = board.actor;
    let show = *phase.get() == Phase::Aim
        && !thinking.is_thinking()
        && (aim.drag == Drag::Pull || aim.power > 0.0);
    let place = match (show, seat, cam.single()) {
        (true, Some(seat), Ok((camera, gt))) => {
            let at = aim_shot(&aim, seat).striker_at(&spec.0);
            camera
                .world_to_viewport(gt, Vec3::new(at.x, at.y, 0.0))
                .ok()
        }
        _ => None,
    };
    let display = if place.is_some() {
        Display::Flex
    } else {
        Display::None
    };
    if node.display != display {
        node.display = display;
    }
    let Some(p) = place else { return };
    let ahead = match (seat, cam.single()) {
        (Some(seat), Ok((camera, gt))) => aim_on_screen(&aim, seat, &spec.0, camera, gt, p),
        _ => 1.0,
    };
    let x = meter_left(p.x, ahead, &layout);
    let (left, top) = (ui(x), ui(p.y - 0.87 * tall));
    if node.left != left || node.top != top {
        node.left = left;
        node.top = top;
    }
    let power = aim.power.clamp(0.0, 1.0);
    if let Ok((mut f, mut bg)) = fill.single_mut() {
        let h = percent(100.0 * power);
        if f.height != h {
            f.height = h;
        }
        let c = crate::theme::power_colour(power);
        if bg.0 != c {
            bg.0 = c;
        }
    }
    if let Ok(mut t) = label.single_mut() {
        let s = if power >= 0.995 {
            "MAX".to_string()
        } else {
            format!("{:.0}%", 100.0 * power)
        };
        if t.0 != s {
            t.0 = s;
        }
    }
}

/// Which way the aim points across the screen from the striker at `p` (pixels): positive to
/// the right.
fn aim_on_screen(
    aim: &Aim,
    seat: carrom_physics::Seat,
    spec: &carrom_physics::Spec,
    camera: &Camera,
    gt: &GlobalTransform,
    p: Vec2,
) -> f32 {
    let at = aim_shot(aim, seat).striker_at(spec);
    let to = Vec3::new(at.x + aim.dir.x * 0.05, at.y + aim.dir.y * 0.05, 0.0);
    camera.world_to_viewport(gt, to).map_or(1.0, |q| q.x - p.x)
}

/// The meter's left edge (logical pixels) beside the striker at `x`: on the screen's side away
/// from the aim (`ahead`: where the aim points across the screen), so it covers neither the
/// aim's arrow nor the guide's line and contact circle.
fn meter_left(x: f32, ahead: f32, layout: &crate::board::layout::Layout) -> f32 {
    let side = 0.055 * layout.board;
    if ahead > 0.0 {
        x - side - 22.0 * layout.scale
    } else {
        x + side
    }
}

fn guide_key(keys: Option<Res<ButtonInput<KeyCode>>>, mut view: ResMut<View>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyG)) {
        view.guides = !view.guides;
    }
}

fn aim_guide(
    mut gizmos: Gizmos,
    board: Res<OnBoard>,
    view: Res<View>,
    phase: Res<State<Phase>>,
    aim: Res<Aim>,
    spec: Res<Equipment>,
    thinking: Res<Thinking>,
) {
    if !view.guides || *phase.get() != Phase::Aim || thinking.is_thinking() || aim.illegal.is_some()
    {
        return;
    }
    let Some(seat) = board.actor else { return };
    let shot = aim_shot(&aim, seat);
    let at = shot.striker_at(&spec.0);
    let from = Vec2::new(at.x, at.y);
    let dir = aim.dir.normalize_or(Vec2::Y);
    let pieces: Vec<Vec2> = board.pieces.iter().map(|p| Vec2::new(p.x, p.y)).collect();
    let (meet, hit) = first_contact(&spec.0, &pieces, from, dir);
    let line = palette::GUIDE_LINE;
    // A dashed path to the meeting, and the striker's outline there.
    let len = from.distance(meet);
    let dash = 0.012;
    let mut t = spec.0.board.striker_radius();
    while t < len {
        let a = from + dir * t;
        let b = from + dir * (t + dash).min(len);
        gizmos.line_2d(a, b, line);
        t += 2.0 * dash;
    }
    gizmos.circle_2d(
        Isometry2d::from_translation(meet),
        spec.0.board.striker_radius(),
        line,
    );
    if let Some(i) = hit
        && view.piece_direction
    {
        // The struck piece leaves along the line of centres.
        let c = pieces[i];
        let out = (c - meet).normalize_or(dir);
        gizmos.arrow_2d(c, c + out * 0.14, palette::GUIDE_ARROW);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_stops_at_the_first_piece_in_the_striker_path() {
        let spec = Spec::default();
        let from = Vec2::new(0.0, -0.26);
        let pieces = [
            Vec2::new(0.0, 0.1),
            Vec2::new(0.0, 0.0),
            Vec2::new(0.2, -0.1),
        ];
        let (meet, hit) = first_contact(&spec, &pieces, from, Vec2::Y);
        assert_eq!(hit, Some(1), "the nearer of the two on the line");
        let reach = spec.board.striker_radius() + spec.board.coin_radius();
        assert!((meet.y - (0.0 - reach)).abs() < 1e-5, "{meet}");
    }

    #[test]
    fn a_clear_path_ends_at_the_frame() {
        let spec = Spec::default();
        let from = Vec2::new(0.0, -0.26);
        let (meet, hit) = first_contact(&spec, &[Vec2::new(0.2, 0.0)], from, Vec2::Y);
        assert_eq!(hit, None);
        let wall = spec.board.half() - spec.board.striker_radius();
        assert!((meet.y - wall).abs() < 1e-5, "{meet}");
    }
}

#[cfg(test)]
mod pull_tests {
    use crate::modes::aim::{FULL_PULL, power_of_pull};

    #[test]
    fn a_pull_gives_nothing_on_the_striker_full_power_at_the_end_and_soft_strokes_between() {
        let rs = 0.021;
        assert_eq!(
            power_of_pull(rs * 0.5, rs),
            0.0,
            "on the striker: cancelled"
        );
        assert_eq!(power_of_pull(FULL_PULL, rs), 1.0);
        assert_eq!(power_of_pull(3.0 * FULL_PULL, rs), 1.0, "no more than full");
        let half = power_of_pull(rs + 0.5 * (FULL_PULL - rs), rs);
        assert!(half < 1.0 / 3.0, "{half}");
        let mut last = 0.0;
        for k in 1..=50 {
            let p = power_of_pull(rs + (FULL_PULL - rs) * k as f32 / 50.0, rs);
            assert!(p > last, "rises with the pull");
            last = p;
        }
    }
}
