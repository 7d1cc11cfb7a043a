import { PARTNER_LOGO_COUNT } from "../../schema/constants";
import { seededRandom } from "../../../isomorphic/seeded-random";

/**
 * Placeholder partner logos, generated: a geometric mark and an invented wordmark (示例机构 01 …
 * 64). They stand in the 64 places of spec §1's partner wall without borrowing anybody's name or
 * mark; the same index always gives the same logo.
 */
export type MarkShape = "circle" | "square" | "hexagon" | "triangle" | "diamond" | "ring" | "twin" | "stripes";

export interface PartnerMark {
  name: string;
  shape: MarkShape;
  primary: string;
  accent: string;
  /** Quarter turns of the mark, for variety between logos of the same shape. */
  turns: number;
}

const SHAPES: readonly MarkShape[] = ["circle", "square", "hexagon", "triangle", "diamond", "ring", "twin", "stripes"];
const PALETTE: readonly string[] = ["#1677ff", "#13a8a8", "#2f54eb", "#fa8c16", "#52c41a", "#eb2f96", "#722ed1", "#0b2a5b", "#d4380d", "#08979c"];

export function partnerMark(index: number): PartnerMark {
  const random = seededRandom(index + 1);
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const primary = pick(PALETTE);
  const accent = pick(PALETTE.filter((colour) => colour !== primary));
  return {
    name: `示例机构 ${String(index + 1).padStart(2, "0")}`,
    // Each row of the eight-wide wall starts three shapes further on, so no two neighbours, across
    // or down, share a shape; the colours and turns are random.
    shape: SHAPES[(index + Math.floor(index / SHAPES.length) * 3) % SHAPES.length],
    primary,
    accent,
    turns: Math.floor(random() * 4),
  };
}

export const PARTNER_MARKS: readonly PartnerMark[] = Array.from({ length: PARTNER_LOGO_COUNT }, (_, index) => partnerMark(index));
