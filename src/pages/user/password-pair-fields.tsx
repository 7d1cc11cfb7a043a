import { LockOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { Control } from "react-hook-form";
import { FormField } from "../../components/form-field";
import { PASSWORD_MAX_LENGTH } from "../../schema/constants";
import { PASSWORD_FORMAT_MESSAGE } from "../../schema/credentials";

type PasswordPairValues = { passWord: string; confirmPassword: string };

export const PASSWORD_PAIR_TEXT = { password: "设置密码", newPassword: "新密码", confirm: "确认密码" } as const;

/** The new password and its repetition, shared by registration, reset and first password. */
export function PasswordPairFields<T extends PasswordPairValues>({ control, isNew = false }: { control: Control<T>; isNew?: boolean }) {
  // Every form using this has both fields; react-hook-form's generics cannot see that through T.
  const pairControl = control as unknown as Control<PasswordPairValues>;
  const passwordLabel = isNew ? PASSWORD_PAIR_TEXT.newPassword : PASSWORD_PAIR_TEXT.password;
  return (
    <>
      <FormField control={pairControl} name="passWord" extra={PASSWORD_FORMAT_MESSAGE}>
        {({ field, id }) => (
          <Input.Password
            {...field}
            id={id}
            size="large"
            aria-label={passwordLabel}
            placeholder={passwordLabel}
            prefix={<LockOutlined />}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
          />
        )}
      </FormField>
      <FormField control={pairControl} name="confirmPassword">
        {({ field, id }) => (
          <Input.Password
            {...field}
            id={id}
            size="large"
            aria-label={PASSWORD_PAIR_TEXT.confirm}
            placeholder={PASSWORD_PAIR_TEXT.confirm}
            prefix={<LockOutlined />}
            maxLength={PASSWORD_MAX_LENGTH}
            autoComplete="new-password"
          />
        )}
      </FormField>
    </>
  );
}
