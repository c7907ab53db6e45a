//! Board specs load from TOML and RON with ICF defaults and clear errors.

use carrom_physics::{Spec, SpecError};
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
            assert_eq!(field, "materials.restitution_piece_frame")
        }
        other => panic!("{other:?}"),
    }
}
