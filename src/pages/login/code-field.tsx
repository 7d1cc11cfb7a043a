import MailOutlined from "@ant-design/icons-svg/es/asn/MailOutlined";
import { LightIcon } from "../../components/light/light-icon";
import type { Control, FieldValues, Path } from "react-hook-form";
import { SendCodeButton } from "../../components/send-code-button";
import { LOGIN_TEXT } from "./login-text";
import { LoginInput } from "./login-input";

/** A sent verification code with its send button (code login, registration, reset, second step). */
export function CodeField<T extends FieldValues & { vCode: string }>(props: {
  control: Control<T>;
  sender: { secondsLeft: number; isSending: boolean };
  onSend: () => void;
}) {
  return (
    <LoginInput
      control={props.control}
      name={"vCode" as Path<T>}
      label={LOGIN_TEXT.code}
      icon={<LightIcon icon={MailOutlined} />}
      autoComplete="one-time-code"
      addon={<SendCodeButton secondsLeft={props.sender.secondsLeft} isSending={props.sender.isSending} onClick={props.onSend} />}
    />
  );
}
