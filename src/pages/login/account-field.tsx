import { UserOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormField } from "../../components/form-field";
import { LOGIN_TEXT } from "./login-text";

/** The phone-or-e-mail field of the account forms. */
export function AccountField<T extends FieldValues & { userName: string }>({ control, onBlur }: { control: Control<T>; onBlur?: () => void }) {
  return (
    <FormField control={control} name={"userName" as Path<T>}>
      {({ field, id }) => (
        <Input
          {...field}
          id={id}
          size="large"
          aria-label={LOGIN_TEXT.account}
          placeholder={LOGIN_TEXT.account}
          prefix={<UserOutlined />}
          autoComplete="username"
          onBlur={onBlur ?? field.onBlur}
        />
      )}
    </FormField>
  );
}
