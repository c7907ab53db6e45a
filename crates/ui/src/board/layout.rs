//! The window's layout: the board as large as the window allows between two side panels, kept
//! so as the window is resized. The panels ([`SidePanel`]) take a fifth of the width (220-340
//! pixels); the board takes the rest of the width or the whole height, whichever is smaller,
//! so the panels never cover it. At 1280x720 and 1920x1080 the playing surface takes over 85%
//! of the window's height. Each frame it also notes where the window's points are on the
//! board ([`WindowToBoard`]), for the mouse.

use super::draw::{FRAME, MainCamera};
use crate::modes::input::WindowToBoard;
use crate::sim::Equipment;
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The board's size on screen and the side panels' width, in logical pixels.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct Layout {
    pub panel: f32,
    pub board: f32,
    /// The interface's scale ([`UiScale`]): the screens, panels and texts were drawn for a
    /// 1280x720 window and grow and shrink with it.
    pub scale: f32,
    /// A window much taller than wide (a phone held upright): the board across the top, the
    /// two panels side by side under it.
    pub portrait: bool,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            panel: 300.0,
            board: 640.0,
            scale: 1.0,
            portrait: false,
        }
    }
}

/// The interface's scale for a window `w` x `h` (0.6 to 2): the screens were drawn for 760
/// pixels of height (so at 1280x720 the menu keeps a margin above its title and below Quit);
/// the menu's columns for 1000 pixels of width (upright, one above the other: 560 by 1350); the
/// game's side
/// panels for 248 pixels (`panel`, the panels' width in the window), though the game's texts
/// stay at least 0.85 of their size (narrow panels wrap them more instead).
pub fn ui_scale(w: f32, h: f32, panel: Option<f32>) -> f32 {
    match panel {
        Some(panel) => ((panel - GAP) / 248.0).min(h / 720.0).clamp(0.85, 2.0),
        // Upright, the menu's columns stand one above the other.
        None if h > w * PORTRAIT => (w / 560.0).min(h / 1350.0).clamp(0.5, 2.0),
        None => (w / 1000.0).min(h / MENU_HEIGHT).clamp(0.6, 2.0),
    }
}

/// A phone's screen (its shorter side under [`COMPACT`] logical pixels) or any touch screen:
/// the menu and its pages are drawn larger, fitted to the screen's width, and scroll for the
/// rest; every button is a finger's size ([`crate::theme`]).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compact(pub bool);

/// A screen whose shorter side is under this many logical (CSS) pixels is a phone's.
pub const COMPACT: f32 = 500.0;

/// Whether a window `w` x `h` is laid out compact (a phone's, or any touch screen).
pub fn compact(w: f32, h: f32, touch: bool) -> bool {
    touch || w.min(h) < COMPACT
}

/// The menu's scale: on a compact screen fitted to the width of its one column upright (450
/// units) or its two sideways (1000), no larger than shows 450 units of height, the page
/// scrolling for the rest; else the whole menu in the window ([`ui_scale`]).
pub fn menu_scale(w: f32, h: f32, compact: bool) -> f32 {
    if !compact {
        return ui_scale(w, h, None);
    }
    let across = if h > w * PORTRAIT { 450.0 } else { 1000.0 };
    (w / across).min(h / 450.0).clamp(0.6, 2.0)
}

/// The height (logical pixels) the menu and its pages were drawn for.
pub const MENU_HEIGHT: f32 = 760.0;

/// Where the layout is fitted to the window (what is sized to the board on the screen runs
/// after it).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct LayoutSet;

/// A side panel: its width follows [`Layout::panel`].
#[derive(Component)]
pub struct SidePanel;

/// The margin between a panel and the board, and around the panels.
pub const GAP: f32 = 8.0;

/// A side panel's node, on the `left` of the board or on its right, `width` wide until the
/// layout sets its width: [`GAP`] in from the top, the bottom and its side, its items in a
/// column.
pub fn side_panel_node(left: bool, width: f32) -> Node {
    Node {
        position_type: PositionType::Absolute,
        top: px(GAP),
        bottom: px(GAP),
        left: if left { px(GAP) } else { auto() },
        right: if left { auto() } else { px(GAP) },
        width: px(width),
        flex_direction: FlexDirection::Column,
        ..default()
    }
}

