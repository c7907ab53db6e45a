//! A review kept beside its save, so that opening it again is instant: `FILE.review` next to
//! `FILE` (JSON; not `.json`, so the game's list of saved matches does not take it for a
//! save), read and written through `carrom_store` (atomically; in the browser, the page's
//! storage).
//!
//! Why beside the save and not in it: the save belongs to the match crate, below this one, and
//! is rewritten after every stroke by the autosave from the match alone; it refuses unknown
//! fields, so an older build would refuse a save carrying a review; and a review is derived
//! from the save, a cache that can always be made again. The stored review names what it was
//! made from: a fingerprint of the save (its actions, digests and setup as written), of the
//! physics, of the win-chance model and of the coach's figures. A review whose fingerprints do
//! not fit the save is made again.

use super::{Review, ReviewError, ReviewOptions, review, strokes_of};
use crate::coach::{BREAK_SAMPLES, CHANCE_SAMPLES, RANK_SAMPLES};
use crate::lone_man::spec_key;
use crate::winprob::WinModel;
use carrom_match::SaveFile;
use carrom_physics::Spec;
use carrom_store::WriteError;
use carrom_terms::fnv1a as fnv;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use web_time::Instant;

/// What a stored review says it is.
pub const FORMAT: &str = "carrom-review";
/// The stored review's version: made again by a build with another (raise it when the
/// review's figures or labels change).
pub const VERSION: u32 = 2;

/// A review as kept beside its save.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoredReview {
    pub format: String,
    pub version: u32,
    /// [`made_from`] of the save, the physics and the model it was made with.
    pub made_from: String,
    pub review: Review,
}

/// Where the review of the save at `save` is kept: `FILE.review` beside it.
pub fn path_for(save: &Path) -> PathBuf {
    let mut name = save.as_os_str().to_owned();
    name.push(".review");
    PathBuf::from(name)
}

/// The fingerprint of what a review of `save` under `spec` is made from (16 hex digits).
pub fn made_from(spec: &Spec, save: &SaveFile) -> String {
    let text = serde_json::to_string(save).unwrap_or_default();
    let coach = format!("{CHANCE_SAMPLES} {BREAK_SAMPLES} {RANK_SAMPLES}");
    let parts = format!(
        "{:016x} {:016x} {:016x} {coach}",
        fnv(text.as_bytes()),
        spec_key(&save.physics(spec)),
        WinModel::shipped().key()
    );
    format!("{:016x}", fnv(parts.as_bytes()))
}

/// The review kept beside the save at `path` when it is one of this save (`save`, as read
/// from there) under `spec`, made with the options asked for (the same seed; everyone's
/// strokes, or the same player's); for one player, his part of a review of everyone's.
/// `None` when there is none, it does not read, or it is of something else.
pub fn load(path: &Path, spec: &Spec, save: &SaveFile, options: &ReviewOptions) -> Option<Review> {
    let text = carrom_store::read_to_string(&path_for(path)).ok()?;
    let stored: StoredReview = serde_json::from_str(&text).ok()?;
    let fits = stored.format == FORMAT
        && stored.version == VERSION
        && stored.made_from == made_from(spec, save)
        && stored.review.seed == options.seed
        && options.limit.is_none();
    if !fits {
        return None;
    }
    let review = stored.review;
    let wanted = options.player.as_deref().map(|w| {
        let names = save.setup.players.iter().map(|p| p.name.as_str());
        names
            .into_iter()
            .find(|n| n.eq_ignore_ascii_case(w.trim()))
            .unwrap_or(w)
            .to_string()
    });
    match (&review.player, wanted) {
        (None, None) => Some(review),
        (None, Some(w)) => Some(review.for_player(&w)),
        (Some(p), Some(w)) if *p == w => Some(review),
        _ => None,
    }
}

/// Keeps `review` of `save` (read from `path`) beside it, atomically; a review of one player
/// does not replace a review of everyone's that fits the save.
pub fn store(path: &Path, spec: &Spec, save: &SaveFile, review: &Review) -> Result<(), WriteError> {
    let everyone = ReviewOptions {
        seed: review.seed,
        ..ReviewOptions::default()
    };
    if review.player.is_some() && load(path, spec, save, &everyone).is_some() {
        return Ok(());
    }
    let stored = StoredReview {
        format: FORMAT.into(),
        version: VERSION,
        made_from: made_from(spec, save),
        review: review.clone(),
    };
    let text = serde_json::to_string(&stored).unwrap_or_default();
    carrom_store::write_atomically(&path_for(path), text.as_bytes())
}

/// Where the review [`kept_or_made`] gives came from.
#[derive(Debug)]
pub enum Source {
    /// Kept beside the save, at this path.
    Kept(PathBuf),
    /// Made now, in this many seconds, and kept beside the save unless this error says why
    /// not.
    Made {
        seconds: f64,
        not_kept: Option<WriteError>,
    },
}

impl Source {
    /// Where the review came from, in words: "the review kept in FILE.review", "reviewed in
    /// 3.2 s".
    pub fn note(&self) -> String {
        match self {
            Source::Kept(path) => format!("the review kept in {}", path.display()),
            Source::Made { seconds, .. } => format!("reviewed in {seconds:.1} s"),
        }
    }
}

/// The review of the save `save` read from `path`: the one kept beside it when it fits
/// ([`load`]; not when `fresh`), the save still checked (a tampered file is refused whatever is
/// kept beside it); else a new one ([`review`], `progress` told as each stroke is judged),
/// then kept beside the save ([`store`]).
pub fn kept_or_made(
    spec: &Spec,
    path: &Path,
    save: &SaveFile,
    options: &ReviewOptions,
    fresh: bool,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<(Review, Source), ReviewError> {
    let name = path.display().to_string();
    if let Some(kept) = (!fresh).then(|| load(path, spec, save, options)).flatten() {
        strokes_of(spec, save, &name)?;
        return Ok((kept, Source::Kept(path_for(path))));
    }
    let t0 = Instant::now();
    let made = review(spec, save, &name, options, progress)?;
    let not_kept = store(path, spec, save, &made).err();
    let seconds = t0.elapsed().as_secs_f64();
    Ok((made, Source::Made { seconds, not_kept }))
}
