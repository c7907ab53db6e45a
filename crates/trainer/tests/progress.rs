//! Progress: the level moves with two in a row and is kept; progress survives a reload; a
//! damaged file is named and set aside, never lost.

use carrom_physics::Spec;
use carrom_trainer::{Day, DrillKind, Ladder, Progress, Trainer, progress_path};

#[test]
fn two_successes_in_a_row_move_up_and_two_misses_move_down() {
    let mut l = Ladder::default();
    assert_eq!(l.record(true), 0);
    assert_eq!(l.record(true), 1);
    assert_eq!(l.level, 2);
    // A success then a miss moves nothing; a second miss moves down.
    assert_eq!((l.record(true), l.record(false)), (0, 0));
    assert_eq!(l.level, 2);
    assert_eq!(l.record(false), -1);
    assert_eq!(l.level, 1);
    // Never below 1 or above the top level.
    assert_eq!((l.record(false), l.record(false)), (0, 0));
    assert_eq!(l.level, 1);
    for _ in 0..20 {
        l.record(true);
    }
    assert_eq!(l.level, carrom_trainer::LEVELS);
}

#[test]
fn progress_and_the_level_reached_survive_a_reload() {
    let dir = tempfile::tempdir().unwrap();
    let spec = Spec::default();
    let day = Day("2026-11-26".into());
    let (mut t, warning) = Trainer::open(dir.path(), "Asha").unwrap();
    assert!(warning.is_none());
    let d = t.start(&spec, DrillKind::Cut30, 1).unwrap();
    assert_eq!(d.level, 1);
    for _ in 0..2 {
        t.play(&spec, &d, &d.demonstration, &day).unwrap();
    }
    assert_eq!(t.level(DrillKind::Cut30), 2);
    let d2 = t.start(&spec, DrillKind::Cut30, 2).unwrap();
    assert_eq!(d2.level, 2);
    let mut miss = d2.demonstration;
    miss.power *= 0.3;
    t.play(&spec, &d2, &miss, &Day("2026-11-27".into()))
        .unwrap();
    assert_eq!(t.level(DrillKind::Cut30), 2);
    assert_eq!(t.progress.ladder(DrillKind::Cut30).run, -1);
    t.save().unwrap();
    let (again, warning) = Trainer::open(dir.path(), "Asha").unwrap();
    assert!(warning.is_none());
    assert_eq!(again.progress, t.progress);
    assert_eq!(again.level(DrillKind::Cut30), 2);
    assert_eq!(again.start(&spec, DrillKind::Cut30, 5).unwrap().level, 2);
    let row = again
        .drills()
        .into_iter()
        .find(|r| r.kind == DrillKind::Cut30)
        .unwrap();
    assert_eq!((row.attempts, row.successes, row.level), (3, 2, 2));
    assert_eq!(again.progress.days.len(), 2);
    let day1 = &again.progress.days[&day][&DrillKind::Cut30][&1];
    assert_eq!((day1.attempts, day1.successes), (2, 2));
    // Nothing else is left in the directory: the write was a rename.
    let files: Vec<_> = std::fs::read_dir(dir.path().join("trainer"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(files, vec![std::ffi::OsString::from("Asha.json")]);
}

#[test]
fn a_damaged_file_is_named_set_aside_and_the_defaults_used() {
    let dir = tempfile::tempdir().unwrap();
    let path = progress_path(dir.path(), "Ravi");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let damaged = "{\"format\": \"carrom-trainer-progress\", \"version\": 1, \"name\": \"Ravi\",\n \"ladders\": {\"cut_30\": {\"level\": \"two\"}}";
    std::fs::write(&path, damaged).unwrap();
    let (t, warning) = Trainer::open(dir.path(), "Ravi").unwrap();
    let warning = warning.expect("a warning");
    assert!(warning.contains(&path.display().to_string()), "{warning}");
    assert!(warning.contains("set aside as"), "{warning}");
    assert_eq!(t.progress, Progress::new("Ravi"));
    assert!(!path.exists());
    let aside: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".damaged-"))
        .collect();
    assert_eq!(aside.len(), 1);
    assert!(
        warning.contains(&aside[0].display().to_string()),
        "{warning}"
    );
    assert_eq!(std::fs::read_to_string(&aside[0]).unwrap(), damaged);
    // Saving writes a fresh file; the damaged one stays aside.
    t.save().unwrap();
    assert!(path.exists() && aside[0].exists());
}

