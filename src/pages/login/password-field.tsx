import { LockOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormField } from "../../components/form-field";
import { PASSWORD_MAX_LENGTH } from "../../schema/constants";
import { LOGIN_TEXT } from "./login-text";

/** The password of an existing account (password login, binding by password). */
export function PasswordField<T extends FieldValues & { passWord: string }>({ control }: { control: Control<T> }) {
  return (
    <FormField control={control} name={"passWord" as Path<T>}>
      {({ field, id }) => (
        <Input.Password
          {...field}
          id={id}
          size="large"
          aria-label={LOGIN_TEXT.password}
          placeholder={LOGIN_TEXT.password}
          prefix={<LockOutlined />}
          maxLength={PASSWORD_MAX_LENGTH}
          autoComplete="current-password"
        />
      )}
    </FormField>
  );
}
