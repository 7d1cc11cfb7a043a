import { z } from "zod";
import { pageQuerySchema } from "../paging";

/**
 * The life of a piece of public content the console edits (banners, product news, related
 * applications), written once as data (DESIGN.md §8): a row starts as a draft that only the
 * console shows; publishing puts it on the public pages, taking it offline (下线) removes it
 * again, and it may be published again later. Only a draft that was never public can be deleted:
 * what the public has seen stays as a row (and in the audit trail). Editing is allowed in every
 * state, and an edit of a published row is public at once. Every transition needs the console
 * permission "content.edit" (the endpoints declare it; the server checks it in one place).
 */

export const PUBLICATION_STATES = {
  draft: "草稿",
  published: "已发布",
  unpublished: "已下线",
} as const;
export type PublicationState = keyof typeof PUBLICATION_STATES;
export const PUBLICATION_STATE_KEYS = Object.keys(PUBLICATION_STATES) as [PublicationState, ...PublicationState[]];

export const PublicationStateSchema = z.enum(PUBLICATION_STATE_KEYS, { error: "状态只能为草稿、已发布或已下线" }).meta({
  title: "状态",
  labels: PUBLICATION_STATES,
  colors: { draft: "default", published: "success", unpublished: "warning" },
});

/** Where a transition leads: a state, or the row's end. */
export type PublicationTarget = PublicationState | "deleted";

export interface PublicationTransition {
  /** The button's wording in the console. */
  label: string;
  from: readonly PublicationState[];
  to: PublicationTarget;
  /** Why it is refused from any other state. */
  refusal: string;
}

export const PUBLICATION_TRANSITIONS = {
  publish: { label: "发布", from: ["draft", "unpublished"], to: "published", refusal: "该内容已发布" },
  unpublish: { label: "下线", from: ["published"], to: "unpublished", refusal: "该内容未发布，无需下线" },
  delete: { label: "删除", from: ["draft"], to: "deleted", refusal: "只能删除从未发布过的草稿；发布过的内容请下线" },
} as const satisfies Record<string, PublicationTransition>;
export type PublicationAction = keyof typeof PUBLICATION_TRANSITIONS;

export type TransitionOutcome = { allowed: true; to: PublicationTarget } | { allowed: false; message: string };

/** What `action` does to a row in `state`: the state it leads to, or the refusal. */
export function transitionOf(state: PublicationState, action: PublicationAction): TransitionOutcome {
  const transition: PublicationTransition = PUBLICATION_TRANSITIONS[action];
  return transition.from.includes(state) ? { allowed: true, to: transition.to } : { allowed: false, message: transition.refusal };
}

export const isActionAllowed = (state: PublicationState, action: PublicationAction) => transitionOf(state, action).allowed;

// ---- Order ----

export const MOVE_DIRECTIONS = { up: "上移", down: "下移" } as const;
export type MoveDirection = keyof typeof MOVE_DIRECTIONS;
export const MoveDirectionSchema = z.enum(["up", "down"], { error: "移动方向只能为上移或下移" }).meta({ title: "移动方向", labels: MOVE_DIRECTIONS });

export const MOVE_REFUSALS: Record<MoveDirection, string> = {
  up: "已经排在最前，无法上移",
  down: "已经排在最后，无法下移",
};

/**
 * The order after moving `id` one place `direction` among `orderedIds` (the rows shown together,
 * first shown first); null when it is already at that end or not among them.
 */
export function movedOrder<T>(orderedIds: readonly T[], id: T, direction: MoveDirection): T[] | null {
  const from = orderedIds.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= orderedIds.length) return null;
  const order = [...orderedIds];
  [order[from], order[to]] = [order[to], order[from]];
  return order;
}

// ---- Console calls shared by every kind of content ----

export const ContentCode = {
  /** No such row (never created, or deleted). */
  notFound: 3130,
  /** The row's state does not allow the action (PUBLICATION_TRANSITIONS). */
  transitionRefused: 3131,
  /** The row is already first or last. */
  cannotMove: 3132,
} as const;

export const CONTENT_NOT_FOUND_MESSAGE = "该内容不存在或已删除";
export const CONTENT_ID_MESSAGE = "编号必须为正整数";

export const ContentIdSchema = z.coerce.number({ error: CONTENT_ID_MESSAGE }).int(CONTENT_ID_MESSAGE).positive(CONTENT_ID_MESSAGE).meta({ title: "编号" });
export const ContentIdInputSchema = z.object({ id: ContentIdSchema });
export const MoveInputSchema = z.object({ id: ContentIdSchema, direction: MoveDirectionSchema });

/** A console list: a page of rows in the order the public sees them, optionally of one state. */
export const ContentListQuerySchema = pageQuerySchema().extend({
  state: PublicationStateSchema.optional(),
});
export type ContentListQuery = z.infer<typeof ContentListQuerySchema>;

/** What every console record carries beside its own fields. */
export const PublicationFieldsSchema = z.object({
  id: z.number().int().meta({ title: "编号", row: "never" }),
  state: PublicationStateSchema,
  sortOrder: z.number().int().meta({ title: "排序", row: "never" }),
  createdAt: z.number().int().meta({ title: "创建时间", format: "datetime" }),
  updatedAt: z.number().int().meta({ title: "更新时间", format: "datetime" }),
});
export type PublicationFields = z.infer<typeof PublicationFieldsSchema>;
