import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// One test command, several projects (STYLE.md habit 9):
// - unit: pure helpers and schemas, in Node
// - component: React page kinds and widgets in jsdom
// - server-sqlite / server-postgres: the real app through app.inject on a fresh database of each kind
//   (scripts/test.sh provides TEST_DATABASE_URL for PostgreSQL; without it that project fails loudly)
// - e2e, e2e-alone: real Chromium against the built client and the compiled server on a loopback port
/** Component test files that run with their own modules (the component-own-modules project). */
const COMPONENT_FILES_ON_THEIR_OWN = ["tests/component/console-operators.test.tsx"];

/**
 * End-to-end files whose journeys hang on timing: a 3-second idle limit, a kill -9 in the middle of
 * a burst or of a slow page, a live push that must beat the fallback poll. They run one at a time
 * with nothing else (the e2e-alone project); every other end-to-end file runs two at a time.
 */
const E2E_FILES_ON_THEIR_OWN = [
  "tests/e2e/session-expiry.test.ts",
  "tests/e2e/process-lifecycle.test.ts",
  "tests/e2e/ledger-crash.test.ts",
  "tests/e2e/evidence-crash.test.ts",
  "tests/e2e/capture-crash.test.ts",
  "tests/e2e/chain-live.test.ts",
];

/** Both end-to-end projects: real Chromium against the built client and the compiled server. */
const END_TO_END = {
  environment: "node",
  // Once per run: the compiled server, the one server most files share, the one Chromium
  // (shared by both projects, see the setup file).
  globalSetup: ["tests/e2e/support/global-setup.ts"],
  setupFiles: ["tests/e2e/support/file-setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Files share their worker's modules (the root's isolate: false) like the other projects: the servers a
  // file starts are processes of their own, and a file's patched fetch is put back after it
  // (support/platform.ts). A fresh process per file cost more CPU than the journeys' own steps.
};

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    reporters: ["default", "./tests/support/project-times-reporter.ts"],
    // Vitest's default is one worker less than the cores: a single worker on these 2-core machines.
    // Most files wait on I/O (fsync, PostgreSQL, the ledger's 500 ms block timer), so two workers
    // cut the unit, component and server projects by about 40%.
    maxWorkers: 2,
    // A worker runs file after file with its modules loaded once (antd, refine, Fastify, zod…):
    // loading them again for every file was a third to a half of each project's time. Each file
    // still gets a fresh environment (jsdom window, storage); a test undoes what it changes
    // globally (fake timers, stubbed globals, spies), as the existing ones do in afterEach.
    isolate: false,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: {
          name: "component",
          include: ["tests/component/**/*.test.tsx"],
          exclude: [...COMPONENT_FILES_ON_THEIR_OWN],
          environment: "jsdom",
          setupFiles: ["tests/component/setup.ts"],
          // antd pages in jsdom take seconds on a loaded 2-core machine; the default 5 s flakes.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // Files that pass alone but not after others in a shared worker (isolate: false above):
          // each runs with a module graph of its own. The audit-record journey's navigation never
          // completed in three full runs of this session, and always did alone; the shared state
          // behind it is not found yet (see the README's doubts).
          name: "component-own-modules",
          include: [...COMPONENT_FILES_ON_THEIR_OWN],
          environment: "jsdom",
          setupFiles: ["tests/component/setup.ts"],
          testTimeout: 20_000,
          isolate: true,
        },
      },
      {
        extends: true,
        test: {
          name: "server-sqlite",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          // The first certificate PDF of a file starts its drawing thread (tsx, pdfkit, the CJK font):
          // a second or two, several on a loaded 2-core machine, where the default 5 s flakes.
          testTimeout: 20_000,
          hookTimeout: 20_000,
          env: { TEST_DB_KIND: "sqlite" },
          // Migrates one database per run; each file's databases are copies of it.
          globalSetup: ["tests/server/support/database-template.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "server-postgres",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          // The first certificate PDF of a file starts its drawing thread (tsx, pdfkit, the CJK font):
          // a second or two, several on a loaded 2-core machine, where the default 5 s flakes.
          testTimeout: 20_000,
          hookTimeout: 20_000,
          env: { TEST_DB_KIND: "postgres" },
          // Migrates one database per run; each file's databases are copies of it.
          globalSetup: ["tests/server/support/database-template.ts"],
        },
      },
      {
        extends: true,
        test: {
          // Several processes (issue 20): the shared Redis, the S3 blob store (s3rver), the BullMQ
          // queues and the ledger writer across processes, on PostgreSQL, against the throwaway Redis
          // scripts/test.sh starts (TEST_REDIS_URL).
          name: "multi-process",
          include: ["tests/multi-process/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: { TEST_DB_KIND: "postgres" },
          globalSetup: ["tests/server/support/database-template.ts"],
        },
      },
      {
        extends: true,
        test: {
          // The capture engine (server/capture) in real Chromium against pages the tests serve on loopback.
          name: "capture",
          include: ["tests/capture/**/*.test.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // Each file launches its own Chromium, and the hostile pages run on tight time bounds: one
          // file at a time, after the jsdom and server projects and before the end-to-end ones.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          ...END_TO_END,
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          exclude: [...E2E_FILES_ON_THEIR_OWN],
          // Two files at a time: a journey mostly waits (on the browser, the server, fsync, the
          // ledger's block timer), so one file alone left both cores idle most of the time. Without
          // earlier results vitest starts the largest files first, which are the long journeys.
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          ...END_TO_END,
          name: "e2e-alone",
          include: [...E2E_FILES_ON_THEIR_OWN],
          fileParallelism: false,
          // Last, one file at a time and alone on the machine.
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          // The scale test (issue 20): three web processes and two workers behind a round-robin
          // front, killed with SIGKILL mid-run. It loads both cores, so it runs at the very end, alone.
          name: "scale",
          include: ["tests/scale/**/*.test.ts"],
          environment: "node",
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          env: { TEST_DB_KIND: "postgres" },
          globalSetup: ["tests/server/support/database-template.ts"],
          sequence: { groupOrder: 4 },
        },
      },
    ],
  },
});
