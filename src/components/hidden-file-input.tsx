import type { ComponentPropsWithRef } from "react";

/**
 * A file input a button opens. Hidden by style, not by the `hidden` attribute: antd's form styles
 * give `input[type="file"]` display: block, which would show the browser's own (English) picker
 * inside a Form.Item.
 */
export function HiddenFileInput(props: Omit<ComponentPropsWithRef<"input">, "type" | "hidden" | "style">) {
  return <input {...props} type="file" style={{ display: "none" }} />;
}
