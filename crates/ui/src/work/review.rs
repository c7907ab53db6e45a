//! A match's review off the frame: the match walked, then each stroke judged by the coach,
//! the news sent to the window as it comes.

use bevy::tasks::Task;
use carrom_ai::review::{Review, ReviewOptions, StrokeReview, Watch, stored};
use carrom_match::SaveFile;
use carrom_physics::Spec;

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
    Done(Result<Review, String>),
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
/// the browser it runs on the page (the worker does not take it yet), which holds still while
/// it does.
pub fn review(spec: &Spec, save: SaveFile, path: Option<std::path::PathBuf>) -> ReviewWork {
    let (send, news) = std::sync::mpsc::channel();
    let spec = spec.clone();
    let run = move || {
        let done = review_telling(&spec, &save, path.as_deref(), &send);
        let _ = send.send(ReviewNews::Done(done));
    };
    #[cfg(target_arch = "wasm32")]
    let task = Some(bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { run() }));
    #[cfg(not(target_arch = "wasm32"))]
    let task = {
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

/// The review of `save`, each step told on `send`.
fn review_telling(
    spec: &Spec,
    save: &SaveFile,
    path: Option<&std::path::Path>,
    send: &std::sync::mpsc::Sender<ReviewNews>,
) -> Result<Review, String> {
    let name = path.map_or("the match".to_string(), |p| p.display().to_string());
    let options = ReviewOptions::default();
    if let Some(kept) = path.and_then(|p| stored::load(p, spec, save, &options)) {
        let walked = carrom_ai::review::strokes_of(spec, save, &name).map_err(|e| e.to_string())?;
        let _ = send.send(ReviewNews::Walked(Box::new(walked)));
        return Ok(kept);
    }
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
    let review = carrom_ai::review::review_watched(spec, save, &name, &options, &tell)
        .map_err(|e| e.to_string())?;
    if let Some(p) = path
        && let Err(e) = stored::store(p, spec, save, &review)
    {
        bevy::log::warn!("The review is not kept beside {}: {e}", p.display());
    }
    Ok(review)
}
