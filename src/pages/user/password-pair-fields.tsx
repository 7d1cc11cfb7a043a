import { LockOutlined } from "@ant-design/icons";
import type { Control } from "react-hook-form";
import { PASSWORD_MAX_LENGTH } from "../../schema/constants";
import { PASSWORD_FORMAT_MESSAGE } from "../../schema/credentials";
import { LoginInput } from "../login/login-input";

type PasswordPairValues = { passWord: string; confirmPassword: string };

export const PASSWORD_PAIR_TEXT = { password: "设置密码", newPassword: "新密码", confirm: "确认密码" } as const;

/** The new password and its repetition, shared by registration, reset and first password. */
export function PasswordPairFields<T extends PasswordPairValues>({ control, isNew = false }: { control: Control<T>; isNew?: boolean }) {
  // Every form using this has both fields; react-hook-form's generics cannot see that through T.
  const pairControl = control as unknown as Control<PasswordPairValues>;
  const passwordLabel = isNew ? PASSWORD_PAIR_TEXT.newPassword : PASSWORD_PAIR_TEXT.password;
  // Both are new passwords: the browser may offer to generate and store one, not fill in the old.
  const pairInput = { control: pairControl, icon: <LockOutlined />, maxLength: PASSWORD_MAX_LENGTH, autoComplete: "new-password", isPassword: true };
  return (
    <>
      <LoginInput {...pairInput} name="passWord" label={passwordLabel} extra={PASSWORD_FORMAT_MESSAGE} />
      <LoginInput {...pairInput} name="confirmPassword" label={PASSWORD_PAIR_TEXT.confirm} />
    </>
  );
}
