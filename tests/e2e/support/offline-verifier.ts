import { execFileSync } from "node:child_process";
import path from "node:path";

const VERIFIER = path.resolve(import.meta.dirname, "../../../bin/hengzheng-verify.mjs");

/** Runs the offline verifier (`verify <pdf> [file]`) as a court would: answers its exit code and what it printed. */
export function verifyOffline(...args: string[]): { status: number; output: string } {
  try {
    return { status: 0, output: execFileSync(process.execPath, [VERIFIER, "verify", ...args], { encoding: "utf8" }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: `${failed.stdout}${failed.stderr}` };
  }
}
