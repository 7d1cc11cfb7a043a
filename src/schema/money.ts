/** Money is integer fen (DESIGN.md §8); screens show yuan. */

export const FEN_PER_YUAN = 100;

/** 150000 → "1,500"; 12345 → "123.45"; 10 → "0.1". Grouped the Chinese way (thousands). */
export function formatYuan(fen: number): string {
  if (!Number.isFinite(fen)) return "";
  return (fen / FEN_PER_YUAN).toLocaleString("zh-CN", { maximumFractionDigits: 2 });
}

/** An account's amount on screen: grouped, always two decimals ("1,500.00", "-12.50"). */
export function formatYuanWithCents(fen: number): string {
  return (fen / FEN_PER_YUAN).toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
