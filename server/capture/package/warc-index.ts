import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { CDXIndexer, type WARCParser } from "warcio";
import type { PackagedFile } from "../capture-engine.types.js";
import { PackageDigest } from "./package-digest.js";

/**
 * warcio's CDXJ indexer, reading record bodies only where the index needs them: a request's body
 * (a POST's body is part of its lookup key, and requests are bounded by the browser), never a
 * response's, so a large response is skipped through rather than held in memory.
 */
class StreamingCdxIndexer extends CDXIndexer {
  override async *iterRecords(parser: WARCParser, filename: string): AsyncGenerator<Record<string, unknown>, void, unknown> {
    this._lastRecord = null;
    for await (const record of parser) {
      if (record.warcType === "request") await record.readFully();
      else await record.skipFully();
      const entry = this.indexRecord(record, parser, filename);
      if (entry) yield entry;
    }
    // The indexer pairs each record with the next one, so the last is indexed after the loop.
    const last = this.indexRecord(null, parser, filename);
    if (last) yield last;
  }
}

/**
 * Indexes the WARC at `warcPath` in one streaming pass and digests it in the same pass. Answers the
 * CDXJ text (lines sorted, as replay tools binary-search it), whose offsets and lengths point at
 * the gzip members of the WARC named `warcName`.
 */
export async function indexWarc(warcPath: string, warcName: string): Promise<{ cdxj: string; warc: PackagedFile }> {
  const digest = new PackageDigest();
  async function* digested() {
    for await (const chunk of createReadStream(warcPath)) {
      digest.update(chunk as Buffer);
      yield chunk as Buffer;
    }
  }
  const indexer = new StreamingCdxIndexer({ format: "cdxj" });
  const lines: string[] = [];
  for await (const entry of indexer.iterIndex([{ filename: warcName, reader: digested() }])) lines.push(indexer.serialize(entry));
  const warc = digest.result(warcName);
  // The parser stops at the last record; a tail it did not read would be missing from the digest.
  if (warc.bytes !== (await stat(warcPath)).size) throw new Error(`WARC ${warcPath} was not read to its end`);
  lines.sort();
  return { cdxj: lines.join(""), warc };
}
