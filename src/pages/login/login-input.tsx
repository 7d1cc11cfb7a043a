import { Input } from "antd";
import type { ReactNode } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormField } from "../../components/form-field";

/**
 * `name` may be left out only by a form that has the field under its usual name, so a form with
 * other names (the notary login's `account`, `password`) must say which one it means.
 */
export type FieldNameProp<T extends FieldValues, Usual extends string> = { name?: Path<T> } & (Usual extends Path<T>
  ? unknown
  : { name: Path<T> });

/**
 * The one input of the account forms (account, password, captcha, code, new password): large,
 * an icon in front and no visible label, so its words are both aria-label and placeholder. An
 * addon (captcha picture, send button) sits beside it. The field components only fill this in.
 */
export function LoginInput<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  icon: ReactNode;
  autoComplete: string;
  maxLength?: number;
  isPassword?: boolean;
  extra?: ReactNode;
  addon?: ReactNode;
  onBlur?: () => void;
}) {
  const Field = props.isPassword ? Input.Password : Input;
  return (
    <FormField control={props.control} name={props.name} extra={props.extra}>
      {({ field, id }) => {
        const input = (
          <Field
            {...field}
            id={id}
            size="large"
            aria-label={props.label}
            placeholder={props.label}
            prefix={props.icon}
            maxLength={props.maxLength}
            autoComplete={props.autoComplete}
            onBlur={props.onBlur ?? field.onBlur}
          />
        );
        if (!props.addon) return input;
        return (
          <div style={{ display: "flex", gap: 8 }}>
            {input}
            {props.addon}
          </div>
        );
      }}
    </FormField>
  );
}
