//! Board specs load from TOML and RON with ICF defaults and clear errors.

use carrom_physics::{Spec, SpecError};
use proptest::prelude::*;
use std::io::Write;

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("carrom-spec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::File::create(&path)
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    path
}

#[test]
fn defaults_are_the_icf_equipment_rules() {
    let b = Spec::default().board;
    assert_eq!(b.playing_surface, 0.74);
    assert_eq!(b.pocket_diameter, 0.0445);
    assert_eq!(b.base_line_length, 0.47);
    assert_eq!((b.coin_diameter, b.coin_mass), (0.0318, 0.0055));
    assert_eq!((b.striker_diameter, b.striker_mass), (0.0413, 0.015));
    assert_eq!(b.outer_circle_diameter, 0.17);
}

#[test]
fn a_partial_toml_file_keeps_the_other_defaults() {
    let path = write("partial.toml", "[materials]\nboard_friction = 0.2\n");
    let spec = Spec::load(&path).unwrap();
    assert_eq!(spec.materials.board_friction, 0.2);
    assert_eq!(spec.board, Spec::default().board);
}

#[test]
fn ron_files_load_too() {
    let path = write("s.ron", "(materials: (max_striker_speed: 5.5))");
    assert_eq!(Spec::load(&path).unwrap().materials.max_striker_speed, 5.5);
}

#[test]
fn a_malformed_file_names_the_file_the_line_and_the_field() {
    let path = write(
        "bad.toml",
        "[board]\nplaying_surface = 0.74\ncoin_mass = \"heavy\"\n",
    );
    let err = Spec::load(&path).unwrap_err().to_string();
    assert!(err.contains("bad.toml"), "{err}");
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("coin_mass"), "{err}");
    let path = write("unknown.toml", "[board]\npocket_size = 1\n");
    let err = Spec::load(&path).unwrap_err().to_string();
    assert!(err.contains("pocket_size"), "{err}");
}

#[test]
fn impossible_values_are_rejected_with_the_field() {
    let path = write("neg.toml", "[materials]\nrestitution_piece_frame = 1.5\n");
    match Spec::load(&path) {
        Err(SpecError::Invalid { field, .. }) => {
            assert_eq!(field, "[materials].restitution_piece_frame")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_field_has_a_range_that_holds_its_default() {
    let spec = Spec::default();
    assert_eq!(spec.validate(), Ok(()));
    for range in Spec::RANGES {
        let v = range.get(&spec);
        assert!(range.min <= v && v <= range.max, "{range:?}: default {v}");
    }
    // Every field of every section is covered.
    let fields = |section: &str, value: toml::Value| -> Vec<String> {
        value
            .as_table()
            .unwrap()
            .keys()
            .map(|k| format!("[{section}].{k}"))
            .collect()
    };
    let all = toml::Value::try_from(&spec).unwrap();
    let mut names: Vec<String> = ["board", "materials", "sim"]
        .iter()
        .flat_map(|section| fields(section, all[*section].clone()))
        .collect();
    let mut ranged: Vec<String> = Spec::RANGES.iter().map(|r| r.field.to_string()).collect();
    names.sort();
    ranged.sort();
    assert_eq!(names, ranged);
}

#[test]
fn a_value_out_of_range_is_named_with_its_section_and_the_range() {
    let path = write("tiny_dt.toml", "[sim]\nmin_dt = 1e-30\nmax_dt = 1e-29\n");
    let err = Spec::load(&path).unwrap_err().to_string();
    assert!(
        err.ends_with(
            "tiny_dt.toml: [sim].min_dt: 1e-30 is below 1e-5; the range is 1e-5 to 0.01 s"
        ),
        "{err}"
    );
    for (text, field, says) in [
        (
            "[sim]\nsolver_iterations = 1000000000\n",
            "[sim].solver_iterations",
            "is above 16.0",
        ),
        (
            "[sim]\nmax_time = 1e30\n",
            "[sim].max_time",
            "is above 120.0",
        ),
        (
            "[sim]\nrest_speed = nan\n",
            "[sim].rest_speed",
            "is not a number",
        ),
        (
            "[board]\narrow_length = nan\n",
            "[board].arrow_length",
            "is not a number",
        ),
        (
            "[materials]\nmax_striker_speed = 1e30\n",
            "[materials].max_striker_speed",
            "above 20.0",
        ),
        (
            "[board]\ncoin_mass = 1e-40\n",
            "[board].coin_mass",
            "is below 0.001",
        ),
        (
            "[board]\npocket_diameter = 2\n",
            "[board].pocket_diameter",
            "is above 0.08",
        ),
        (
            "[board]\nouter_circle_diameter = -5\n",
            "[board].outer_circle_diameter",
            "-5.0 is below 0.1",
        ),
        (
            "[sim]\nmin_dt = 0.005\nmax_dt = 0.002\n",
            "[sim].min_dt",
            "above [sim].max_dt",
        ),
        (
            "[board]\nbase_line_length = 0.59\n",
            "[board].base_line_length",
            "longer than the board",
        ),
        (
            "[board]\nstriker_diameter = 0.03\nbase_line_gap = 0.04\n",
            "[board].striker_diameter",
            "touch both base lines",
        ),
    ] {
        let err = Spec::load(&write("range.toml", text))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(&format!("{field}: ")) && err.contains(says),
            "{text}: {err}"
        );
    }
}

#[test]
fn a_ron_extension_in_capitals_is_read_as_ron() {
    let path = write("S.RON", "(materials: (max_striker_speed: 5.5))");
    assert_eq!(Spec::load(&path).unwrap().materials.max_striker_speed, 5.5);
}

proptest! {
    #[test]
    fn any_value_outside_a_fields_range_is_rejected_naming_the_field(
        k in 0..Spec::RANGES.len(),
        below in any::<bool>(),
        by in 1e-3f32..1e6,
    ) {
        let range = Spec::RANGES[k];
        let v = if below { range.min - by.max(range.min.abs() * 1e-3) } else { range.max + by };
        let key = range.field.split_once("].").unwrap();
        let section = key.0.trim_start_matches('[');
        let text = if range.field == "[sim].solver_iterations" {
            format!("[{section}]\n{} = {}\n", key.1, if below { 0 } else { 17 + by as u64 })
        } else {
            format!("[{section}]\n{} = {v:e}\n", key.1)
        };
        match Spec::load(&write(&format!("p{k}.toml"), &text)) {
            Err(SpecError::Invalid { field, message, .. }) => {
                prop_assert_eq!(field, range.field);
                prop_assert!(message.contains(&range.describe()), "{}", message);
            }
            other => prop_assert!(false, "{}: {:?}", text, other.map(|_| ())),
        }
    }
}
