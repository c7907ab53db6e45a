//! Training's progress page (`P` in training): each drill's success rate day by day, as bars
//! (the height the rate, the day's successes of its attempts above each, the day under it),
//! over the board until `P` again. Its rows are kept low enough for the nine drills to fit the
//! window from 900x650 up; in a smaller window the page scrolls (the wheel, PgUp and PgDn).

use crate::modes::training::Training;
use crate::states::{Phase, Playing, Screen};
use crate::theme::{palette, size, text};
use bevy::prelude::*;
use carrom_trainer::{DrillKind, Progress, Tally};

/// Days shown for each drill (the latest with attempts).
const DAYS: usize = 10;
/// The bars' height for a rate of 100%.
const BAR: f32 = 36.0;
/// The width of a drill's name at the head of its row.
const TITLE: f32 = 180.0;

/// The page is up, drawn for this many attempts (redrawn when they change).
#[derive(Resource, Default)]
pub struct ProgressPage(Option<u64>);

impl ProgressPage {
    /// Puts the page up (as `P` does).
    pub fn open(&mut self) {
        if self.0.is_none() {
            self.0 = Some(u64::MAX);
        }
    }

    pub fn is_open(&self) -> bool {
        self.0.is_some()
    }
}

#[derive(Component)]
struct PageRoot;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ProgressPage>().add_systems(
        Update,
        (toggle, draw)
            .chain()
            .run_if(in_state(Playing::Training))
            .run_if(in_state(Phase::Aim)),
    );
}

fn toggle(keys: Option<Res<ButtonInput<KeyCode>>>, mut page: ResMut<ProgressPage>) {
    if keys.is_some_and(|k| k.just_pressed(KeyCode::KeyP)) {
        page.0 = if page.0.is_some() {
            None
        } else {
            Some(u64::MAX)
        };
    }
}

/// A drill's days with attempts, oldest first: (day, tally over its levels).
pub fn days_of(progress: &Progress, kind: DrillKind) -> Vec<(String, Tally)> {
    let mut days: Vec<(String, Tally)> = progress
        .days
        .iter()
        .filter_map(|(day, drills)| {
            let levels = drills.get(&kind)?;
            let mut t = Tally::default();
            for l in levels.values() {
                t.attempts += l.attempts;
                t.successes += l.successes;
            }
            (t.attempts > 0).then(|| (day.0.clone(), t))
        })
        .collect();
    let skip = days.len().saturating_sub(DAYS);
    days.drain(..skip);
    days
}

/// The page drawn while it is up, again when an attempt has been made since.
fn draw(
    mut commands: Commands,
    mut page: ResMut<ProgressPage>,
    training: Res<Training>,
    shown: Query<Entity, With<PageRoot>>,
) {
    let want = page.0.map(|_| training.attempts);
    let drawn = !shown.is_empty();
    if page.0.is_some() && drawn && page.0 == want {
        return;
    }
    for e in &shown {
        commands.entity(e).despawn();
    }
    if page.0.is_none() {
        return;
    }
    page.0 = want;
    spawn_page(&mut commands, &training);
}

/// The page: a heading, and a row of bars for each drill; as tall as the window allows, and
/// scrolled within that when it needs more.
fn spawn_page(commands: &mut Commands, training: &Training) {
    let progress = &training.trainer.progress;
    commands
        .spawn((
            PageRoot,
            crate::scroll::Scrolled,
            DespawnOnExit(Screen::Game),
            Node {
                position_type: PositionType::Absolute,
                left: percent(20),
                right: percent(20),
                top: percent(3),
                max_height: percent(94),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(12)),
                row_gap: px(4),
                // Scrolled down and up; a window too narrow for ten days cuts the last.
                overflow: Overflow {
                    x: OverflowAxis::Clip,
                    y: OverflowAxis::Scroll,
                },
                ..default()
            },
            ScrollPosition::default(),
            BackgroundColor(palette::PAGE.with_alpha(1.0)),
            GlobalZIndex(20),
        ))
        .with_children(|p| {
            p.spawn(text(
                format!(
                    "PROGRESS OF {} (P closes; the wheel, PgUp and PgDn scroll)",
                    progress.name.to_uppercase()
                ),
                size::MENU_HEADING,
                palette::PAGE_TEXT,
            ));
            for row in training.trainer.drills() {
                let title = format!("{} (level {})", row.name, row.level);
                spawn_drill(p, &title, days_of(progress, row.kind));
            }
        });
}

/// A drill's row: its name and level, then a bar for each of its days (or "not tried").
fn spawn_drill(p: &mut ChildSpawnerCommands, title: &str, days: Vec<(String, Tally)>) {
    p.spawn(Node {
        column_gap: px(4),
        align_items: AlignItems::FlexEnd,
        flex_shrink: 0.0,
        ..default()
    })
    .with_children(|line| {
        // The name in a box of its own width (a text sized by the row wraps as if narrower,
        // and stands taller than its lines).
        line.spawn(Node {
            width: px(TITLE),
            flex_shrink: 0.0,
            align_self: AlignSelf::Center,
            ..default()
        })
        .with_children(|title_box| {
            title_box.spawn(text(
                crate::text::for_display(title),
                13.0,
                palette::PAGE_TEXT,
            ));
        });
        if days.is_empty() {
            line.spawn((
                text("not tried", 13.0, palette::MENU_SMALL),
                Node {
                    align_self: AlignSelf::Center,
                    ..default()
                },
            ));
        }
        for (day, t) in days {
            spawn_day(line, &day, t);
        }
    });
}

/// A day's bar: the day's successes of its attempts above it, its height the rate, the day
/// under it.
fn spawn_day(line: &mut ChildSpawnerCommands, day: &str, t: Tally) {
    line.spawn(Node {
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        width: px(32),
        flex_shrink: 0.0,
        ..default()
    })
    .with_children(|bar| {
        bar.spawn(text(
            format!("{}/{}", t.successes, t.attempts),
            10.0,
            palette::PAGE_TEXT,
        ));
        bar.spawn((
            Node {
                width: px(16),
                height: px((BAR * t.rate() as f32).max(2.0)),
                ..default()
            },
            BackgroundColor(palette::POWER_TEXT),
        ));
        bar.spawn(text(
            day[5.min(day.len())..].to_string(),
            10.0,
            palette::MENU_SMALL,
        ));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use carrom_trainer::Day;

    /// A drill's days are its own, each day's levels added up, oldest first, the last ten.
    #[test]
    fn a_drills_days_add_its_levels_and_keep_the_last_ten() {
        let mut p = Progress::new("Asha");
        for d in 0..12 {
            let day = Day::from_unix_days(20_000 + d);
            p.record(DrillKind::Cut30, 1, true, &day);
            p.record(DrillKind::Cut30, 1, false, &day);
        }
        p.record(DrillKind::Cut60, 1, true, &Day::from_unix_days(20_011));
        let days = days_of(&p, DrillKind::Cut30);
        assert_eq!(days.len(), DAYS);
        assert_eq!(
            days[0].0,
            Day::from_unix_days(20_002).0,
            "the oldest two dropped"
        );
        assert!(days.iter().all(|(_, t)| *t
            == Tally {
                attempts: 2,
                successes: 1
            }));
        assert!(days_of(&p, DrillKind::Break).is_empty());
    }
}
