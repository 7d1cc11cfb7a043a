/** A stretch of a passage, marked when the other side has the same wording there. */
export interface WordingSegment {
  text: string;
  isShared: boolean;
}

/** Longer passages are shown as they are: the comparison is quadratic and a screen shows a few hundred characters. */
const MAX_COMPARED_CHARS = 3000;

/**
 * The two sides of a matched passage cut into shared and changed stretches (a longest common
 * subsequence of characters), so the page shows which of the work's words the copy kept and
 * where it was edited.
 */
export function commonWording(work: string, found: string): { work: WordingSegment[]; found: WordingSegment[] } {
  const a = [...work];
  const b = [...found];
  if (a.length * b.length > MAX_COMPARED_CHARS * MAX_COMPARED_CHARS) return { work: [{ text: work, isShared: false }], found: [{ text: found, isShared: false }] };
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
  }
  const sharedA = new Array<boolean>(a.length).fill(false);
  const sharedB = new Array<boolean>(b.length).fill(false);
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      sharedA[i++] = true;
      sharedB[j++] = true;
    } else if (lengths[i + 1][j] >= lengths[i][j + 1]) i++;
    else j++;
  }
  return { work: segments(a, sharedA), found: segments(b, sharedB) };
}

function segments(chars: readonly string[], shared: readonly boolean[]): WordingSegment[] {
  const result: WordingSegment[] = [];
  chars.forEach((char, index) => {
    const last = result.at(-1);
    if (last && last.isShared === shared[index]) last.text += char;
    else result.push({ text: char, isShared: shared[index] });
  });
  return result;
}

/** A snippet cut at the keywords it contains, for highlighting them. */
export function keywordSegments(snippet: string, keywords: readonly string[]): WordingSegment[] {
  const words = keywords.filter((word) => word !== "");
  if (words.length === 0) return [{ text: snippet, isShared: false }];
  const pattern = new RegExp(`(${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "gi");
  return snippet
    .split(pattern)
    .filter((text) => text !== "")
    .map((text) => ({ text, isShared: words.some((word) => word.toLowerCase() === text.toLowerCase()) }));
}
