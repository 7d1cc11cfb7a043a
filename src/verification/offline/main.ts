import { runVerifyCommand } from "./verify-command";

// Entry of bin/hengzheng-verify.mjs (scripts/build-verifier.ts bundles this file).
process.exitCode = await runVerifyCommand(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
