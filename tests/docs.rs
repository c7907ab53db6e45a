//! The docs a newcomer reads stay true: the README's tree of the repository names only what
//! exists and lists every top-level folder and every crate, every crate has a README that says
//! how to test it, and the README stays short.

use std::fs;
use std::path::{Path, PathBuf};

/// The line just above the README's tree (a fenced block).
const TREE_MARK: &str = "<!-- tree: checked by tests/docs.rs -->";
const README_MAX_LINES: usize = 300;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The paths the README's tree lists, relative to the repository's root. Each line of the tree
/// is a name (a folder's ends in `/`), indented two spaces a level under its folder, then what
/// it is.
fn tree_paths(readme: &str) -> Vec<String> {
    let mut lines = readme.lines().skip_while(|l| l.trim() != TREE_MARK).skip(1);
    let fence = lines.next().expect("the README has no tree after its mark");
    assert!(
        fence.starts_with("```"),
        "the tree's mark is not followed by a fenced block"
    );
    let mut folders: Vec<&str> = Vec::new();
    let mut paths = Vec::new();
    for line in lines.take_while(|l| !l.starts_with("```")) {
        let Some(name) = line.split_whitespace().next() else {
            continue;
        };
        let indent = line.len() - line.trim_start().len();
        assert!(
            indent.is_multiple_of(2),
            "the tree's line {line:?}: indent by two spaces"
        );
        let depth = indent / 2;
        assert!(
            depth <= folders.len(),
            "the tree's line {line:?} is indented under no folder"
        );
        folders.truncate(depth);
        paths.push(format!("{}{name}", folders.concat()));
        if name.ends_with('/') {
            folders.push(name);
        }
    }
    assert!(!paths.is_empty(), "the README's tree is empty");
    paths
}

/// The folders in `dir`, by name, leaving out hidden ones and Cargo's `target`.
fn folders_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder's entry"))
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| !name.starts_with('.') && name != "target")
        .collect();
    names.sort();
    names
}

fn crate_folders() -> Vec<PathBuf> {
    folders_in(&root().join("crates"))
        .into_iter()
        .map(|name| root().join("crates").join(name))
        .collect()
}

#[test]
fn every_path_in_the_readme_tree_exists() {
    for path in tree_paths(&read(&root().join("README.md"))) {
        let on_disk = root().join(path.trim_end_matches('/'));
        if path.ends_with('/') {
            assert!(
                on_disk.is_dir(),
                "the README's tree lists {path}: no such folder"
            );
        } else {
            assert!(
                on_disk.is_file(),
                "the README's tree lists {path}: no such file"
            );
        }
    }
}

#[test]
fn the_readme_tree_lists_every_top_level_folder_and_every_crate() {
    let listed = tree_paths(&read(&root().join("README.md")));
    let top = folders_in(root())
        .into_iter()
        .map(|name| format!("{name}/"));
    let crates = folders_in(&root().join("crates"))
        .into_iter()
        .map(|name| format!("crates/{name}/"));
    for folder in top.chain(crates) {
        assert!(
            listed.contains(&folder),
            "{folder} is missing from the README's tree"
        );
    }
}

#[test]
fn every_crate_has_a_readme_that_says_how_to_test_it() {
    for dir in crate_folders() {
        let manifest = read(&dir.join("Cargo.toml"));
        let package = manifest
            .lines()
            .find_map(|l| l.trim().strip_prefix("name = "))
            .map(|name| name.trim_matches('"'))
            .unwrap_or_else(|| panic!("{}: no package name", dir.display()));
        let readme = dir.join("README.md");
        assert!(readme.is_file(), "{} has no README.md", dir.display());
        let command = format!("cargo test --release -p {package}");
        assert!(
            read(&readme).contains(&command),
            "{} does not say how to test the crate (`{command}`)",
            readme.display()
        );
    }
}

#[test]
fn the_readme_is_at_most_300_lines() {
    let lines = read(&root().join("README.md")).lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines; at most {README_MAX_LINES}: move the detail to docs/"
    );
}