/// The board's outer size in metres: the playing surface, the frame and its dark edge.
pub fn board_extent(playing_surface: f32) -> f32 {
    playing_surface + 2.0 * FRAME + 0.006
}

/// A window this much taller than wide is laid out upright ([`Layout::portrait`]).
pub const PORTRAIT: f32 = 1.2;

/// The layout of a window `w` x `h` (logical pixels).
pub fn layout_for(w: f32, h: f32) -> Layout {
    if h > w * PORTRAIT {
        let panel = (w - GAP) / 2.0;
        return Layout {
            panel,
            board: w.min(h * 0.6),
            scale: ui_scale(w, h, Some(panel)),
            portrait: true,
        };
    }
    let panel = (w * 0.2).clamp(220.0, 340.0);
    // A narrow window: narrower panels before a smaller board.
    let panel = panel.min(((w - h) / 2.0 - GAP).max(180.0));
    let board = h.min(w - 2.0 * (panel + GAP)).max(100.0);
    Layout {
        panel,
        board,
        scale: ui_scale(w, h, Some(panel)),
        portrait: false,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Layout>()
        .init_resource::<UiScale>()
        .init_resource::<Compact>()
        .add_systems(
            PostUpdate,
            fit.in_set(LayoutSet)
                .before(bevy::camera::CameraUpdateSystems),
        )
        .add_systems(Last, map_window);
}

fn fit(
    window: Query<&Window, With<PrimaryWindow>>,
    spec: Res<Equipment>,
    mut layout: ResMut<Layout>,
    mut cam: Query<(&mut Projection, &mut Transform), With<MainCamera>>,
    mut panels: Query<&mut Node, With<SidePanel>>,
    (mut scaled, mut compacted): (ResMut<UiScale>, ResMut<Compact>),
    (screen, touch): (
        Option<Res<State<crate::states::Screen>>>,
        Option<Res<crate::modes::input::TouchScreen>>,
    ),
) {
    let Ok(window) = window.single() else { return };
    let (w, h) = (window.width(), window.height());
    if w < 1.0 || h < 1.0 {
        return;
    }
    let next = layout_for(w, h);
    if *layout != next {
        *layout = next;
    }
    let small = compact(w, h, touch.is_some_and(|t| t.0));
    compacted.set_if_neq(Compact(small));
    // The menu is scaled to its columns; the game to its panels.
    let scale = match screen.as_deref().map(|s| *s.get()) {
        Some(crate::states::Screen::Menu) => menu_scale(w, h, small),
        _ => layout.scale,
    };
    if (scaled.0 - scale).abs() > 1e-4 {
        scaled.0 = scale;
    }
    let extent = board_extent(spec.0.board.playing_surface);
    let viewport_height = extent * h / layout.board;
    // Upright, the board is at the top: the camera looks below its centre, down the screen
    // as the board is turned.
    let down = if layout.portrait {
        (h / 2.0 - layout.board / 2.0) * extent / layout.board
    } else {
        0.0
    };
    for (mut projection, mut tf) in &mut cam {
        let at = tf.rotation * Vec3::new(0.0, -down, 0.0);
        if tf.translation.distance(at) > 1e-6 {
            tf.translation = at;
        }
        if let Projection::Orthographic(o) = &mut *projection {
            let want = ScalingMode::FixedVertical { viewport_height };
            if !matches!(o.scaling_mode, ScalingMode::FixedVertical { viewport_height: v } if (v - viewport_height).abs() < 1e-6)
            {
                o.scaling_mode = want;
            }
        }
    }
    let width = px((layout.panel - GAP) / layout.scale);
    let top = px(if layout.portrait {
        (layout.board + GAP) / layout.scale
    } else {
        GAP
    });
    for mut node in &mut panels {
        if node.width != width {
            node.width = width;
        }
        // The columns start under the board when upright (what hangs from a column's foot,
        // the coach's words, has no top).
        if node.top != Val::Auto && node.top != top {
            node.top = top;
        }
    }
}

/// Where the window's points are on the board, as the camera drew this frame: the next
/// frame's mouse events are read with it ([`WindowToBoard`]).
fn map_window(
    cam: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    map: Option<Res<WindowToBoard>>,
    mut commands: Commands,
) {
    let Ok((camera, gt)) = cam.single() else {
        return;
    };
    // The view is orthographic: three points give the whole map. A hundred pixels apart, so
    // the steps keep their precision.
    let at = |p: Vec2| camera.viewport_to_world_2d(gt, p).ok();
    let (Some(origin), Some(right), Some(down)) = (
        at(Vec2::ZERO),
        at(Vec2::new(100.0, 0.0)),
        at(Vec2::new(0.0, 100.0)),
    ) else {
        return;
    };
    let next = WindowToBoard {
        origin,
        right: (right - origin) / 100.0,
        down: (down - origin) / 100.0,
    };
    if map.as_deref() != Some(&next) {
        commands.insert_resource(next);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The playing surface's share of the window's height.
    fn surface_share(w: f32, h: f32) -> f32 {
        let l = layout_for(w, h);
        l.board / h * 0.74 / board_extent(0.74)
    }

    #[test]
    fn the_playing_surface_takes_85_percent_of_a_wide_windows_height() {
        for (w, h) in [(1280.0, 720.0), (1920.0, 1080.0), (1600.0, 900.0)] {
            assert!(
                surface_share(w, h) >= 0.85,
                "{w}x{h}: {}",
                surface_share(w, h)
            );
        }
    }

    #[test]
    fn the_interface_grows_and_shrinks_with_the_window() {
        // The menu: its height (drawn for 760 pixels) and its columns (1000 pixels).
        let menu = |w: f32, h: f32| ui_scale(w, h, None);
        assert!((menu(1280.0, 720.0) - 720.0 / 760.0).abs() < 1e-6);
        assert!((menu(1280.0, 760.0) - 1.0).abs() < 1e-6);
        assert!((menu(1920.0, 1080.0) - 1080.0 / 760.0).abs() < 1e-6);
        assert!((menu(900.0, 650.0) - 650.0 / 760.0).abs() < 1e-6);
        // Upright (a tablet or a phone held so): the columns one above the other, 560 by 1350.
        assert!((menu(800.0, 1200.0) - 1200.0 / 1350.0).abs() < 1e-6);
        assert!((menu(390.0, 844.0) - 844.0 / 1350.0).abs() < 1e-6);
        // A phone (or any touch screen): fitted to the width, upright one column of 450
        // units, sideways two of 1000, the rest scrolled.
        let phone = |w: f32, h: f32| menu_scale(w, h, compact(w, h, false));
        assert!((phone(390.0, 844.0) - 390.0 / 450.0).abs() < 1e-6);
        assert!((phone(844.0, 390.0) - 0.844).abs() < 1e-6);
        assert!(
            (phone(1280.0, 720.0) - 720.0 / 760.0).abs() < 1e-6,
            "a desktop's window"
        );
        assert!(compact(1280.0, 800.0, true), "a touch screen is compact");
        assert!((menu_scale(1024.0, 768.0, true) - 1.024).abs() < 1e-6);
        // The game: its panels as drawn at 1280x720, larger on a larger window.
        let game = |w: f32, h: f32| layout_for(w, h).scale;
        assert!((game(1280.0, 720.0) - 1.0).abs() < 1e-6);
        assert!(game(1920.0, 1080.0) > 1.3);
        assert!(
            (game(900.0, 650.0) - 0.85).abs() < 1e-6,
            "readable, if wrapped"
        );
        assert!((game(1280.0, 960.0) - 0.85).abs() < 1e-6);
    }

    #[test]
    fn the_panels_never_cover_the_board() {
        for (w, h) in [
            (900.0, 650.0),
            (1280.0, 960.0),
            (1280.0, 720.0),
            (1920.0, 1080.0),
        ] {
            let l = layout_for(w, h);
            assert!(!l.portrait, "{w}x{h}: {l:?}");
            assert!(2.0 * (l.panel + GAP) + l.board <= w + 0.5, "{w}x{h}: {l:?}");
            assert!(l.board <= h, "{w}x{h}: {l:?}");
            assert!(l.panel >= 180.0, "{w}x{h}: {l:?}");
        }
        // Upright, the board across the top and the two panels side by side under it, with
        // at least a third of the height for them.
        for (w, h) in [(800.0, 1200.0), (390.0, 844.0)] {
            let l = layout_for(w, h);
            assert!(l.portrait, "{w}x{h}: {l:?}");
            assert!(l.board <= w && l.board <= 0.6 * h + 0.5, "{w}x{h}: {l:?}");
            assert!(2.0 * l.panel + GAP <= w + 0.5, "{w}x{h}: {l:?}");
        }
    }
}
