/** How a selection of the library's evidence travels between its pages: `?ids=1,2`. */
export const SELECTION_PARAM = "ids";

export function withSelection(path: string, ids: readonly number[]): string {
  return ids.length === 0 ? path : `${path}?${new URLSearchParams({ [SELECTION_PARAM]: ids.join(",") })}`;
}

/** The ids named in the URL; anything that is not a positive integer is dropped. */
export function readSelection(search: URLSearchParams): number[] {
  const ids = (search.get(SELECTION_PARAM) ?? "").split(",").filter((part) => /^[1-9]\d{0,15}$/.test(part)).map(Number);
  return [...new Set(ids)];
}
