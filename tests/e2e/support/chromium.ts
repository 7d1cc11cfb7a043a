import fs from "node:fs";
import { HEADLESS_CHROMIUM_ARGS } from "../../../server/capture/browser/browser-pool.js";
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from "playwright-core";

/** Debian's Chromium, launched with the flags this closed network needs (DESIGN.md §9). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function launchOptions(): LaunchOptions {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with  sudo apt-get install -y chromium`);
  }
  return {
    executablePath: CHROMIUM_PATH,
    headless: true,
    // A fake camera, microphone and screen, granted without a prompt, for the screen recorder's journey.
    args: [...HEADLESS_CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream"],
  };
}

/** A Chromium of the caller's own (benchmarks). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(launchOptions());
}

/** The end-to-end run's one Chromium, which the test files connect to (support/browser.ts). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}
