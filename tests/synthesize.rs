//! `sat2chess gadgets synthesize` (issue 32): the smallest gadget in a frame, written as a
//! gadget file that `gadgets verify` accepts; an exhausted frame exits 1.

use std::process::Output;

use crate::common::{run, scratch};

/// `sat2chess gadgets synthesize --piece king --function` followed by `args`.
fn synthesize(args: &[&str]) -> Output {
    let mut all = vec!["gadgets", "synthesize", "--piece", "king", "--function"];
    all.extend_from_slice(args);
    run(&all)
}

#[test]
fn synthesized_corner_verifies_and_small_frames_are_exhausted() {
    let dir = scratch("synthesize");
    let file = dir.join("corner.txt");
    let file_arg = file.to_str().unwrap();
    let found = synthesize(&[
        "corner",
        "--frame",
        "4x3",
        "--max-pieces",
        "4",
        "-o",
        file_arg,
    ]);
    assert_eq!(found.status.code(), Some(0), "{found:?}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("board:\na2.\na22\n..2\n.XX\n"), "{text}");
    assert!(
        text.contains("no gadget with at most 3 kings exists in this frame"),
        "{text}"
    );
    let verified = run(&["gadgets", "verify", "--piece", "king", "--file", file_arg]);
    assert_eq!(verified.status.code(), Some(0), "{verified:?}");

    let exhausted = synthesize(&["corner", "--frame", "3x4"]);
    assert_eq!(exhausted.status.code(), Some(1), "{exhausted:?}");
    let stderr = String::from_utf8_lossy(&exhausted.stderr);
    assert!(stderr.contains("frame 3x4 exhausted"), "{stderr}");
    assert!(stderr.contains("at most 2 kings: exhausted"), "{stderr}");
    let quiet = synthesize(&["corner", "--frame", "3x4", "--quiet"]);
    assert_eq!(quiet.status.code(), Some(1), "{quiet:?}");
    let stderr = String::from_utf8_lossy(&quiet.stderr);
    assert_eq!(
        stderr.lines().count(),
        1,
        "--quiet keeps the verdict only: {stderr}"
    );

    let resumed = synthesize(&[
        "corner",
        "--frame",
        "4x3",
        "--max-pieces",
        "4",
        "--first-bound",
        "4",
    ]);
    assert_eq!(resumed.status.code(), Some(0), "{resumed:?}");
    let text = String::from_utf8_lossy(&resumed.stdout);
    assert!(text.contains("no smaller bound was searched"), "{text}");

    let bad = synthesize(&["corner", "--frame", "4by3"]);
    assert_eq!(bad.status.code(), Some(2), "{bad:?}");
}

/// `--in-tiles`: a candidate must also work in every King tile that stamps the library
/// gadget of its name (the 1-test: the 1-test tile), else it is blocked; a function file
/// whose gadget the tiles do not stamp is refused.
#[test]
fn in_tiles_checks_the_tiles_that_stamp_the_gadget() {
    let dir = scratch("synthesize-in-tiles");
    let file = dir.join("one_test.txt");
    let found = synthesize(&[
        "one-test",
        "--frame",
        "2x4",
        "--max-pieces",
        "3",
        "--in-tiles",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert_eq!(found.status.code(), Some(0), "{found:?}");
    let stderr = String::from_utf8_lossy(&found.stderr);
    assert!(stderr.contains("0 refused in the tiles"), "{stderr}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        text.contains("no gadget that works in the King tiles with at most 2 kings"),
        "{text}"
    );

    let spec = dir.join("renamed.txt");
    let library = std::fs::read_to_string("gadgets/king/one_test.txt").unwrap();
    std::fs::write(
        &spec,
        library.replace("gadget: one-test", "gadget: my-test"),
    )
    .unwrap();
    let refused = synthesize(&[spec.to_str().unwrap(), "--in-tiles"]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("`my-test` is none of them"), "{stderr}");

    // A Knight gadget is refused for being a Knight's, before any tile is looked up.
    let knight = run(&[
        "gadgets",
        "synthesize",
        "--piece",
        "knight",
        "--function",
        "flip",
        "--in-tiles",
    ]);
    assert_eq!(knight.status.code(), Some(2), "{knight:?}");
    let stderr = String::from_utf8_lossy(&knight.stderr);
    assert!(
        stderr.contains("only King gadgets are synthesized"),
        "{stderr}"
    );
    assert!(!stderr.contains("none of them"), "{stderr}");
}

/// `--avoid FILE`: the candidates refused in the tiles are written down as they are
/// refused, and a search given the file again skips them (no tile search); a file of
/// another frame, a broken file, or `--avoid` without `--in-tiles` is refused.
#[test]
fn avoid_lists_the_refusals_and_a_rerun_skips_them() {
    let dir = scratch("synthesize-avoid");
    let list = dir.join("corner-5x5.txt");
    let list_arg = list.to_str().unwrap();
    let search = |frame: &str| {
        synthesize(&[
            "corner",
            "--frame",
            frame,
            "--max-pieces",
            "6",
            "--in-tiles",
            "--avoid",
            list_arg,
        ])
    };
    let first = search("5x5");
    assert_eq!(first.status.code(), Some(1), "{first:?}");
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert!(
        stderr.contains("3 refused in the tiles (and 0 refused before"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&list).unwrap();
    assert_eq!(text.matches("\nrefused: ").count(), 3, "{text}");
    assert!(
        text.contains("function: corner\nframe: 5x5\ntiles: "),
        "{text}"
    );

    let again = search("5x5");
    assert_eq!(again.status.code(), Some(1), "{again:?}");
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(
        stderr.contains("0 refused in the tiles (and 3 refused before"),
        "{stderr}"
    );
    assert!(stderr.contains("no gadget that works in the King tiles with at most 6 kings"));
    assert_eq!(std::fs::read_to_string(&list).unwrap(), text);

    let other = search("5x4");
    assert_eq!(other.status.code(), Some(2), "{other:?}");
    let stderr = String::from_utf8_lossy(&other.stderr);
    assert!(
        stderr.contains("was written for the frame 5x5, not 5x4"),
        "{stderr}"
    );

    std::fs::write(&list, format!("{text}refused: 1,1 two\n")).unwrap();
    let broken = search("5x5");
    assert_eq!(broken.status.code(), Some(2), "{broken:?}");
    let stderr = String::from_utf8_lossy(&broken.stderr);
    assert!(
        stderr.contains("corner-5x5.txt:9: expected `refused:`"),
        "{stderr}"
    );

    let without = synthesize(&["corner", "--avoid", list_arg]);
    assert_eq!(without.status.code(), Some(2), "{without:?}");
}
