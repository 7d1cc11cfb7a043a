import { Button } from "antd";

/**
 * A form's main button with the states of spec §4: idle, in progress (its own text, disabled so a
 * second click cannot send twice), idle again when the attempt ends.
 */
export function SubmitButton({ isPending, idleText, pendingText }: { isPending: boolean; idleText: string; pendingText: string }) {
  return (
    <Button type="primary" htmlType="submit" block size="large" loading={isPending} disabled={isPending}>
      {isPending ? pendingText : idleText}
    </Button>
  );
}
