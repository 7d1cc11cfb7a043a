import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import yazl from "yazl";
import { readWaczHash } from "../../../isomorphic/wacz/wacz-format.js";
import { openZip } from "../../../isomorphic/wacz/zip-directory.js";

async function zipOf(files: Record<string, { data: string; compress: boolean }>, comment = ""): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, { data, compress }] of Object.entries(files)) zip.addBuffer(Buffer.from(data), name, { compress, mtime: new Date(0), forceDosTimestamp: true });
  zip.end({ comment, forceZip64Format: false });
  return buffer(zip.outputStream as Readable);
}

const FILES = { "a.txt": { data: "第一个文件".repeat(20), compress: true }, "b.txt": { data: "second", compress: false } };
/** The central directory's first byte: the end record says where it is (entries have no extra fields: forceDosTimestamp). */
const directoryStart = (zip: Buffer) => zip.readUInt32LE(zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06])) + 16);

describe("readWaczHash", () => {
  const hex = "ab".repeat(32);
  it.each([
    [`sha256:${hex}`, "sha256", hex],
    [`sha256:${hex.toUpperCase()}`, "sha256", hex],
    [`sm3:${hex}`, "sm3", hex],
    [`sm3:${hex}`, "sha256", null],
    [`sha256:${hex.slice(2)}`, "sha256", null],
    [hex, "sha256", null],
    [`sha256:${hex}\n`, "sha256", null],
    [42, "sha256", null],
  ] as const)("%j read as %s gives %s", (value, algorithm, expected) => {
    expect(readWaczHash(value, algorithm)).toBe(expected);
  });
});

describe("openZip", () => {
  it("lists the entries and gives their stored bytes, deflated or not, past a comment holding the end signature", async () => {
    const comment = "PK56 looks like an end record";
    const signed = await zipOf(FILES, comment);
    // yazl refuses such a comment; the signature is written into it afterwards.
    const zip = patch(signed, signed.length - comment.length, [0x50, 0x4b, 0x05, 0x06]);
    const { entries, storedBytes } = openZip(zip);
    expect(entries.map((entry) => [entry.name, entry.method, entry.size])).toEqual([
      ["a.txt", 8, Buffer.byteLength(FILES["a.txt"].data)],
      ["b.txt", 0, 6],
    ]);
    expect(inflateRawSync(storedBytes(entries[0])).toString()).toBe(FILES["a.txt"].data);
    expect(Buffer.from(storedBytes(entries[1])).toString()).toBe("second");
  });

  it.each([
    ["that is not a ZIP", () => Buffer.from("plain text, no end record"), "找不到压缩包目录"],
    ["cut short", (zip: Buffer) => zip.subarray(0, zip.length - 3), "找不到压缩包目录"],
    ["with a byte added before its directory", (zip: Buffer) => Buffer.concat([Buffer.from([0]), zip]), "目录位置与文件长度不符"],
    ["with ZIP64 counts", (zip: Buffer) => patch(zip, zip.length - 22 + 10, [0xff, 0xff, 0xff, 0xff]), "ZIP64"],
    ["with two entries of the same name", (zip: Buffer) => patch(zip, directoryStart(zip) + 46 + 5 + 46, [...Buffer.from("a")]), "两个同名文件"],
    ["with an unknown compression method", (zip: Buffer) => patch(zip, directoryStart(zip) + 10, [12, 0]), "不支持的压缩方法 12"],
  ])("refuses a file %s", (_name, damage, message) => {
    expect(() => openZip(damage(zipSync))).toThrow(message);
  });
});

function patch(zip: Buffer, at: number, bytes: number[]): Buffer {
  const copy = Buffer.from(zip);
  copy.set(bytes, at);
  return copy;
}

const zipSync = await zipOf(FILES);
