import { MailOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormField } from "../../components/form-field";
import { SendCodeButton } from "../../components/send-code-button";
import { LOGIN_TEXT } from "./login-text";

/** A sent verification code with its send button (code login, registration, reset, second step). */
export function CodeField<T extends FieldValues & { vCode: string }>(props: {
  control: Control<T>;
  sender: { secondsLeft: number; isSending: boolean };
  onSend: () => void;
}) {
  return (
    <FormField control={props.control} name={"vCode" as Path<T>}>
      {({ field, id }) => (
        <div style={{ display: "flex", gap: 8 }}>
          <Input
            {...field}
            id={id}
            size="large"
            aria-label={LOGIN_TEXT.code}
            placeholder={LOGIN_TEXT.code}
            prefix={<MailOutlined />}
            autoComplete="one-time-code"
          />
          <SendCodeButton secondsLeft={props.sender.secondsLeft} isSending={props.sender.isSending} onClick={props.onSend} />
        </div>
      )}
    </FormField>
  );
}
