import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { inflateRawSync } from "node:zlib";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { WARCParser } from "warcio";
import { WACZ_PATHS } from "../../../isomorphic/wacz/wacz-format.js";
import { openZip } from "../../../isomorphic/wacz/zip-directory.js";
import type { CapturePackage } from "../../../server/capture/capture-engine.types.js";
import { openCapturedResource, readCapturePackageEntry } from "../../../server/capture/package/wacz-reader.js";
import { buildCapturePackage } from "../../../server/capture/package/wacz-writer.js";
import { checkWaczPackage, isWaczPackage, type WaczCheckTools } from "../../../src/verification/wacz-check.js";
import { ARTEFACTS, packageInput, PAGE_URL, writeCaptureWarc } from "./capture-package-fixture.js";

const digest = (algorithm: string, data: Uint8Array) => createHash(algorithm).update(data).digest("hex");
const tools: WaczCheckTools = { sha256: (data) => digest("sha256", data), sm3: (data) => digest("sm3", data), inflateRaw: (data) => inflateRawSync(data) };
const newDir = () => mkdtempSync(path.join(tmpdir(), "wacz-"));
const statuses = (bytes: Uint8Array) => Object.fromEntries(checkWaczPackage(bytes, tools).map((check) => [check.id, check.status]));

let warcPath: string;
let built: CapturePackage;
let wacz: Buffer;
const originalTz = process.env.TZ;

beforeAll(async () => {
  warcPath = await writeCaptureWarc();
  built = await buildCapturePackage(packageInput(warcPath), newDir());
  wacz = readFileSync(built.waczPath);
});

afterEach(() => {
  process.env.TZ = originalTz;
});

async function entry(name: string): Promise<Buffer> {
  const data = await readCapturePackageEntry(built.waczPath, name);
  if (!data) throw new Error(`no ${name}`);
  return data;
}

