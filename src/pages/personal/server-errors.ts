import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import type { Envelope } from "../../schema/envelope";

/**
 * Puts the server's field messages (`extraData.errors`, STYLE.md habit 5) under the form's own
 * fields; `rename` maps a server name onto the form's (encryptPassword → passWord). Answers whether
 * any message found its field; when none did, the caller shows the envelope's message instead.
 */
export function applyServerErrors<T extends FieldValues>(
  envelope: Envelope<unknown>,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  rename: Record<string, FieldPath<T>> = {},
): boolean {
  const errors = (envelope.extraData as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
  let isShown = false;
  for (const [name, message] of Object.entries(errors)) {
    const field = rename[name] ?? (name as FieldPath<T>);
    if (typeof message !== "string" || !fields.includes(field)) continue;
    setError(field, { type: "server", message });
    isShown = true;
  }
  return isShown;
}
