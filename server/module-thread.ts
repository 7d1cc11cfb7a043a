import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Threads running one of our TypeScript modules, from the sources and compiled alike. Compiled
 * (dist-server/, `npm start` and the end-to-end tests) the entry sits beside the bundle, named as
 * in scripts/build-server.ts, and loads directly. From the sources (tsx, vitest) a new thread
 * starts with Node's own loader, which cannot read .ts, and the parent's loader flags differ
 * between tsx and vitest; so the thread starts without them and registers tsx's loader itself
 * before importing its entry.
 */

/** `name` (without extension) beside the module at `base` (its import.meta.url), with that module's extension. */
export function threadEntry(name: string, base: string): URL {
  const extension = new URL(base).pathname.endsWith(".ts") ? ".ts" : ".js";
  return new URL(`./${name}${extension}`, base);
}

export function startModuleThread(entry: URL, options: Omit<WorkerOptions, "eval" | "execArgv"> = {}): Worker {
  const href = JSON.stringify(entry.href);
  const code = entry.pathname.endsWith(".ts")
    ? `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))}).then(({ register }) => { register(); return import(${href}); });`
    : `import(${href});`;
  return new Worker(code, { ...options, eval: true, execArgv: [] });
}
