import type { BundleStatus } from "./bundle";
import { defineStateMachine } from "./state-machine";

/**
 * A notarisation bundle's life (spec §4), written once as data: active for 90 days from purchase,
 * then expired; frozen while an online notarisation application uses it; active again when that
 * application is rejected or cancelled before review; consumed when it is approved. Consumed and
 * expired are final.
 */
export const BUNDLE_TRANSITIONS = {
  expire: { from: ["active"], to: "expired", by: "housekeeping" },
  freeze: { from: ["active"], to: "frozen", by: "notarisation" },
  unfreeze: { from: ["frozen"], to: "active", by: "notarisation" },
  consume: { from: ["frozen"], to: "consumed", by: "notarisation" },
} as const satisfies Record<string, { from: readonly BundleStatus[]; to: BundleStatus; by: "housekeeping" | "notarisation" }>;
export type BundleAction = keyof typeof BUNDLE_TRANSITIONS;

export const BUNDLE_STATUS_LABELS: Record<BundleStatus, string> = { active: "可用", frozen: "已冻结", consumed: "已使用", expired: "已过期" };

export const BUNDLE_LIFECYCLE = defineStateMachine("bundle", BUNDLE_TRANSITIONS);

/** A transition the bundle's state does not allow: freezing a frozen bundle, consuming an active one. */
export const BundleStateError = BUNDLE_LIFECYCLE.Error;
export type BundleStateError = InstanceType<typeof BundleStateError>;

/** The state `action` leads to from `state`; throws BundleStateError when the machine has no such edge. */
export const bundleTransition = BUNDLE_LIFECYCLE.next;
