//! The `fiscard` command itself.

use std::process::Command;

/// Asking for help only prints it: it writes no data directory or secrets where it runs.
#[test]
fn help_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    for args in [
        &["--help"][..],
        &["admin", "--help"],
        &["simulate", "purchase", "--help"],
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_fiscard"))
            .args(args)
            .current_dir(dir.path())
            .env_remove("FISCARD_DATA_DIR")
            .env_remove("DATABASE_URL")
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}: {output:?}");
        assert!(
            String::from_utf8_lossy(&output.stdout).contains("Usage"),
            "{args:?}"
        );
    }
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "help wrote {left:?}");
}
