// Loaded into a server process by tests/e2e/process-lifecycle.test.ts (NODE_OPTIONS=--import=…),
// never by the platform itself: on SIGUSR2 it leaves a rejected promise nobody handles, as a bug
// in a module would.
process.on("SIGUSR2", () => {
  void Promise.reject(new Error("unhandled rejection left by the test"));
});
