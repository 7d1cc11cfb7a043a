import { describe, expect, it } from "vitest";
import { createSseParser } from "../../../src/providers/sse-parser";

/** Feeds `chunks` one by one and answers the data of every dispatched event. */
function parse(chunks: readonly string[], { end = true } = {}): string[] {
  const events: string[] = [];
  const parser = createSseParser((data) => events.push(data));
  for (const chunk of chunks) parser.push(chunk);
  if (end) parser.end();
  return events;
}

describe("server-sent events parser", () => {
  it("dispatches each event on its blank line", () => {
    expect(parse(['data: {"a":1}\n\ndata: {"a":2}\n\n'])).toEqual(['{"a":1}', '{"a":2}']);
  });

  it("joins a line split across chunks anywhere, byte by byte", () => {
    const text = 'data: {"type":"delta","text":"电子证据"}\n\ndata: {"x":2}\n\n';
    expect(parse(text.split(""))).toEqual(['{"type":"delta","text":"电子证据"}', '{"x":2}']);
  });

  it("reads CRLF and lone CR line ends, also a CRLF split between two chunks", () => {
    expect(parse(["data: one\r\n\r\ndata: two\r\r"])).toEqual(["one", "two"]);
    expect(parse(["data: one\r", "\n\r", "\ndata: two\r\n", "\r\n"])).toEqual(["one", "two"]);
  });

  it("joins several data lines of one event with LF and takes one space after the colon only", () => {
    expect(parse(["data: first\ndata:second\ndata:  third\n\n"])).toEqual(["first\nsecond\n third"]);
    expect(parse(["data\n\n"])).toEqual([""]);
  });

  it("skips comments and the fields our streams do not use", () => {
    expect(parse([": keep-alive\n\nevent: message\nid: 7\nretry: 1000\ndata: x\n\n"])).toEqual(["x"]);
  });

  it("drops an event cut off by the end of the stream and does not carry it into the next stream", () => {
    const events: string[] = [];
    const parser = createSseParser((data) => events.push(data));
    parser.push("data: complete\n\ndata: half");
    parser.end();
    expect(events).toEqual(["complete"]);
    expect(parse(["data: half\n"], { end: true })).toEqual([]);
  });
});
