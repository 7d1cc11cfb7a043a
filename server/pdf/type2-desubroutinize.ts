/**
 * A Type 2 charstring with its subroutine calls replaced by the subroutines' bodies (Adobe Technical
 * Note #5177), so that a subset font needs no subroutine tables at all. Noto Sans CJK keeps 28,516
 * local subroutines in one of its font dicts; a subset that keeps the numbering must carry an entry
 * for every one of them, which made each certificate's font 100 KB and its encoding most of the
 * drawing time. Inlining draws exactly the same outline: the interpreter would execute these very
 * bytes in this very order.
 *
 * What is tracked is only what the inlining needs: the byte span of the last number pushed (the
 * subroutine's number, which the call pops), how many arguments the stack holds (hint operators'
 * stem count decides how many mask bytes follow hintmask/cntrmask), and where a charstring ends.
 * Anything this does not model (the arithmetic and storage operators, whose results could be a
 * subroutine number) throws, and the caller falls back to the font library's own subsetter.
 */

export interface Type2Subroutines {
  readonly global: readonly Uint8Array[];
  readonly local: readonly Uint8Array[];
}

const OPERATOR = { hstem: 1, vstem: 3, callsubr: 10, return: 11, escape: 12, endchar: 14, hstemhm: 18, hintmask: 19, cntrmask: 20, vstemhm: 23, shortint: 28, callgsubr: 29 } as const;
const STEM_OPERATORS: ReadonlySet<number> = new Set([OPERATOR.hstem, OPERATOR.vstem, OPERATOR.hstemhm, OPERATOR.vstemhm]);
/** The escaped operators that only draw (flex) and so clear the stack like any path operator. */
const ESCAPED_PATH_OPERATORS: ReadonlySet<number> = new Set([34, 35, 36, 37]);
/** Subroutines may nest at most 10 deep (the Type 2 limit). */
const MAX_NESTING = 10;

/** The subroutine number bias of a table with `count` entries. */
export function subroutineBias(count: number): number {
  return count < 1240 ? 107 : count < 33900 ? 1131 : 32768;
}

export function desubroutinize(charstring: Uint8Array, subroutines: Type2Subroutines): Uint8Array {
  const out: number[] = [];
  const state = { stems: 0, stackDepth: 0, lastNumber: null as { at: number; value: number } | null };
  const biases = { global: subroutineBias(subroutines.global.length), local: subroutineBias(subroutines.local.length) };

  /** Copies `code` into `out`, inlining its calls; true once the charstring has ended (endchar). */
  const run = (code: Uint8Array, depth: number): boolean => {
    if (depth > MAX_NESTING) throw new Error("Type 2 charstring: subroutines nested too deep");
    let p = 0;
    while (p < code.length) {
      const b0 = code[p];
      if (b0 >= 32 || b0 === OPERATOR.shortint) {
        const length = numberLength(b0);
        state.lastNumber = { at: out.length, value: numberAt(code, p) };
        for (let i = 0; i < length; i += 1) out.push(code[p + i]);
        state.stackDepth += 1;
        p += length;
        continue;
      }
      if (b0 === OPERATOR.callsubr || b0 === OPERATOR.callgsubr) {
        const pushed = state.lastNumber;
        if (!pushed || pushed.at + numberLength(out[pushed.at]) !== out.length) throw new Error("Type 2 charstring: a subroutine number that was not just pushed");
        out.length = pushed.at;
        state.stackDepth -= 1;
        state.lastNumber = null;
        const table = b0 === OPERATOR.callsubr ? subroutines.local : subroutines.global;
        const body = table[pushed.value + (b0 === OPERATOR.callsubr ? biases.local : biases.global)];
        if (!body) throw new Error(`Type 2 charstring: no subroutine ${pushed.value}`);
        if (run(body, depth + 1)) return true;
        p += 1;
        continue;
      }
      if (b0 === OPERATOR.return) {
        if (depth === 0) throw new Error("Type 2 charstring: return outside a subroutine");
        return false;
      }
      state.lastNumber = null;
      if (b0 === OPERATOR.escape) {
        if (!ESCAPED_PATH_OPERATORS.has(code[p + 1])) throw new Error(`Type 2 charstring: operator 12 ${code[p + 1]} is not supported`);
        out.push(b0, code[p + 1]);
        state.stackDepth = 0;
        p += 2;
        continue;
      }
      out.push(b0);
      p += 1;
      if (b0 === OPERATOR.endchar) return true;
      if (STEM_OPERATORS.has(b0)) {
        // An odd argument is the glyph's width, given with the first stack-clearing operator.
        state.stems += state.stackDepth >> 1;
      } else if (b0 === OPERATOR.hintmask || b0 === OPERATOR.cntrmask) {
        // Arguments left before the first mask are an implicit vstem.
        state.stems += state.stackDepth >> 1;
        const maskBytes = (state.stems + 7) >> 3;
        for (let i = 0; i < maskBytes; i += 1) out.push(code[p + i]);
        p += maskBytes;
      }
      state.stackDepth = 0;
    }
    if (depth === 0) throw new Error("Type 2 charstring: no endchar");
    // A subroutine that runs off its end without return: Type 2 requires one.
    throw new Error("Type 2 charstring: subroutine without return");
  };

  run(charstring, 0);
  return Uint8Array.from(out);
}

function numberLength(b0: number): number {
  return b0 === OPERATOR.shortint ? 3 : b0 <= 246 ? 1 : b0 <= 254 ? 2 : 5;
}

function numberAt(code: Uint8Array, p: number): number {
  const b0 = code[p];
  if (b0 === OPERATOR.shortint) return ((code[p + 1] << 24) | (code[p + 2] << 16)) >> 16;
  if (b0 <= 246) return b0 - 139;
  if (b0 <= 250) return (b0 - 247) * 256 + code[p + 1] + 108;
  if (b0 <= 254) return -(b0 - 251) * 256 - code[p + 1] - 108;
  // 16.16 fixed: a subroutine number is never one, so its value only matters if it is called.
  return ((code[p + 1] << 24) | (code[p + 2] << 16) | (code[p + 3] << 8) | code[p + 4]) / 65536;
}
