import { describe, expect, it } from "vitest";
import { normaliseTextArea, splitTextAreaLines, TextAreaLinesSchema, TextAreaSchema } from "../../../src/schema/text";

describe("text area normalisation", () => {
  it.each([
    ["", "", []],
    ["   ", "", []],
    ["one", "one", ["one"]],
    ["  one  \n\n two\t", "one\ntwo", ["one", "two"]],
    ["a\r\nb\rc\n", "a\nb\nc", ["a", "b", "c"]],
    ["\n\n  \n中 文  \n", "中 文", ["中 文"]],
  ])("%j → %j", (input, text, lines) => {
    expect(normaliseTextArea(input)).toBe(text);
    expect(splitTextAreaLines(input)).toEqual(lines);
    expect(TextAreaSchema.parse(input)).toBe(text);
    expect(TextAreaLinesSchema.parse(input)).toEqual(lines);
  });
});
