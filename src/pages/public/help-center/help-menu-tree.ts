import type { HelpMenuKind, HelpMenuNode } from "../../../schema/help-center";

/** A leaf of the menu tree: it shows one kind of content. */
export type HelpMenuLeaf = HelpMenuNode & { code: HelpMenuKind };

export const isLeaf = (node: HelpMenuNode): node is HelpMenuLeaf => node.children.length === 0 && node.code !== "";

/** The first leaf in reading order: where the help centre opens without a menuId (spec §2). */
export function firstLeaf(nodes: readonly HelpMenuNode[]): HelpMenuLeaf | null {
  for (const node of nodes) {
    if (isLeaf(node)) return node;
    const found = firstLeaf(node.children);
    if (found) return found;
  }
  return null;
}

/** The nodes from the top down to the menu `id` (the breadcrumb), or null when it is not in the tree. */
export function pathTo(nodes: readonly HelpMenuNode[], id: number): HelpMenuNode[] | null {
  for (const node of nodes) {
    if (node.id === id) return [node];
    const below = pathTo(node.children, id);
    if (below) return [node, ...below];
  }
  return null;
}
