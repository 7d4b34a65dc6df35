import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

/**
 * Where cargo builds (target/ unless CARGO_TARGET_DIR or a cargo config says otherwise), as cargo
 * reports it: the tests that read what the Rust build made look there when the Makefile has not
 * said (`make test-web` passes their paths).
 */
export function cargoTargetDir(): string {
  try {
    const metadata = execFileSync("cargo", ["metadata", "--format-version", "1", "--no-deps"], {
      cwd: resolve(__dirname, "../../.."),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return (JSON.parse(metadata) as { target_directory: string }).target_directory;
  } catch {
    return resolve(__dirname, "../../../target");
  }
}
