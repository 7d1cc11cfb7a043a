type AsyncMethod = (...args: never[]) => Promise<unknown>;
/** The names of T's methods that answer with a promise (optional ones included). */
export type AsyncMethodName<T> = { [K in keyof T]-?: NonNullable<T[K]> extends AsyncMethod ? K : never }[keyof T];

/**
 * An object whose methods `names` call those of the object `load` resolves to, which is loaded on
 * the first call: a client can be handed out at start while its code (and what it imports) arrives
 * only when it is first used (issue 20). Listing the names keeps the object's shape exact, so code
 * that asks whether a method exists (refine) sees what the real object has.
 */
export function forwardCalls<T, K extends AsyncMethodName<T>>(load: () => Promise<T>, names: readonly K[]): Pick<T, K> {
  const forward = (name: K) => async (...args: unknown[]) => {
    const target = await load();
    return (target[name] as (...args: unknown[]) => unknown).apply(target, args);
  };
  return Object.fromEntries(names.map((name) => [name, forward(name)])) as Pick<T, K>;
}