/// A damaged file whose field holds 50 MB: the warning names the field and the files and quotes
/// at most a few hundred characters of what it holds (the game draws it in the call box).
#[test]
fn a_huge_damaged_field_is_quoted_short() {
    let huge = "x".repeat(50_000_000);
    let head = "\"format\": \"carrom-trainer-progress\", \"version\": 1, \"name\": \"Ravi\"";
    for (field, damaged) in [
        (
            "level`: invalid type: string",
            format!("{{{head}, \"ladders\": {{\"cut_30\": {{\"level\": \"{huge}\"}}}}}}"),
        ),
        (
            "format",
            format!(
                "{{\"format\": \"{huge}\", \"version\": 1, \"name\": \"Ravi\", \"ladders\": {{}}, \"days\": {{}}}}"
            ),
        ),
        (
            "is not a day (YYYY-MM-DD)",
            format!(
                "{{{head}, \"ladders\": {{}}, \"days\": {{\"{huge}\": {{\"cut_30\": {{\"9\": {{\"attempts\": 1, \"successes\": 0}}}}}}}}}}"
            ),
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let path = progress_path(dir.path(), "Ravi");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &damaged).unwrap();
        let (_, warning) = Trainer::open(dir.path(), "Ravi").unwrap();
        let warning = warning.expect("a warning");
        assert!(warning.len() < 1000, "{field}: {} bytes", warning.len());
        assert!(warning.contains(field), "{field}: {warning}");
        assert!(warning.contains("(50000000 characters)"), "{warning}");
        assert!(warning.contains(&path.display().to_string()), "{warning}");
        assert!(warning.contains("set aside as"), "{warning}");
    }
}

/// Attempts that add up past a count (over days, drills or levels) are refused, naming the
/// tally where the sum runs over: no total is ever wrapped.
#[test]
fn attempts_adding_up_past_a_count_are_refused() {
    let mut p = Progress::new("Asha");
    let (first, second) = (Day("2026-11-25".into()), Day("2026-11-26".into()));
    p.record(DrillKind::Cut30, 1, true, &first);
    p.record(DrillKind::Break, 2, true, &second);
    let text =
        serde_json::to_string(&p)
            .unwrap()
            .replacen("\"attempts\":1", "\"attempts\":4294967295", 1);
    let e = Progress::parse(&text, "Asha.json").unwrap_err().to_string();
    assert!(
        e.starts_with("Asha.json: days.2026-11-26.break.2.attempts: the file's attempts"),
        "{e}"
    );
}

/// A level out of range is refused with its field named.
#[test]
fn a_level_out_of_range_is_named() {
    let mut p = Progress::new("Asha");
    p.record(DrillKind::Break, 1, true, &Day("2026-11-26".into()));
    let text = serde_json::to_string(&p)
        .unwrap()
        .replace("\"level\":1", "\"level\":9");
    let e = Progress::parse(&text, "Asha.json").unwrap_err().to_string();
    assert!(e.starts_with("Asha.json: ladders.break.level: 9"), "{e}");
}

