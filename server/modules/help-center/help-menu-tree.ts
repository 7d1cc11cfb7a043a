import type { HelpMenuKind, HelpMenuNode } from "../../../src/schema/help-center.js";

export const HELP_ROOT_NAME = "帮助中心";

/** The columns of a menu the tree needs. */
export type MenuFacts = { id: number; parent_id: number | null; name: string; code: HelpMenuKind | null; published: boolean };

/** A published leaf the public can reach: every menu above it is published too. */
export type VisibleLeaf = { id: number; name: string; code: HelpMenuKind; /** Names from the root's child down to the leaf. */ path: string[] };

/**
 * The help centre's menu tree as the public sees it, built from every menu row in listing order
 * (parent, then sort_order, id). A menu is visible when it and every menu above it are published;
 * a group is shown only when some visible leaf is below it.
 */
export class HelpMenuTree {
  private readonly byId: Map<number, MenuFacts>;
  private readonly children = new Map<number | null, MenuFacts[]>();

  constructor(menus: readonly MenuFacts[]) {
    this.byId = new Map(menus.map((menu) => [menu.id, menu]));
    for (const menu of menus) {
      const siblings = this.children.get(menu.parent_id) ?? [];
      siblings.push(menu);
      this.children.set(menu.parent_id, siblings);
    }
  }

  /** datas of getHelpCenterList: the root (id 0, code "") and below it the visible menus. */
  root(): HelpMenuNode {
    return { id: 0, name: HELP_ROOT_NAME, code: "", children: this.nodesUnder(null) };
  }

  /** The visible leaf `id`, or undefined (unknown, a group, or hidden by an unpublished menu). */
  leaf(id: number): VisibleLeaf | undefined {
    const menu = this.byId.get(id);
    if (!menu?.code) return undefined;
    const path: string[] = [];
    for (let current: MenuFacts | undefined = menu; current; current = current.parent_id === null ? undefined : this.byId.get(current.parent_id)) {
      if (!current.published) return undefined;
      path.unshift(current.name);
      if (current.parent_id !== null && !this.byId.has(current.parent_id)) return undefined;
    }
    return { id: menu.id, name: menu.name, code: menu.code, path };
  }

  /** Every visible leaf. */
  leaves(): VisibleLeaf[] {
    return [...this.byId.keys()].map((id) => this.leaf(id)).filter((leaf): leaf is VisibleLeaf => leaf !== undefined);
  }

  /** `id` and every menu below it, whatever their states (an unpublished group hides all of them). */
  subtree(id: number): number[] {
    return [id, ...(this.children.get(id) ?? []).flatMap((child) => this.subtree(child.id))];
  }

  /** Whether `id` is `ancestor` or lies below it. */
  isWithin(id: number, ancestor: number): boolean {
    for (let current = this.byId.get(id); current; current = current.parent_id === null ? undefined : this.byId.get(current.parent_id)) {
      if (current.id === ancestor) return true;
    }
    return false;
  }

  private nodesUnder(parentId: number | null): HelpMenuNode[] {
    const nodes: HelpMenuNode[] = [];
    for (const menu of this.children.get(parentId) ?? []) {
      if (!menu.published) continue;
      if (menu.code) {
        nodes.push({ id: menu.id, name: menu.name, code: menu.code, children: [] });
        continue;
      }
      const children = this.nodesUnder(menu.id);
      if (children.length > 0) nodes.push({ id: menu.id, name: menu.name, code: "", children });
    }
    return nodes;
  }
}
