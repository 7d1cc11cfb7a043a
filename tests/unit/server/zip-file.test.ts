import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { describe, expect, it } from "vitest";
import { createZipFile } from "../../../server/zip/zip-file.js";

describe("createZipFile (yazl with native CRC-32)", () => {
  it("writes entries whose CRC-32s unzip checks and accepts, for streamed chunks and whole buffers", async () => {
    const zip = createZipFile();
    const file = path.join(mkdtempSync(path.join(tmpdir(), "zip-file-")), "package.zip");
    const written = pipeline(zip.outputStream as Readable, createWriteStream(file));
    const chunks = [randomBytes(70_000), randomBytes(1), randomBytes(300_000), Buffer.alloc(0), randomBytes(65_536)];
    zip.addReadStream(Readable.from(chunks), "原件/streamed.bin", { compress: false });
    zip.addBuffer(randomBytes(10_000), "buffer.bin", { compress: false });
    zip.addBuffer(Buffer.from("清单\r\n".repeat(100), "utf8"), "清单.txt");
    zip.end();
    await written;
    const tested = execFileSync("unzip", ["-t", file], { encoding: "utf8" });
    expect(tested).toMatch(/No errors detected/);
    expect(tested.match(/OK/g)).toHaveLength(3);
    expect(execFileSync("unzip", ["-p", file, "原件/streamed.bin"]).equals(Buffer.concat(chunks))).toBe(true);
  });
});
