import { Button, type ButtonProps } from "antd";

/** A row action drawn as a link, aligned with the row's real links. */
export function RowLinkButton(props: ButtonProps) {
  return <Button type="link" size="small" style={{ padding: 0 }} {...props} />;
}
