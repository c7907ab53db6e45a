//! The page's live region, `<div id="status" aria-live="polite">`: who is to act and the
//! latest call with its Law, as text a screen reader reads (and the page's tests). Its
//! attributes carry what a test checks: `data-screen` (the page shown: `menu`, `how-to-play`,
//! `library`, `across`, `online`, or `game`), `data-digest` (the
//! match's position), `data-score` (its scoreboard) and `data-buttons` (the buttons on the
//! screen, each its label and its rectangle in the page's pixels, as JSON ([`crate::buttons`]):
//! where a page's test or tool clicks the canvas as a person would), `data-frames` (the frames drawn so
//! far: the frame rate measured from outside) and `data-review` (a review's progress: "judging
//! D of T", "judged T", or why there is no review). On the menu it says what the menu tells:
//! the settings kept, and on the online page what the server said; in play, the coach's words
//! too.

use crate::hud::Panels;
use crate::modes::calls::CallLog;
use crate::modes::review::Reviewing;
use crate::modes::table::Table;
use crate::screens::menu::MenuPage;
use crate::screens::menu::online::OnlineSession;
use crate::settings::SettingsFile;
use crate::states::Screen;
use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_systems(Last, (tell_the_page, show_the_buttons, count_the_frames));
}

/// The screen's buttons ([`crate::buttons`]), put in the region when they change.
fn show_the_buttons(
    buttons: crate::buttons::ButtonNodes,
    texts: Query<&Text>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut last: Local<String>,
) {
    let Ok(window) = window.single() else { return };
    let shown = crate::buttons::shown(&buttons, &texts, window.scale_factor());
    let now = crate::buttons::json(&shown);
    if now == *last {
        return;
    }
    if let Some(region) = region() {
        let _ = region.set_attribute("data-buttons", &now);
        *last = now;
    }
}

fn count_the_frames(frames: Res<bevy::diagnostic::FrameCount>) {
    if let Some(region) = region() {
        let _ = region.set_attribute("data-frames", &frames.0.to_string());
    }
}

/// The live region, once the page has it.
fn region() -> Option<web_sys::Element> {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("status"))
}

/// What the live region says now, and its attributes.
#[derive(Default, PartialEq)]
struct Said {
    text: String,
    screen: &'static str,
    digest: String,
    score: String,
    review: String,
}

fn said(
    (screen, page): (&Screen, Option<&MenuPage>),
    panels: &Panels,
    calls: &CallLog,
    menu: Vec<String>,
    (table, reviewing, coach): (Option<&Table>, Option<&Reviewing>, Option<String>),
) -> Said {
    let mut lines = Vec::new();
    if *screen == Screen::Menu {
        lines.extend(menu);
    }
    if *screen == Screen::Game && !panels.name.is_empty() {
        lines.push(format!(
            "{}: {}",
            panels.name,
            panels.what.replace('\n', ", ")
        ));
    }
    lines.extend(calls.call.iter().cloned());
    if !calls.note.is_empty() {
        lines.push(calls.note.clone());
    }
    lines.extend(coach);
    Said {
        text: lines.join("\n"),
        screen: match (screen, page) {
            (Screen::Game, _) => "game",
            (Screen::Menu, None | Some(MenuPage::Choices)) => "menu",
            (Screen::Menu, Some(MenuPage::HowToPlay)) => "how-to-play",
            (Screen::Menu, Some(MenuPage::Library)) => "library",
            (Screen::Menu, Some(MenuPage::AcrossMachines | MenuPage::Waiting)) => "across",
            (Screen::Menu, Some(MenuPage::Online)) => "online",
            (Screen::Menu, Some(MenuPage::Tournament)) => "tournament",
        },
        digest: table.map_or(String::new(), |t| format!("{:016x}", t.model.digest())),
        score: table.map_or(String::new(), |t| t.model.scoreboard().join("; ")),
        review: reviewing.map_or(String::new(), review_progress),
    }
}

/// What the menu says: about the settings kept, or the page's address refused; on the online
/// page, what the server said (the match waited for, the room's code, a refusal).
fn menu_words(file: &SettingsFile, online: Option<&OnlineSession>) -> Vec<String> {
    let mut lines: Vec<String> = file.message.iter().cloned().collect();
    if let Some(online) = online {
        lines.extend(online.status.iter().cloned());
        lines.extend(online.room.iter().map(|code| format!("Room code: {code}")));
        lines.extend(
            online
                .party
                .iter()
                .map(|code| format!("Party code: {code}")),
        );
        lines.extend(online.message.iter().cloned());
    }
    lines
}

/// The coach's words while they are shown.
fn coach_words(
    coach: &Query<(&Text, &Visibility), With<crate::coach::CoachText>>,
) -> Option<String> {
    let (text, shown) = coach.iter().next()?;
    (*shown != Visibility::Hidden && !text.0.is_empty()).then(|| text.0.replace('\n', " "))
}

/// A review's progress as the page's attribute says it.
fn review_progress(r: &Reviewing) -> String {
    match (&r.error, r.walked.is_some(), r.busy()) {
        (Some(e), _, _) => format!("no review: {e}"),
        (None, false, _) => "walking".into(),
        (None, true, true) => format!("judging {} of {}", r.done, r.total),
        (None, true, false) => format!("judged {}", r.total),
    }
}

fn tell_the_page(
    (screen, page): (Res<State<Screen>>, Option<Res<State<MenuPage>>>),
    panels: Res<Panels>,
    calls: Res<CallLog>,
    (file, online): (Res<SettingsFile>, Option<Res<OnlineSession>>),
    table: Option<Res<Table>>,
    reviewing: Option<Res<Reviewing>>,
    coach: Query<(&Text, &Visibility), With<crate::coach::CoachText>>,
    mut last: Local<Said>,
) {
    let now = said(
        (screen.get(), page.as_deref().map(State::get)),
        &panels,
        &calls,
        menu_words(&file, online.as_deref()),
        (table.as_deref(), reviewing.as_deref(), coach_words(&coach)),
    );
    if now == *last {
        return;
    }
    let Some(region) = region() else {
        return;
    };
    // The game has drawn: the page's "Loading" goes.
    if let Some(loading) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("loading"))
    {
        loading.remove();
    }
    region.set_text_content(Some(&now.text));
    for (name, value) in [
        ("data-screen", now.screen),
        ("data-digest", now.digest.as_str()),
        ("data-score", now.score.as_str()),
        ("data-review", now.review.as_str()),
    ] {
        let _ = region.set_attribute(name, value);
    }
    *last = now;
}
