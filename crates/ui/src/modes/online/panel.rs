//! The online match's words on the panel: the join code at the host's window, the link, the
//! shot clock, how the match ended, and who sits at each seat.

use super::Online;
use bevy::platform::time::Instant;
use carrom_remote::{Holder, SeatState};

impl Online {
    /// The seating in words for the panel: the code to give at the host's window, whether the
    /// link is up, the shot clock, how the match ended, and each seat ([`seat_lines`]).
    pub fn seating_lines(&self, to_act: Option<carrom_physics::Seat>) -> Vec<String> {
        let mut lines = self.join_code_lines();
        match &self.given_up {
            Some(why) => lines.push(format!("Connection lost for good: {why}")),
            None if !self.connected => lines.push("Connection lost: reconnecting...".into()),
            None => {}
        }
        lines.extend(self.clock_line());
        lines.extend(self.link.over());
        let referee = self.link.referee();
        lines.extend(seat_lines(&self.seating, &self.here, to_act, referee));
        if self.is_hosting() && !self.disconnected().is_empty() {
            lines.push("C: the computer plays for the disconnected until they come back".into());
        }
        lines
    }

    /// At the host's window: the join code and the addresses to give.
    fn join_code_lines(&self) -> Vec<String> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(host) = &self.hosting {
            let mut lines = vec![format!("Join code {}", host.code)];
            lines.extend(host.addresses.iter().take(2).map(|a| format!("at {a}")));
            return lines;
        }
        Vec::new()
    }

    /// Whether the match is hosted at this window (the desktop's, across machines).
    fn is_hosting(&self) -> bool {
        #[cfg(not(target_arch = "wasm32"))]
        return self.hosting.is_some();
        #[cfg(target_arch = "wasm32")]
        false
    }

    /// The mode's title on the panel: a match across machines, or online.
    pub fn title(&self) -> &'static str {
        self.link.title()
    }

    /// How long until the shot clock runs out, counting the wait before it starts (while the
    /// stroke before it is still shown).
    pub fn until_time_out(&self) -> Option<std::time::Duration> {
        let clock = self.link.clock()?;
        Some(clock.ends.saturating_duration_since(Instant::now()))
    }

    /// The shot clock's countdown, while it runs: "Shot clock: North 12 s" (its full time
    /// while the stroke before it is still shown).
    pub fn clock_line(&self) -> Option<String> {
        let clock = self.link.clock()?;
        let from = Instant::now().max(clock.starts);
        let left = clock.ends.saturating_duration_since(from).as_secs_f32();
        Some(format!(
            "Shot clock: {} {:.0} s",
            clock.seat.title(),
            left.ceil()
        ))
    }
}

/// Each seat, who plays it and whether connected, with `>` at the one to act: "> East: Ravi
/// (connected)".
pub fn seat_lines(
    seating: &[SeatState],
    here: &[carrom_physics::Seat],
    to_act: Option<carrom_physics::Seat>,
    referee: &str,
) -> Vec<String> {
    seating
        .iter()
        .map(|s| {
            let who = if here.contains(&s.seat) {
                "here".to_string()
            } else {
                match s.holder {
                    Holder::Host => referee.into(),
                    Holder::Computer => "computer".into(),
                    Holder::Guest if s.name.is_empty() => "waiting for a guest".into(),
                    Holder::Guest if s.connected => "connected".into(),
                    Holder::Guest => "DISCONNECTED".into(),
                }
            };
            let turn = if to_act == Some(s.seat) { "> " } else { "" };
            let name = if s.name.is_empty() { "-" } else { &s.name };
            format!("{turn}{}: {name} ({who})", s.seat.title())
        })
        .collect()
}
