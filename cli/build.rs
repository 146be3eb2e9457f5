//! Whether `python3` can be started, for the tests whose drivers are Python
//! scripts: without it they are compiled as ignored, with the reason, so
//! `cargo test` counts them as not run rather than passed or failed.

fn main() {
    println!("cargo:rustc-check-cfg=cfg(twinmul_no_python3)");
    println!("cargo:rerun-if-env-changed=PATH");
    let found = std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        println!("cargo:rustc-cfg=twinmul_no_python3");
        println!("cargo:warning=python3 is not on PATH: the driver tests that need it are ignored (not run)");
    }
}