/// A ladder's field that does not read names its drill (the map's key), not `ladders.?`; and
/// every drill reads back from its key.
#[test]
fn a_ladders_field_that_does_not_read_names_its_drill() {
    let mut p = Progress::new("Asha");
    p.record(DrillKind::Cut30, 1, true, &Day::from_unix_days(20_783));
    let text = serde_json::to_string(&p)
        .unwrap()
        .replace("\"level\":1", "\"level\":300");
    let e = Progress::parse(&text, "Asha.json").unwrap_err().to_string();
    assert!(
        e.starts_with("Asha.json: field `ladders.cut_30.level`: invalid value: integer `300`"),
        "{e}"
    );
    let text = serde_json::to_string(&p)
        .unwrap()
        .replace("cut_30", "cut_31");
    let e = Progress::parse(&text, "Asha.json").unwrap_err().to_string();
    assert!(
        e.contains("unknown variant `cut_31`, expected one of"),
        "{e}"
    );
    for kind in DrillKind::ALL {
        let read: DrillKind = serde_json::from_str(&format!("\"{}\"", kind.key())).unwrap();
        assert_eq!(read, kind);
        assert_eq!(
            serde_json::to_string(&kind).unwrap(),
            format!("\"{}\"", kind.key())
        );
    }
}

/// A name no player may have (50,000 characters, an escape) is refused, not printed.
#[test]
fn a_progress_file_whose_name_no_player_may_have_is_refused() {
    for (name, says) in [
        (
            "x".repeat(50_000),
            "name: a name is 1 to 24 characters (this one has 50000)",
        ),
        (
            "Asha\u{1b}[2J".to_string(),
            "name: a name has no control characters",
        ),
    ] {
        let mut p = Progress::new("Asha");
        p.name = name;
        let text = serde_json::to_string(&p).unwrap();
        let e = Progress::parse(&text, "Asha.json").unwrap_err().to_string();
        assert!(e.starts_with(&format!("Asha.json: {says}")), "{e}");
        assert!(e.len() < 200, "{e}");
    }
}

#[test]
fn days_are_counted_from_the_unix_epoch() {
    assert_eq!(Day::from_unix_days(0).0, "1970-01-01");
    assert_eq!(Day::from_unix_days(20_783).0, "2026-11-26");
    assert_eq!(Day::from_unix_days(11_016).0, "2000-02-29");
}

mod invariants {
    use carrom_trainer::{Day, DrillKind, LEVELS, Ladder, Progress};
    use proptest::prelude::*;

    proptest! {
        /// Whatever the run of results, the level stays within 1 to the top, moves by one at a
        /// time, and only after two equal results in a row.
        #[test]
        fn the_level_stays_in_range_and_moves_only_after_two_in_a_row(
            results in proptest::collection::vec(any::<bool>(), 0..60)
        ) {
            let mut l = Ladder::default();
            let mut last: Option<bool> = None;
            let mut streak = 0;
            for r in results {
                streak = if last == Some(r) { streak + 1 } else { 1 };
                last = Some(r);
                let before = l.level;
                let step = l.record(r);
                prop_assert!((1..=LEVELS).contains(&l.level));
                prop_assert_eq!(i16::from(l.level) - i16::from(before), i16::from(step));
                if step != 0 {
                    prop_assert!(streak >= 2);
                    prop_assert_eq!(step > 0, r);
                    streak = 0;
                    last = None;
                }
            }
        }

        /// Progress written and read back is the same progress, and its totals count every
        /// attempt once.
        #[test]
        fn progress_reads_back_as_written(
            attempts in proptest::collection::vec((0..9usize, 1..=4u8, any::<bool>(), 0..3i64), 0..40)
        ) {
            let mut p = Progress::new("Asha");
            for &(k, level, ok, day) in &attempts {
                p.record(DrillKind::ALL[k], level, ok, &Day::from_unix_days(20_780 + day));
            }
            let text = serde_json::to_string(&p).unwrap();
            let back = Progress::parse(&text, "Asha.json").unwrap();
            prop_assert_eq!(&back, &p);
            let total: u32 = p.totals().values().flat_map(|l| l.values()).map(|t| t.attempts).sum();
            prop_assert_eq!(total as usize, attempts.len());
        }
    }
}
