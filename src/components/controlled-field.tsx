import { useId, type ReactElement, type ReactNode } from "react";
import { Controller, type Control, type ControllerRenderProps, type FieldPath, type FieldValues } from "react-hook-form";

export interface FieldRenderProps<T extends FieldValues, N extends FieldPath<T>> {
  field: ControllerRenderProps<T, N>;
  /** For the input, so the visible label (or a test) finds it. */
  id: string;
  isInvalid: boolean;
}

/** What a field's frame (antd's Form.Item, or the light kit's LightField) draws around the input. */
export interface FieldFrameProps {
  id: string;
  label?: ReactNode;
  /** The zod message of the field, or the one a server answer put there. */
  error?: string;
  /** The hint, left out once there is an error: it would only repeat the message. */
  extra?: ReactNode;
  children: ReactElement;
}

export interface ControlledFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label?: ReactNode;
  extra?: ReactNode;
  children: (render: FieldRenderProps<T, N>) => ReactElement;
}

/**
 * One react-hook-form field in a frame that shows its message under it. FormField (antd) and
 * LightFormField (the light kit) differ only in the frame, so every form shows errors alike.
 */
export function ControlledField<T extends FieldValues, N extends FieldPath<T>>({ frame: Frame, ...props }: ControlledFieldProps<T, N> & { frame: (props: FieldFrameProps) => ReactElement }) {
  const id = useId();
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field, fieldState }) => (
        <Frame id={id} label={props.label} error={fieldState.error?.message} extra={fieldState.error ? undefined : props.extra}>
          {props.children({ field, id, isInvalid: Boolean(fieldState.error) })}
        </Frame>
      )}
    />
  );
}
