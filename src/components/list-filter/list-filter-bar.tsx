import { CloseCircleFilled, SearchOutlined } from "@ant-design/icons";
import { Button, Form, Input, Select, Space } from "antd";
import { useState, type ReactNode } from "react";
import type { ListFilter } from "../../resources/types";
import type { TimeRangeProblem } from "../../schema/time-range";
import { DateRangeFields, findProblem } from "../date-range/date-range-filter";

export type FilterValues = Readonly<Record<string, string>>;

export interface ListFilterBarProps {
  filters: readonly ListFilter[];
  /** The applied values (from the URL), by parameter name. */
  values: FilterValues;
  /** Every parameter of the bar at once; the caller starts again at page 1. */
  onApply: (values: Record<string, string>) => void;
  /** Buttons after the filters (e.g. 新建子账号). */
  children?: ReactNode;
  /** Today in Shanghai for the date rules; a test passes a fixed clock. */
  now?: () => number;
}

/** The URL parameter names of some filters, in order. */
export function listFilterNames(filters: readonly ListFilter[]): string[] {
  return filters.flatMap((filter) => (filter.kind === "dateRange" ? [filter.start, filter.stop] : [filter.field]));
}

/**
 * The filters of every list (spec §2, §5), with one behaviour: the controls edit a draft, and the
 * 查询 button, Enter in a text field, the field's search icon and choosing an option all apply the
 * whole draft, so what the fields show is what the list is filtered by. A date range is checked
 * first; a wrong one is shown under its end and nothing is applied.
 */
export function ListFilterBar({ filters, values, onApply, children, now = Date.now }: ListFilterBarProps) {
  const names = listFilterNames(filters);
  const applied = Object.fromEntries(names.map((name) => [name, values[name] ?? ""]));
  const appliedKey = JSON.stringify(applied);
  const [draft, setDraft] = useState<Record<string, string>>(applied);
  const [problems, setProblems] = useState<Record<string, TimeRangeProblem>>({});
  // Values applied elsewhere (back/forward, a link) replace what is being edited; adjusted while
  // rendering (React's pattern for state derived from props) rather than in an effect.
  const [seenKey, setSeenKey] = useState(appliedKey);
  if (seenKey !== appliedKey) {
    setSeenKey(appliedKey);
    setDraft(applied);
  }

  const edit = (changes: Record<string, string>) => setDraft((previous) => ({ ...previous, ...changes }));

  function apply(changes: Record<string, string> = {}) {
    const next = { ...draft, ...changes };
    for (const filter of filters) if (filter.kind === "keyword") next[filter.field] = (next[filter.field] ?? "").trim();
    setDraft(next);
    const found: Record<string, TimeRangeProblem> = {};
    for (const filter of filters) {
      if (filter.kind !== "dateRange") continue;
      const problem = findProblem({ start: next[filter.start] ?? "", stop: next[filter.stop] ?? "" }, now);
      if (problem) found[filter.start] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length === 0) onApply(next);
  }

  return (
    <Space wrap align="start" style={{ marginBottom: 16 }}>
      {filters.map((filter) => {
        switch (filter.kind) {
          case "keyword":
            return (
              <Input.Search
                key={filter.field}
                // antd names its icons in English for screen readers ("close-circle", "search").
                allowClear={{ clearIcon: <CloseCircleFilled aria-label={`清空${filter.label}`} /> }}
                aria-label={filter.label}
                placeholder={filter.placeholder ?? filter.label}
                value={draft[filter.field] ?? ""}
                maxLength={filter.maxLength}
                onChange={(event) => edit({ [filter.field]: event.target.value })}
                // Enter, the icon and clearing the field all come here with the field's text.
                onSearch={(text) => apply({ [filter.field]: text })}
                enterButton={<Button icon={<SearchOutlined />} aria-label={`按${filter.label}查询`} />}
                style={{ width: filter.width ?? 240 }}
              />
            );
          case "select":
            return (
              <Select
                key={filter.field}
                allowClear
                aria-label={filter.label}
                placeholder={filter.placeholder}
                value={draft[filter.field] || undefined}
                options={[...filter.options]}
                onChange={(value?: string) => apply({ [filter.field]: value ?? "" })}
                style={{ width: filter.width ?? 150 }}
              />
            );
          case "dateRange":
            // A form only here: its items carry the date rules' messages under each end.
            return (
              <Form key={filter.start} layout="inline" component="div" style={{ rowGap: 8 }}>
                <DateRangeFields
                  label={filter.label}
                  now={now}
                  value={{ start: draft[filter.start] ?? "", stop: draft[filter.stop] ?? "" }}
                  problem={problems[filter.start] ?? null}
                  onChange={(range) => {
                    setProblems(({ [filter.start]: _cleared, ...rest }) => rest);
                    edit({ [filter.start]: range.start, [filter.stop]: range.stop });
                  }}
                />
              </Form>
            );
        }
      })}
      <Button type="primary" onClick={() => apply()}>
        查询
      </Button>
      {children}
    </Space>
  );
}
