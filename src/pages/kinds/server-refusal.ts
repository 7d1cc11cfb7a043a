import type { HttpError } from "@refinedev/core";
import type { FormInstance } from "antd";

/** The server's refusal of a form: its message, and `{field: message}` for the fields it names. */
export interface FormRefusal {
  message: string;
  errors?: Record<string, string>;
}

/** A refusal as the data provider rejects with it (HttpError). */
export function refusalOf(error: unknown): FormRefusal {
  const failure = error as HttpError;
  return { message: failure.message, errors: failure.errors as Record<string, string> | undefined };
}

/**
 * The one mapping of a server refusal onto a form (STYLE.md habit 5): each `{field: message}` goes
 * to the field of the same name, since forms name their fields as the server does; no rename
 * tables. Answers whether any message found a field; when none did, the caller shows the message.
 */
export function showOnFields(form: FormInstance, fieldNames: readonly string[], refusal: FormRefusal): boolean {
  const shown = Object.entries(refusal.errors ?? {}).filter(([name]) => fieldNames.includes(name));
  form.setFields(shown.map(([name, message]) => ({ name, errors: [message] })));
  return shown.length > 0;
}
