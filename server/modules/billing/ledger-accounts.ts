/**
 * The journal's ledger accounts, as data. A customer's main account has two: `available` (what
 * getBalance shows) and `reserved` (held for a service until it is settled or released). The
 * platform's accounts are the other side of every movement; their balances are only ever summed
 * from the postings, so no hot row serialises every charge on the platform side.
 */
export const PLATFORM_ACCOUNTS = {
  /** Money received through a payment provider. */
  cashIn: "platform:cash-in",
  revenue: "platform:revenue",
  refunds: "platform:refunds",
  /** Operators' corrections, and balances carried over from before the journal. */
  adjustments: "platform:adjustments",
} as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[keyof typeof PLATFORM_ACCOUNTS];

export const CUSTOMER_POCKETS = ["available", "reserved"] as const;
export type CustomerPocket = (typeof CUSTOMER_POCKETS)[number];
export type CustomerAccount = `customer:${number}:${CustomerPocket}`;
export type LedgerAccount = PlatformAccount | CustomerAccount;

export const customerAccount = (userId: number, pocket: CustomerPocket): CustomerAccount => `customer:${userId}:${pocket}`;

const CUSTOMER_PATTERN = /^customer:([1-9]\d*):(available|reserved)$/;
const PLATFORM_CODES = new Set<string>(Object.values(PLATFORM_ACCOUNTS));

/** The customer and pocket of a customer account; null for a platform account. Throws on a code that is neither. */
export function parseLedgerAccount(code: string): { userId: number; pocket: CustomerPocket } | null {
  if (PLATFORM_CODES.has(code)) return null;
  const match = CUSTOMER_PATTERN.exec(code);
  if (!match) throw new Error(`unknown ledger account "${code}"`);
  return { userId: Number(match[1]), pocket: match[2] as CustomerPocket };
}
