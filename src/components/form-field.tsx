import { Form } from "antd";
import { useId, type ReactElement, type ReactNode } from "react";
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from "react-hook-form";

export interface FieldRenderProps<T extends FieldValues, N extends FieldPath<T>> {
  field: ControllerRenderProps<T, N>;
  /** For the input, so the visible label (or a test) finds it. */
  id: string;
  isInvalid: boolean;
}

/**
 * One react-hook-form field inside an antd Form.Item: the zod message of the field (or the one a
 * server answer put there) shows under it, the antd way. Every account form uses it, so all of
 * them show errors alike.
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>>(props: {
  control: Control<T>;
  name: N;
  label?: ReactNode;
  extra?: ReactNode;
  children: (render: FieldRenderProps<T, N>) => ReactElement;
}) {
  const id = useId();
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={props.label}
          htmlFor={id}
          // A hint would only repeat the message once there is one.
          extra={fieldState.error ? undefined : props.extra}
          validateStatus={fieldState.error ? "error" : undefined}
          help={fieldState.error?.message}
        >
          {props.children({ field, id, isInvalid: Boolean(fieldState.error) })}
        </Form.Item>
      )}
    />
  );
}