describe("buildCapturePackage", () => {
  it("writes the WACZ layout, every entry stored, the WARC unchanged, and answers each file's and the package's digests", async () => {
    expect(openZip(wacz).entries.map((item) => [item.name, item.method])).toEqual([
      [WACZ_PATHS.warc, 0],
      [WACZ_PATHS.index, 0],
      [WACZ_PATHS.pages, 0],
      [WACZ_PATHS.datapackage, 0],
      [WACZ_PATHS.datapackageDigest, 0],
    ]);
    expect((await entry(WACZ_PATHS.warc)).equals(readFileSync(warcPath))).toBe(true);
    for (const file of built.files) {
      const data = await entry(file.path);
      expect(file).toEqual({ path: file.path, bytes: data.length, sha256: digest("sha256", data), sm3: digest("sm3", data) });
    }
    expect(built).toMatchObject({ bytes: wacz.length, sha256: digest("sha256", wacz), sm3: digest("sm3", wacz) });
    expect(await readCapturePackageEntry(built.waczPath, "archive/other.warc.gz")).toBeNull();
  });

  it("indexes every response and resource in sorted CDXJ whose offsets and lengths point at that record of the WARC", async () => {
    const lines = (await entry(WACZ_PATHS.index)).toString("utf8").trimEnd().split("\n");
    expect([...lines].sort()).toEqual(lines);
    const warc = readFileSync(warcPath);
    const indexed = await Promise.all(
      lines.map(async (line) => {
        const fields = JSON.parse(line.slice(line.indexOf(" {") + 1)) as { url: string; offset: string; length: string; filename: string; status?: string; method?: string };
        expect(fields.filename).toBe("data.warc.gz");
        const start = Number(fields.offset);
        const record = await WARCParser.parse([warc.subarray(start, start + Number(fields.length))]);
        expect(record?.warcTargetURI).toBe(fields.url);
        return `${record?.warcType} ${fields.method ?? "GET"} ${fields.url} ${fields.status ?? "-"}`;
      }),
    );
    expect(indexed.sort()).toEqual(
      [
        "response GET http://example.test/a 301",
        `response GET ${PAGE_URL} 200`,
        "response GET https://example.test/site.css 200",
        "response POST https://example.test/api/like 200",
        "resource GET file:///screenshot.png -",
        "resource GET file:///page.html -",
        "resource GET file:///provenance.json -",
      ].sort(),
    );
  });

  it("lists the page and every other file in datapackage.json, and the manifest's digests in datapackage-digest.json", async () => {
    const pages = (await entry(WACZ_PATHS.pages)).toString("utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(pages).toEqual([
      { format: "json-pages-1.0", id: "pages", title: "All Pages" },
      { id: expect.stringMatching(/^[0-9a-f]{32}$/), url: PAGE_URL, ts: "2026-03-01T08:30:14.000Z", title: "示例文章" },
    ]);
    const manifestBytes = await entry(WACZ_PATHS.datapackage);
    const manifest = JSON.parse(manifestBytes.toString("utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ profile: "data-package", wacz_version: "1.1.1", title: "示例文章", created: "2026-03-01T08:30:14.000Z", software: "衡证 0.1.0", mainPageUrl: PAGE_URL, mainPageDate: "2026-03-01T08:30:14.000Z" });
    const byPath = new Map(built.files.map((file) => [file.path, file]));
    expect(manifest.resources).toEqual(
      [WACZ_PATHS.warc, WACZ_PATHS.index, WACZ_PATHS.pages].map((listed) => ({
        name: path.basename(listed),
        path: listed,
        hash: `sha256:${byPath.get(listed)!.sha256}`,
        bytes: byPath.get(listed)!.bytes,
        sm3Hash: `sm3:${byPath.get(listed)!.sm3}`,
      })),
    );
    expect(built.manifestSha256).toBe(digest("sha256", manifestBytes));
    expect(JSON.parse((await entry(WACZ_PATHS.datapackageDigest)).toString("utf8"))).toEqual({
      path: "datapackage.json",
      hash: `sha256:${built.manifestSha256}`,
      sm3Hash: `sm3:${digest("sm3", manifestBytes)}`,
    });
  });

  it("serves each artefact from the sealed package by its URI, streamed out of the WARC", async () => {
    for (const [uri, artefact] of Object.entries(ARTEFACTS)) {
      const resource = await openCapturedResource(built.waczPath, uri);
      expect(resource?.contentType).toBe(artefact.contentType);
      expect((await buffer(resource!.body)).equals(artefact.body)).toBe(true);
    }
    expect(await openCapturedResource(built.waczPath, "file:///page.pdf")).toBeNull();
  });

  it("builds the same bytes again from the same capture, whatever the server's time zone", async () => {
    process.env.TZ = "America/New_York";
    const again = await buildCapturePackage(packageInput(warcPath), newDir());
    expect(readFileSync(again.waczPath).equals(wacz)).toBe(true);
    expect({ ...again, waczPath: built.waczPath }).toEqual(built);
    process.env.TZ = "Asia/Shanghai";
    const later = await buildCapturePackage({ ...packageInput(warcPath), startedAt: "2026-03-01T08:30:16.000Z" }, newDir());
    expect(later.sha256).not.toBe(built.sha256);
  });

  it("leaves no package behind when it fails, and never replaces one already there", async () => {
    const dir = newDir();
    await expect(buildCapturePackage({ ...packageInput(warcPath), startedAt: "yesterday" }, dir)).rejects.toThrow("not a date");
    await expect(buildCapturePackage({ ...packageInput(warcPath), warcPath: path.join(dir, "missing.warc.gz") }, dir)).rejects.toThrow("ENOENT");
    expect(readdirSync(dir)).toEqual([]);
    await expect(buildCapturePackage(packageInput(warcPath), path.dirname(built.waczPath))).rejects.toThrow("EEXIST");
    expect(readFileSync(built.waczPath).equals(wacz)).toBe(true);
  });
});

describe("checkWaczPackage", () => {
  it("passes the package as built", () => {
    expect(isWaczPackage(wacz)).toBe(true);
    expect(checkWaczPackage(wacz, tools).map((check) => [check.id, check.status, check.name])).toEqual([
      ["wacz-structure", "pass", "网页取证包结构完整"],
      ["wacz-manifest", "pass", "网页取证包清单与清单摘要一致"],
      ["wacz-files", "pass", "网页取证包内文件与清单记载一致"],
    ]);
  });

  it("fails the file check for a byte changed inside archive/, and the manifest check for one changed in datapackage.json", () => {
    const zip = openZip(wacz);
    const at = (name: string) => {
      const stored = zip.storedBytes(zip.entries.find((item) => item.name === name)!);
      return stored.byteOffset - wacz.byteOffset;
    };
    const inWarc = Buffer.from(wacz);
    inWarc[at(WACZ_PATHS.warc) + 5000] ^= 0x01;
    expect(statuses(inWarc)).toEqual({ "wacz-structure": "pass", "wacz-manifest": "pass", "wacz-files": "fail" });
    expect(checkWaczPackage(inWarc, tools)[2].reason).toContain("archive/data.warc.gz 的 SHA-256 摘要与记载不一致");

    const inManifest = Buffer.from(wacz);
    const manifestStart = at(WACZ_PATHS.datapackage);
    const title = inManifest.indexOf(Buffer.from("示例文章"), manifestStart);
    inManifest[title + 2] ^= 0x01;
    expect(statuses(inManifest)).toEqual({ "wacz-structure": "pass", "wacz-manifest": "fail", "wacz-files": "pass" });
  });

  it("fails the structure check of what is not a WACZ, and skips the rest", () => {
    expect(isWaczPackage(Buffer.from("not a zip"))).toBe(false);
    expect(statuses(Buffer.from("not a zip"))).toEqual({ "wacz-structure": "fail", "wacz-manifest": "skip", "wacz-files": "skip" });
    expect(statuses(wacz.subarray(0, wacz.length - 10))).toMatchObject({ "wacz-structure": "fail" });
  });
});
