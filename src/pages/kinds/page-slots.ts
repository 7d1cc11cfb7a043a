import { use } from "react";
import type { PageDefinition, PageSlots, PageSlotsLoader } from "../../resources/types";

const NO_SLOTS: Promise<PageSlots> = Promise.resolve({});
const loaded = new WeakMap<PageSlotsLoader, Promise<PageSlots>>();

/**
 * A generic page's slots, loaded once with the page (React's `use` needs the same promise on every
 * render); a page without slots has none.
 */
export function usePageSlots(page: PageDefinition): PageSlots {
  const load = page.kind === "custom" ? undefined : page.slots;
  if (!load) return use(NO_SLOTS);
  let slots = loaded.get(load);
  if (!slots) {
    slots = load().then((module) => module.default);
    loaded.set(load, slots);
  }
  return use(slots);
}
