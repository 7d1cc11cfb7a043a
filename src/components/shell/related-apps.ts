import { DappCategory, type Dapp } from "../../schema/common";

/** One group of the related-applications drawer: a category of spec §3 with its shown apps. */
export interface RelatedAppGroup {
  category: Dapp["category"];
  title: string;
  apps: Dapp[];
}

const CATEGORY_ORDER = [1, 2, 3, 4] as const satisfies readonly Dapp["category"][];
const DISPLAYED = 1;

/**
 * The drawer's groups (spec §2, §3): categories 1-4 in that order, only apps with display 1, in the
 * server's order within a category; a category with nothing to show is left out.
 */
export function groupRelatedApps(apps: readonly Dapp[]): RelatedAppGroup[] {
  const shown = apps.filter((app) => app.display === DISPLAYED);
  return CATEGORY_ORDER.map((category) => ({ category, title: DappCategory[category], apps: shown.filter((app) => app.category === category) })).filter(
    (group) => group.apps.length > 0,
  );
}
