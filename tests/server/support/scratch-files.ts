import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { BlobStore } from "../../../server/blobs/blob-store.js";

async function bytesOf(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * What every blob store promises of its scratch files (server/blobs/blob-store.ts), checked the
 * same way for each: a local file taken over and read back with its size, the same name replaced,
 * deletion twice without error, nothing counted as a blob, and no name that could leave its folder.
 */
export async function expectScratchFilesKept(store: BlobStore, workDir: string, name: string): Promise<void> {
  fs.mkdirSync(workDir, { recursive: true });
  const write = (content: Buffer) => {
    const file = path.join(workDir, `${name}.part`);
    fs.writeFileSync(file, content);
    return file;
  };
  const usage = await store.usage();
  const first = Buffer.from("第一版打包内容\n".repeat(1000));
  const file = write(first);
  expect(await store.putScratch(name, file)).toBe(first.length);
  expect(fs.existsSync(file)).toBe(false);
  const kept = (await store.openScratch(name))!;
  expect(kept.size).toBe(first.length);
  expect(await bytesOf(kept.stream)).toEqual(first);

  const second = Buffer.from("替换后的内容");
  await store.putScratch(name, write(second));
  expect(await bytesOf((await store.openScratch(name))!.stream)).toEqual(second);
  expect(await store.usage()).toEqual(usage);

  await Promise.all([store.deleteScratch(name), store.deleteScratch(name)]);
  expect(await store.openScratch(name)).toBeNull();
  for (const bad of ["../escape.zip", "a/b.zip", "", "UPPER.zip"]) await expect(store.openScratch(bad)).rejects.toThrow("not a scratch file name");
}
