import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, it } from "vitest";
import { LocalBlobStore } from "../../../server/blobs/local-blob-store.js";
import { expectScratchFilesKept } from "../../server/support/scratch-files.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "scratch-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("LocalBlobStore scratch files", () => {
  it("takes a file over under its name, reads it back, replaces and deletes it, apart from the blobs", async () => {
    await expectScratchFilesKept(new LocalBlobStore(path.join(root, "blobs")), path.join(root, "tmp"), "evidence-package-0123456789abcdef.zip");
  });
});
