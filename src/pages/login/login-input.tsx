import type { ReactNode } from "react";
import type { Control, FieldValues, Path } from "react-hook-form";
import { LightFormField } from "../../components/light-form-field";
import { LightInput } from "../../components/light/light-input";
import { LightPasswordInput } from "../../components/light/light-password-input";

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
 * Light (no antd), since the login panel is on the home page (issue 20).
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
  const Input = props.isPassword ? LightPasswordInput : LightInput;
  return (
    <LightFormField control={props.control} name={props.name} extra={props.extra}>
      {({ field, id, isInvalid }) => {
        const input = (
          <Input
            {...field}
            id={id}
            size="large"
            isInvalid={isInvalid}
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
    </LightFormField>
  );
}
