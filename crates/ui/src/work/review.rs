//! A match's review off the frame: the match walked, then each stroke judged by the coach,
//! the news sent to the window as it comes.

use bevy::tasks::Task;
#[cfg(not(target_arch = "wasm32"))]
use carrom_ai::review::Watch;
use carrom_ai::review::{Review, ReviewOptions, StrokeReview, stored};
use carrom_match::SaveFile;
use carrom_physics::Spec;
use serde::{Deserialize, Serialize};

/// Why a match has no review (the review's page says it in these words). In the browser it
/// comes from the page's worker as JSON, so the coach's reason is held as its words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum NoReview {
    /// The coach cannot review the save (it does not replay as recorded, it has no such
    /// player, the review was stopped).
    #[error("{0}")]
    Refused(String),
    /// The review's page was left before the review was done.
    #[error("the review was left")]
    Left,
}

impl From<carrom_ai::review::ReviewError> for NoReview {
    fn from(e: carrom_ai::review::ReviewError) -> NoReview {
        NoReview::Refused(e.to_string())
    }
}

/// What a review under way sends the window, as it goes.
pub enum ReviewNews {
    /// The match played again: every stroke's position and the chances after it.
    Walked(Box<carrom_ai::review::Walked>),
    /// A stroke judged: `done` of `total`.
    Judged {
        stroke: Box<StrokeReview>,
        done: usize,
        total: usize,
    },
    /// The review, or why there is none.
    Done(Result<Review, NoReview>),
}

/// A review off the frame: its news on `news` as it works (it stops when this goes).
pub struct ReviewWork {
    pub news: std::sync::Mutex<std::sync::mpsc::Receiver<ReviewNews>>,
    /// In the browser, the task on the page that runs it.
    _task: Option<Task<()>>,
}

/// Reviews `save` off the frame: the match walked, then each stroke judged by the coach as
/// `carrom review` judges it. A review kept beside the save at `path` is read instead (the
/// walk still gives the positions); one made is kept there.
///
/// On the desktop it runs on a thread of its own, not on the async compute pool: a review
/// takes a minute or more, and that pool also compiles the renderer's pipelines (on two cores
/// it has one thread), so the review's page would not be drawn until the review was done. In
/// the browser the page's worker walks the match and judges it stroke by stroke, the page
/// asking for each in turn and drawing between.
pub fn review(spec: &Spec, save: SaveFile, path: Option<std::path::PathBuf>) -> ReviewWork {
    let (send, news) = std::sync::mpsc::channel();
    let spec = spec.clone();
    let name = name_of(path.as_deref());
    #[cfg(target_arch = "wasm32")]
    let task = Some(bevy::tasks::AsyncComputeTaskPool::get().spawn(async move {
        let kept = kept(&spec, &save, path.as_deref());
        let made = kept.is_none();
        let done = super::web::review(&spec, &save, &name, &send, kept).await;
        if made {
            keep(&spec, &save, path.as_deref(), &done);
        }
        let _ = send.send(ReviewNews::Done(done));
        super::web::wake();
    }));
    #[cfg(not(target_arch = "wasm32"))]
    let task = {
        let run = move || {
            let done = match kept(&spec, &save, path.as_deref()) {
                Some(kept) => walked_for(&spec, &save, &name, &send).map(|()| kept),
                None => {
                    let done = review_telling(&spec, &save, &name, &send);
                    keep(&spec, &save, path.as_deref(), &done);
                    done
                }
            };
            let _ = send.send(ReviewNews::Done(done));
        };
        if let Err(e) = std::thread::Builder::new()
            .name("carrom review".into())
            .spawn(run)
        {
            bevy::log::error!("The review cannot start: {e}");
        }
        None
    };
    ReviewWork {
        news: std::sync::Mutex::new(news),
        _task: task,
    }
}

/// The review kept beside the save at `path`, if there is one (made by these physics and this
/// coach).
fn kept(spec: &Spec, save: &SaveFile, path: Option<&std::path::Path>) -> Option<Review> {
    stored::load(path?, spec, save, &ReviewOptions::default())
}

/// The match walked for a kept review's positions, told on `send`.
#[cfg(not(target_arch = "wasm32"))]
fn walked_for(
    spec: &Spec,
    save: &SaveFile,
    name: &str,
    send: &std::sync::mpsc::Sender<ReviewNews>,
) -> Result<(), NoReview> {
    let walked = carrom_ai::review::strokes_of(spec, save, name)?;
    let _ = send.send(ReviewNews::Walked(Box::new(walked)));
    Ok(())
}

/// The match as a review's words name it: its file, or "the match".
fn name_of(path: Option<&std::path::Path>) -> String {
    path.map_or("the match".to_string(), |p| p.display().to_string())
}

/// A review made is kept beside its save (when it has one).
fn keep(
    spec: &Spec,
    save: &SaveFile,
    path: Option<&std::path::Path>,
    done: &Result<Review, NoReview>,
) {
    if let (Some(p), Ok(review)) = (path, done)
        && let Err(e) = stored::store(p, spec, save, review)
    {
        bevy::log::warn!("The review is not kept beside {}: {e}", p.display());
    }
}

/// The review of `save` made here, each step told on `send`.
#[cfg(not(target_arch = "wasm32"))]
fn review_telling(
    spec: &Spec,
    save: &SaveFile,
    name: &str,
    send: &std::sync::mpsc::Sender<ReviewNews>,
) -> Result<Review, NoReview> {
    // The window gone (the review left), the coach stops.
    let tell = |watch: Watch<'_>| {
        send.send(match watch {
            Watch::Walked(w) => ReviewNews::Walked(Box::new(w.clone())),
            Watch::Judged {
                stroke,
                done,
                total,
            } => ReviewNews::Judged {
                stroke: Box::new(stroke.clone()),
                done,
                total,
            },
        })
        .is_ok()
    };
    let options = ReviewOptions::default();
    Ok(carrom_ai::review::review_watched(
        spec, save, name, &options, &tell,
    )?)
}
