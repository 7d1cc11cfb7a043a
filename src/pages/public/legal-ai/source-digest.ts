import { sha256Hex } from "../../../providers/browser-digest";

/**
 * The lowercase hex SHA-256 of `text`'s UTF-8 bytes, computed in this browser so a reader need not
 * trust the server's figure: WebCrypto where the page has it (secure origins), else the same
 * digest the request signature uses.
 */
export async function digestInBrowser(text: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return sha256Hex(text);
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
