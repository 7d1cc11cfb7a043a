import { useCanWithoutCache } from "@refinedev/core";
import { useEffect, useState } from "react";
import { useUserSession } from "../../providers/session-context";

/**
 * The items the access-control provider allows (spec §6: a sub-account sees no child-account or
 * invoice management). Asked again whenever the signed-in user changes. Until the answers are in,
 * nothing is shown, so a forbidden item never flashes up.
 */
export function usePermittedItems<T extends { resource: string }>(items: readonly T[]): T[] {
  const { can } = useCanWithoutCache();
  const user = useUserSession();
  const [allowed, setAllowed] = useState<ReadonlySet<string> | null>(null);
  // Compared as text: a fresh array naming the same sections is no reason to ask again.
  const resources = items.map((item) => item.resource).join("\n");

  useEffect(() => {
    const names = resources.split("\n");
    if (!can) return setAllowed(new Set(names));
    let isCurrent = true;
    Promise.all(names.map((resource) => can({ resource, action: "list" }).then((answer) => answer.can)))
      .then((answers) => isCurrent && setAllowed(new Set(names.filter((_name, index) => answers[index]))))
      .catch(() => isCurrent && setAllowed(new Set()));
    return () => {
      isCurrent = false;
    };
  }, [can, resources, user?.id, user?.accountType]);

  return allowed ? items.filter((item) => allowed.has(item.resource)) : [];
}
