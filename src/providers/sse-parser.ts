/**
 * A parser of text/event-stream (the WHATWG server-sent events format), fed text as it arrives:
 * chunks may end anywhere, inside a line or between the CR and LF of a CRLF. Lines end in LF, CR
 * or CRLF; `data:` lines (one optional space after the colon) accumulate, joined by LF; a blank
 * line dispatches the event's data. Comments (`:`) and other fields (event, id, retry) are not
 * used by our streams and are skipped. An event cut off by the end of the stream is dropped, as
 * the format says, so a half-written event is never read as a whole one.
 */
export interface SseParser {
  /** The next piece of decoded text. */
  push(text: string): void;
  /** The stream ended. */
  end(): void;
}

export function createSseParser(onData: (data: string) => void): SseParser {
  let pending = "";
  // A chunk that ended on CR: an LF at the start of the next chunk belongs to the same line end.
  let skipLeadingLf = false;
  let dataLines: string[] = [];

  function takeLine(line: string) {
    if (line === "") {
      if (dataLines.length > 0) onData(dataLines.join("\n"));
      dataLines = [];
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== "data") return;
    const value = colon === -1 ? "" : line.slice(colon + 1);
    dataLines.push(value.startsWith(" ") ? value.slice(1) : value);
  }

  return {
    push(text) {
      let input = text;
      if (skipLeadingLf && input.startsWith("\n")) input = input.slice(1);
      skipLeadingLf = false;
      pending += input;
      let lineEnd = pending.search(/[\r\n]/);
      while (lineEnd !== -1) {
        const line = pending.slice(0, lineEnd);
        const isCr = pending[lineEnd] === "\r";
        if (isCr && lineEnd + 1 === pending.length) {
          skipLeadingLf = true;
          pending = "";
        } else {
          pending = pending.slice(lineEnd + (isCr && pending[lineEnd + 1] === "\n" ? 2 : 1));
        }
        takeLine(line);
        lineEnd = pending.search(/[\r\n]/);
      }
    },
    end() {
      pending = "";
      dataLines = [];
      skipLeadingLf = false;
    },
  };
}
