import type { ReactNode } from "react";
import type { MarkShape, PartnerMark } from "./partner-marks";

const MARK_SIZE = 36;

/** One generated placeholder logo: the mark in a 36 px square, the invented wordmark beside it. */
export function PartnerLogo({ mark }: { mark: PartnerMark }) {
  return (
    <svg role="img" aria-label={`${mark.name}（示意标识）`} viewBox="0 0 160 48" className="hz-partner-logo">
      <g transform={`translate(8 6) rotate(${mark.turns * 90} ${MARK_SIZE / 2} ${MARK_SIZE / 2})`}>{markShape(mark.shape, mark.primary, mark.accent)}</g>
      <text x={52} y={29} fontSize={15} fontWeight={600} fill="#1f2329">
        {mark.name}
      </text>
    </svg>
  );
}

function markShape(shape: MarkShape, primary: string, accent: string): ReactNode {
  const c = MARK_SIZE / 2;
  switch (shape) {
    case "circle":
      return (
        <>
          <circle cx={c} cy={c} r={c} fill={primary} />
          <circle cx={c + 6} cy={c - 6} r={7} fill={accent} />
        </>
      );
    case "square":
      return (
        <>
          <rect width={MARK_SIZE} height={MARK_SIZE} rx={9} fill={primary} />
          <rect x={9} y={9} width={18} height={18} rx={4} fill="#fff" />
          <rect x={14} y={14} width={8} height={8} rx={2} fill={accent} />
        </>
      );
    case "hexagon":
      return (
        <>
          <polygon points="18,0 34,9 34,27 18,36 2,27 2,9" fill={primary} />
          <polygon points="18,9 26,13.5 26,22.5 18,27 10,22.5 10,13.5" fill={accent} />
        </>
      );
    case "triangle":
      return (
        <>
          <polygon points="18,1 35,34 1,34" fill={primary} />
          <polygon points="18,15 26,30 10,30" fill="#fff" />
          <circle cx={18} cy={25} r={3} fill={accent} />
        </>
      );
    case "diamond":
      return (
        <>
          <polygon points="18,0 36,18 18,36 0,18" fill={primary} />
          <polygon points="18,8 28,18 18,28 8,18" fill={accent} />
        </>
      );
    case "ring":
      return (
        <>
          <circle cx={c} cy={c} r={15} fill="none" stroke={primary} strokeWidth={6} />
          <circle cx={c} cy={c} r={5} fill={accent} />
        </>
      );
    case "twin":
      return (
        <>
          <circle cx={12} cy={c} r={11} fill={primary} />
          <circle cx={24} cy={c} r={11} fill={accent} fillOpacity={0.85} />
        </>
      );
    case "stripes":
      return (
        <>
          <rect y={2} width={MARK_SIZE} height={8} rx={4} fill={primary} />
          <rect y={14} width={26} height={8} rx={4} fill={accent} />
          <rect y={26} width={MARK_SIZE} height={8} rx={4} fill={primary} />
        </>
      );
  }
}
