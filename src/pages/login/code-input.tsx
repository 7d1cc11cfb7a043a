import { Input } from "antd";
import type { ReactNode } from "react";
import type { ControllerRenderProps, FieldValues, Path } from "react-hook-form";
import { SendCodeButton } from "../../components/send-code-button";

/** A verification-code input with its send button beside it (code login, registration, reset, second step). */
export function CodeInput<T extends FieldValues>(props: {
  field: ControllerRenderProps<T, Path<T>>;
  id: string;
  label: string;
  prefix?: ReactNode;
  sender: { secondsLeft: number; isSending: boolean };
  onSend: () => void;
}) {
  return (
    <div style={{ display: "flex", gap: 8 }}>
      <Input
        {...props.field}
        id={props.id}
        size="large"
        aria-label={props.label}
        placeholder={props.label}
        prefix={props.prefix}
        autoComplete="one-time-code"
        inputMode="numeric"
      />
      <SendCodeButton secondsLeft={props.sender.secondsLeft} isSending={props.sender.isSending} onClick={props.onSend} />
    </div>
  );
}
