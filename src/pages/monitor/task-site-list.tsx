import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Form, Input, InputNumber, Select, Space } from "antd";
import type { Rule } from "antd/es/form";
import { MONITOR_LIMITS, MONITOR_SITE_KIND_LABELS } from "../../schema/monitor";
import { MONITOR_SITE_KINDS } from "../../schema/monitor-pricing";

const KIND_OPTIONS = MONITOR_SITE_KINDS.map(({ kind }) => ({ value: kind, label: MONITOR_SITE_KIND_LABELS[kind] }));

/** A fresh site row: a web site crawled to the default bounds. */
export const NEW_SITE = { kind: "web", name: "", url: "", depth: MONITOR_LIMITS.defaultDepth, maxPages: MONITOR_LIMITS.defaultPages } as const;

/**
 * The sites to watch (sites[]): kind, name, start address, crawl depth and page limit per row,
 * added and removed; `ruleFor` checks a row's field by the task's schema.
 */
export function TaskSiteList({ ruleFor }: { ruleFor: (index: number, field: string) => Rule }) {
  return (
    <Form.List name="sites">
      {(rows, { add, remove }) => (
        <Space direction="vertical" style={{ width: "100%" }}>
          {rows.map((row, index) => (
            <Space key={row.key} align="start" wrap role="group" aria-label={`站点 ${index + 1}`}>
              <Form.Item name={[row.name, "kind"]} rules={[ruleFor(index, "kind")]} style={{ marginBottom: 8 }}>
                <Select aria-label="站点类型" options={KIND_OPTIONS} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[row.name, "name"]} rules={[ruleFor(index, "name")]} validateTrigger="onBlur" style={{ marginBottom: 8 }}>
                <Input aria-label="站点名称" placeholder="站点名称" maxLength={MONITOR_LIMITS.siteNameMax + 1} style={{ width: 150 }} />
              </Form.Item>
              <Form.Item name={[row.name, "url"]} rules={[ruleFor(index, "url")]} validateTrigger="onBlur" style={{ marginBottom: 8 }}>
                <Input aria-label="起始地址" placeholder="https://" style={{ width: 260 }} />
              </Form.Item>
              <Form.Item name={[row.name, "depth"]} rules={[ruleFor(index, "depth")]} style={{ marginBottom: 8 }}>
                <InputNumber aria-label="抓取深度" addonBefore="深度" min={0} max={MONITOR_LIMITS.maxDepth} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={[row.name, "maxPages"]} rules={[ruleFor(index, "maxPages")]} style={{ marginBottom: 8 }}>
                <InputNumber aria-label="页面上限" addonBefore="页面" min={1} max={MONITOR_LIMITS.maxPages} style={{ width: 140 }} />
              </Form.Item>
              <Button aria-label={`删除站点 ${index + 1}`} icon={<DeleteOutlined />} disabled={rows.length === 1} onClick={() => remove(row.name)} />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} disabled={rows.length >= MONITOR_LIMITS.maxSites} onClick={() => add({ ...NEW_SITE })}>
            添加站点
          </Button>
        </Space>
      )}
    </Form.List>
  );
}
