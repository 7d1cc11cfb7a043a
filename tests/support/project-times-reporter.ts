import type { Reporter, TestModule } from "vitest/node";

type ProjectTimes = { files: number; tests: number; firstStart: number; lastEnd: number };

/**
 * Prints, after the run, how long each test project took: its wall time from its first file's
 * start to its last file's end (projects overlap, since they share the worker pool). CI must stay
 * well inside its limit, so each area's cost is kept visible.
 */
export default class ProjectTimesReporter implements Reporter {
  readonly #projects = new Map<string, ProjectTimes>();
  readonly #started = new Map<string, number>();

  onTestModuleStart(module: TestModule) {
    this.#started.set(module.moduleId + module.project.name, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const name = module.project.name;
    const start = this.#started.get(module.moduleId + name) ?? Date.now();
    const times = this.#projects.get(name) ?? { files: 0, tests: 0, firstStart: start, lastEnd: start };
    times.files += 1;
    times.tests += [...module.children.allTests()].length;
    times.firstStart = Math.min(times.firstStart, start);
    times.lastEnd = Math.max(times.lastEnd, Date.now());
    this.#projects.set(name, times);
  }

  onTestRunEnd() {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log("\nTime per test project (first file start to last file end):");
    for (const [name, times] of [...this.#projects].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`  ${name.padEnd(16)} ${String(times.files).padStart(3)} files ${String(times.tests).padStart(5)} tests  ${seconds(times.lastEnd - times.firstStart).padStart(8)}`);
    }
  }
}
