import path from "node:path";

/**
 * Compiles the server once into dist-server/ (plain ESM JavaScript), so `npm start` and the
 * end-to-end tests run `node dist-server/server.js` without transpiling TypeScript at every start.
 * Our own code (server/ and the src/schema it imports) is bundled; packages stay imports of
 * node_modules. The job worker process (`npm run worker`) is a second entry, and each thread
 * (certificate drawing, ledger block hashing and block writing) one more beside the server, where
 * server/module-thread.ts looks for it. The operator's account commands are compiled too, so a
 * production machine runs them with node alone (and they start in a second rather than several).
 */
const ROOT = path.resolve(import.meta.dirname, "..");
export const SERVER_OUT_DIR = path.join(ROOT, "dist-server");
export const SERVER_BUNDLE = path.join(SERVER_OUT_DIR, "server.js");

const ENTRIES = [
  "server/server.ts",
  "server/worker.ts",
  "server/modules/certificate/certificate-pdf.worker.ts",
  "server/ledger/block-hashing.worker.ts",
  "server/modules/ledger/block-writer.worker.ts",
  "server/cli/create-operator.ts",
  "server/cli/create-notary-user.ts",
];

export async function buildServer(): Promise<void> {
  // Loaded here, not above: the end-to-end tests import the paths without needing esbuild.
  const { build } = await import("esbuild");
  await build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    entryNames: "[name]",
    outdir: SERVER_OUT_DIR,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    charset: "utf8",
    logLevel: "warning",
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
  console.log(`wrote ${path.relative(process.cwd(), SERVER_BUNDLE)}`);
}
