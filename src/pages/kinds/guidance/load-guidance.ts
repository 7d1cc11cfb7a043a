import type { GuidanceContent, MainSectionDefinition } from "../../../resources/types";

type GuidanceTexts = Readonly<Record<string, GuidanceContent>>;

const loaded = new WeakMap<MainSectionDefinition, Promise<GuidanceTexts>>();

/**
 * The guidance texts of a main section, fetched once: React's `use` needs the same promise on
 * every render, and the chunk need not be asked for twice. A main section without texts has none.
 */
export function loadGuidanceTexts(main: MainSectionDefinition): Promise<GuidanceTexts> {
  let texts = loaded.get(main);
  if (!texts) {
    texts = main.loadGuidance ? main.loadGuidance().then((module) => module.default) : Promise.resolve({});
    loaded.set(main, texts);
  }
  return texts;
}
