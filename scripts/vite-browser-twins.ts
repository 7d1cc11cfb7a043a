import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * In the client build, a relative import made by a module of `dir` resolves to the module's
 * `<name>.browser.ts` twin when one exists. The ledger library (server/ledger) keeps its two Node-only
 * modules (sha256.ts, ed25519.ts) and the verification pages run the rest of it unchanged.
 */
export function browserTwins(dir: string): Plugin {
  const root = path.resolve(dir);
  return {
    name: "browser-twins",
    enforce: "pre",
    resolveId(source, importer) {
      if (!importer || !source.startsWith("./") || path.dirname(importer) !== root) return null;
      const twin = path.join(root, source.replace(/\.js$/, ".browser.ts"));
      return fs.existsSync(twin) ? twin : null;
    },
  };
}
