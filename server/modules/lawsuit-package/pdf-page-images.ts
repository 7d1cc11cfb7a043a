import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** Debian's poppler-utils renderer; `pdftoppm -png -r 100` draws each page as a PNG. */
export const DEFAULT_PDFTOPPM = "pdftoppm";
const RESOLUTION_DPI = "100";
const RENDER_TIMEOUT_MS = 60_000;

/** pdftoppm is not installed (or cannot start) here. */
export class PageRendererMissingError extends Error {}

/**
 * Each page of `pdf` as PNG bytes, in page order, drawn by pdftoppm in a temporary folder that is
 * removed afterwards.
 */
export async function renderPdfPages(pdf: Buffer, binary = DEFAULT_PDFTOPPM): Promise<Buffer[]> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "hz-pages-"));
  try {
    const input = path.join(folder, "document.pdf");
    await fs.writeFile(input, pdf);
    await run(binary, ["-png", "-r", RESOLUTION_DPI, input, path.join(folder, "page")]);
    // page-1.png … or page-01.png …: the number's width depends on the page count.
    const pages = (await fs.readdir(folder))
      .map((name) => ({ name, page: Number(/^page-(\d+)\.png$/.exec(name)?.[1] ?? NaN) }))
      .filter(({ page }) => Number.isInteger(page))
      .sort((a, b) => a.page - b.page);
    if (pages.length === 0) throw new Error("pdftoppm drew no page");
    return await Promise.all(pages.map(({ name }) => fs.readFile(path.join(folder, name))));
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

function run(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { timeout: RENDER_TIMEOUT_MS }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "EACCES") return reject(new PageRendererMissingError(`${binary}: ${code}`));
      reject(new Error(`${binary} failed: ${String(stderr).slice(0, 300) || error.message}`));
    });
  });
}
