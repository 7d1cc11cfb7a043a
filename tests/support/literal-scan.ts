import fs from "node:fs";
import path from "node:path";

/** The repository's root, and the folders whose code the one-fact-one-place tests read. */
export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "../..");
export const SCANNED_FOLDERS = ["src", "server", "tests", "bench", "scripts"];

/**
 * Every code file under the scanned folders except the skipped folders (relative to the root) and
 * the calling test itself; returns `file: match` lines (paths with "/") for each match of `pattern`'s
 * first group, or of the whole match when it has none.
 */
export function findLiterals(pattern: RegExp, options: { skipped: readonly string[]; self: string }): string[] {
  const skipped = options.skipped.map((folder) => path.join(REPOSITORY_ROOT, folder));
  const walk = (directory: string): string[] => {
    if (!fs.existsSync(directory)) return [];
    return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(directory, entry.name);
      if (skipped.includes(full)) return [];
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : walk(full);
      return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && full !== options.self ? [full] : [];
    });
  };
  return SCANNED_FOLDERS.flatMap((folder) => walk(path.join(REPOSITORY_ROOT, folder))).flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(pattern)].map((match) => `${path.relative(REPOSITORY_ROOT, file).split(path.sep).join("/")}: ${match[1] ?? match[0]}`),
  );
}
