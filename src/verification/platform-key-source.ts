import { LEDGER_VKEY_PATH } from "../schema/ledger-paths";

/**
 * The platform's verifier key as the server publishes it (plain text, C2SP signed-note verifier
 * key). A plain fetch, not a /webapi call: the verification page asks for it as it opens, without
 * the HTTP client and the contracts (issue 20).
 */
export async function fetchPlatformKey(fetchFn: typeof fetch = (input, init) => fetch(input, init)): Promise<string> {
  const response = await fetchFn(LEDGER_VKEY_PATH, { cache: "no-store" });
  if (!response.ok) throw new Error(`平台公钥获取失败（HTTP ${response.status}）`);
  return (await response.text()).trim();
}
