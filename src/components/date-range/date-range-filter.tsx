import { Button, DatePicker, Form, Space } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { forwardRef, useEffect, useState, type InputHTMLAttributes } from "react";
import { DATE_INPUT_MAX_LENGTH } from "../../schema/constants";
import { shanghaiDateKey } from "../../schema/shanghai-time";
import { checkTimeRange, queryDateSchema, type TimeRangeProblem } from "../../schema/time-range";

export const DATE_FORMAT = "YYYY-MM-DD";

/** The picker's text input, limited to the spec's 10 characters (antd passes no maxLength through). */
const DateInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function DateInput(props, ref) {
  return <input ref={ref} {...props} maxLength={DATE_INPUT_MAX_LENGTH} />;
});
const DATE_PICKER_PARTS = { input: DateInput };

export interface DateRangeValue {
  start: string;
  stop: string;
}

export interface DateRangeFilterProps {
  /** The applied range as YYYY-MM-DD text ("" for an open end), e.g. read from the URL. */
  value: DateRangeValue;
  onApply: (value: DateRangeValue) => void;
  label?: string;
  /** Today's date in Shanghai; a test passes a fixed clock. */
  now?: () => number;
}

/**
 * The date-range filter of spec §2 and §5: two dates of up to 10 characters, YYYY-MM-DD, real and
 * not after today; both ends or neither. The rule's messages come from src/schema/time-range.ts,
 * shown under the end they concern when the user asks to filter.
 */
export function DateRangeFilter({ value, onApply, label = "时间范围", now = Date.now }: DateRangeFilterProps) {
  const [draft, setDraft] = useState<DateRangeValue>(value);
  const [problem, setProblem] = useState<TimeRangeProblem | null>(null);
  // A range applied elsewhere (the URL changed by back/forward) replaces what is being edited.
  useEffect(() => setDraft({ start: value.start, stop: value.stop }), [value.start, value.stop]);

  const today = shanghaiDateKey(now());
  const apply = () => {
    const found = findProblem(draft, now);
    setProblem(found);
    if (!found) onApply(draft);
  };
  const picker = (end: keyof DateRangeValue, placeholder: string) => (
    <Form.Item
      label={end === "start" ? label : "至"}
      colon={end === "start"}
      validateStatus={problem?.field === end ? "error" : undefined}
      help={problem?.field === end ? problem.message : undefined}
      style={{ marginBottom: 0 }}
    >
      <DatePicker
        aria-label={placeholder}
        placeholder={placeholder}
        format={DATE_FORMAT}
        components={DATE_PICKER_PARTS}
        value={toDay(draft[end])}
        disabledDate={(day) => day.format(DATE_FORMAT) > today}
        onChange={(_day, text) => {
          setProblem(null);
          setDraft((previous) => ({ ...previous, [end]: typeof text === "string" ? text : "" }));
        }}
        style={{ width: 140 }}
      />
    </Form.Item>
  );

  return (
    <Form layout="inline" component="div" style={{ rowGap: 8 }}>
      <Space align="start" wrap>
        {picker("start", "开始日期")}
        {picker("stop", "结束日期")}
        <Button type="primary" onClick={apply}>
          查询
        </Button>
      </Space>
    </Form>
  );
}

function toDay(text: string): Dayjs | null {
  const day = text ? dayjs(text, DATE_FORMAT) : null;
  return day?.isValid() ? day : null;
}

/** Spec §5: each given end is a real YYYY-MM-DD date not after today; then the range rule. */
export function findProblem(range: DateRangeValue, now: () => number = Date.now): TimeRangeProblem | null {
  for (const field of ["start", "stop"] as const) {
    if (range[field] === "") continue;
    const checked = queryDateSchema(now).safeParse(range[field]);
    if (!checked.success) return { field, message: checked.error.issues[0].message };
  }
  return checkTimeRange(range.start, range.stop);
}
