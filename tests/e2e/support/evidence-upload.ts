import { createHash } from "node:crypto";
import { webapiPath, type Endpoint } from "../../../src/schema/contract.js";
import { computeSignature } from "../../../src/schema/signature.js";

const sha256Hex = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * A multipart evidence upload over real HTTP as an integrating system sends it: signed fields
 * (token included) first, then the files, which are not signed (DESIGN.md §4).
 */
export async function uploadEvidence(baseUrl: string, endpoint: Pick<Endpoint, "path">, token: string, fields: Record<string, string>, files: { name: string; content: Uint8Array }[]) {
  const signed = { ...fields, token };
  const timestamp = Date.now();
  const signature = computeSignature({ ...signed, timestamp }, sha256Hex);
  const form = new FormData();
  for (const [name, value] of Object.entries(signed)) form.append(name, value);
  files.forEach((file, index) => form.append(`file${index}`, new Blob([Uint8Array.from(file.content)]), file.name));
  const response = await fetch(`${baseUrl}${webapiPath(endpoint)}?timestamp=${timestamp}&signature=${signature}`, { method: "POST", body: form });
  return (await response.json()) as { code: number; message: string; datas: unknown };
}
