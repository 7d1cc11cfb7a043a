import type { Envelope } from "../schema/envelope";

/** A file endpoint's answer: the file, or the envelope of its refusal. */
export type SignedFileAnswer = { file: Blob; fileName: string } | Envelope<null>;

/** The file name of a Content-Disposition header (the UTF-8 form our server sends), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition ?? "")?.[1];
  return encoded ? decodeURIComponent(encoded) : fallback;
}

/**
 * Fetches a signed download address: a file when the answer has the expected type (when none is
 * expected, a file the user supplied: whatever comes as an attachment, server/http/file-download.ts),
 * else the refusal's envelope.
 */
export async function fetchSignedFile(url: string, expected: { contentType?: string; fallbackName: string }, fetchFn: typeof fetch = fetch): Promise<SignedFileAnswer> {
  const response = await fetchFn(url);
  const isFile = expected.contentType === undefined ? response.headers.has("content-disposition") : (response.headers.get("content-type") ?? "").startsWith(expected.contentType);
  if (isFile) {
    return { file: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition"), expected.fallbackName) };
  }
  return (await response.json()) as Envelope<null>;
}

/** Hands a fetched file to the browser's downloads. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
