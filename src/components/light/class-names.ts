/** The class attribute of a light control: the names that apply, the others left out. */
export const classNames = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(" ");
