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

/// `admin credit-wire` refuses a memo whose check character does not agree with its own message
/// (a mistyped memo is never credited to whoever the typo names), before it touches any data.
#[test]
fn credit_wire_refuses_a_mistyped_memo_by_its_check_character() {
    let dir = tempfile::tempdir().unwrap();
    let run = |memo: &str| {
        Command::new(env!("CARGO_BIN_EXE_fiscard"))
            .args(["admin", "credit-wire", "--memo", memo, "--amount", "10.00"])
            .args(["--reference", "R-1"])
            .current_dir(dir.path())
            .env("FISCARD_DATA_DIR", dir.path())
            .env("DATABASE_URL", dir.path().join("fiscard.db"))
            .output()
            .unwrap()
    };
    // 7K3M9QX2D is well formed (tests/vectors/wire-memo.json); one character changed is not.
    let mistyped = run("7K3M9QX2E");
    assert!(!mistyped.status.success());
    let said = String::from_utf8_lossy(&mistyped.stderr);
    assert!(
        said.contains("mistyped") && said.contains("check character"),
        "{said}"
    );
    let uid = run("0190f5c2-7b1e-7c3a-9d4e-1a2b3c4d5e6f");
    assert!(!uid.status.success());
    assert!(String::from_utf8_lossy(&uid.stderr).contains("is not a wire memo"));
    // A well-formed memo nobody holds is told apart.
    let unknown = run("7K3M9QX2D");
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("no user has that memo"));
}
