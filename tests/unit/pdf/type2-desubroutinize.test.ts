import { describe, expect, it } from "vitest";
import { desubroutinize, subroutineBias } from "../../../server/pdf/type2-desubroutinize.js";

/** One-byte Type 2 numbers (-107..107). */
const n = (value: number) => value + 139;
const OP = { rmoveto: 21, rlineto: 5, callsubr: 10, callgsubr: 29, return: 11, endchar: 14, hstemhm: 18, hintmask: 19, vstemhm: 23 };
const bytes = (...values: number[]) => Uint8Array.from(values);

describe("desubroutinize", () => {
  it.each([
    [0, 107],
    [1239, 107],
    [1240, 1131],
    [33_899, 1131],
    [33_900, 32_768],
  ])("biases the numbers of a table of %i subroutines by %i", (count, bias) => {
    expect(subroutineBias(count)).toBe(bias);
  });

  it("puts the called local and global subroutines' bodies where the calls were, without their return", () => {
    const local = [bytes(n(5), n(6), OP.rlineto, OP.return)];
    const global = [bytes(n(1), n(2), OP.rmoveto, n(-107), OP.callsubr, OP.return)];
    const charstring = bytes(n(-107), OP.callgsubr, n(7), n(8), OP.rlineto, OP.endchar);
    expect([...desubroutinize(charstring, { local, global })]).toEqual([n(1), n(2), OP.rmoveto, n(5), n(6), OP.rlineto, n(7), n(8), OP.rlineto, OP.endchar]);
  });

  it("keeps the operands pushed before a call, which the subroutine consumes", () => {
    const local = [bytes(OP.rlineto, OP.return)];
    expect([...desubroutinize(bytes(n(3), n(4), n(-107), OP.callsubr, OP.endchar), { local, global: [] })]).toEqual([n(3), n(4), OP.rlineto, OP.endchar]);
  });

  it("ends the glyph at an endchar inside a subroutine", () => {
    const local = [bytes(n(1), n(1), OP.rmoveto, OP.endchar)];
    expect([...desubroutinize(bytes(n(-107), OP.callsubr, n(9), n(9), OP.rlineto, OP.endchar), { local, global: [] })]).toEqual([n(1), n(1), OP.rmoveto, OP.endchar]);
  });

  it("copies a hintmask's mask bytes, counting the stems declared in subroutines and the implicit vstem", () => {
    // Five stems in all (two hstemhm in a subroutine, three vstems given to hintmask): one mask byte.
    const local = [bytes(n(0), n(10), n(20), n(10), OP.hstemhm, OP.return)];
    const charstring = bytes(n(-107), OP.callsubr, n(0), n(5), n(10), n(5), n(20), n(5), OP.hintmask, 0b1111_1000, n(1), n(1), OP.rmoveto, OP.endchar);
    expect([...desubroutinize(charstring, { local, global: [] })]).toEqual([n(0), n(10), n(20), n(10), OP.hstemhm, n(0), n(5), n(10), n(5), n(20), n(5), OP.hintmask, 0b1111_1000, n(1), n(1), OP.rmoveto, OP.endchar]);
  });

  it("takes nine stems as two mask bytes, so the byte after them is read as an operator again", () => {
    const stems = Array.from({ length: 18 }, (_, i) => n(i));
    const charstring = bytes(...stems, OP.hstemhm, OP.hintmask, 0xff, 0x80, OP.endchar);
    expect([...desubroutinize(charstring, { local: [], global: [] })]).toEqual([...charstring]);
  });

  it.each([
    ["an arithmetic operator (whose result could be a subroutine number)", bytes(n(1), n(2), 12, 10, OP.callsubr, OP.endchar)],
    ["a call of a subroutine that does not exist", bytes(n(5), OP.callsubr, OP.endchar)],
    ["a charstring without endchar", bytes(n(1), n(1), OP.rmoveto)],
  ])("refuses %s (the caller then uses the font library's subsetter)", (_case, charstring) => {
    expect(() => desubroutinize(charstring, { local: [bytes(OP.return)], global: [] })).toThrow();
  });
});
