import fs from "node:fs";
import path from "node:path";

/**
 * A secret kept in the data folder (owner-only): read when present, otherwise made once by
 * `create` and written beside and renamed, so a crash never leaves a half-written key behind; if
 * two processes race, the first rename wins and both read the file afterwards.
 */
export function readOrCreateKeyFile(dataDir: string, relativePath: string, create: () => string | Buffer): Buffer {
  const file = path.join(dataDir, relativePath);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, create(), { mode: 0o600 });
  if (!fs.existsSync(file)) fs.renameSync(temporary, file);
  else fs.rmSync(temporary, { force: true });
  return fs.readFileSync(file);
}
