import { accountKind } from "../../../src/schema/credentials.js";

export type AccountIdentifier = { kind: "mobile" | "email"; value: string };

/** A login account as stored: a mobile number, or an e-mail address in lower case. */
export function parseAccount(raw: string): AccountIdentifier | null {
  const value = raw.trim();
  const kind = accountKind(value);
  if (!kind) return null;
  return { kind, value: kind === "email" ? value.toLowerCase() : value };
}

/** "138****8000", "ab***@example.com": enough for a person to recognise, not to copy. */
export function maskAccount(account: AccountIdentifier): string {
  if (account.kind === "mobile") return `${account.value.slice(0, 3)}****${account.value.slice(-4)}`;
  const [name, domain] = account.value.split("@");
  return `${name.slice(0, 2)}***@${domain}`;
}
