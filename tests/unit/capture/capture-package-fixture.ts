/**
 * A capture's WARC as the network helper writes it (one gzip member per record, written with
 * warcio): warcinfo, request/response pairs for a page and its stylesheet, a POST, and the resource
 * records of the artefacts. The screenshot is large enough to span many read chunks.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { WARCRecord, WARCSerializer } from "warcio";
import type { CapturePackageInput } from "../../../server/capture/capture-engine.types.js";

export const PAGE_URL = "https://example.test/article";
export const REQUESTED_URL = "http://example.test/a";
const DATE = "2026-03-01T08:30:15Z";

export const ARTEFACTS = {
  "file:///screenshot.png": { contentType: "image/png", body: randomBytes(300_000) },
  "file:///page.html": { contentType: "text/html; charset=utf-8", body: Buffer.from("<html><body><h1>取证页面</h1></body></html>") },
  "file:///provenance.json": { contentType: "application/json", body: Buffer.from(JSON.stringify({ startedAt: DATE, software: "test" })) },
} as const;

function exchange(url: string, method: string, requestBody: string, status: string, contentType: string, body: string): WARCRecord[] {
  const { pathname, host } = new URL(url);
  const request = WARCRecord.create(
    { url, date: DATE, type: "request", warcVersion: "WARC/1.1", statusline: `${method} ${pathname} HTTP/1.1`, httpHeaders: { Host: host, ...(requestBody ? { "Content-Type": "application/json" } : {}) } },
    [Buffer.from(requestBody)],
  );
  const response = WARCRecord.create({ url, date: DATE, type: "response", warcVersion: "WARC/1.1", statusline: `HTTP/1.1 ${status}`, httpHeaders: { "Content-Type": contentType } }, [Buffer.from(body)]);
  return [request, response];
}

export async function writeCaptureWarc(dir: string = mkdtempSync(path.join(tmpdir(), "capture-warc-"))): Promise<string> {
  const records = [
    WARCRecord.createWARCInfo({ filename: "capture-7.warc.gz", warcVersion: "WARC/1.1" }, { software: "hengzheng-test" }),
    ...exchange(REQUESTED_URL, "GET", "", "301 Moved Permanently", "text/html", ""),
    ...exchange(PAGE_URL, "GET", "", "200 OK", "text/html; charset=utf-8", "<html><head><link rel=stylesheet href=/site.css></head><body>正文</body></html>"),
    ...exchange("https://example.test/site.css", "GET", "", "200 OK", "text/css", "body { color: #333 }"),
    ...exchange("https://example.test/api/like", "POST", '{"id":1}', "200 OK", "application/json", '{"ok":true}'),
    ...Object.entries(ARTEFACTS).map(([url, { contentType, body }]) =>
      WARCRecord.create({ url, date: DATE, type: "resource", warcVersion: "WARC/1.1", warcHeaders: { "Content-Type": contentType } }, [body]),
    ),
  ];
  const members = await Promise.all(records.map((record) => WARCSerializer.serialize(record, { gzip: true })));
  const warcPath = path.join(dir, "capture-7.warc.gz");
  writeFileSync(warcPath, Buffer.concat(members));
  return warcPath;
}

export function packageInput(warcPath: string): CapturePackageInput {
  return { warcPath, title: "示例文章", requestedUrl: REQUESTED_URL, finalUrl: PAGE_URL, startedAt: "2026-03-01T08:30:14.000Z", software: "衡证 0.1.0" };
}
