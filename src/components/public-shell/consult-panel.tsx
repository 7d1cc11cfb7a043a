import { PhoneOutlined, QuestionCircleOutlined } from "@ant-design/icons";
import { Space, Tag, Typography } from "antd";
import { Link } from "react-router";
import { navItem } from "./public-nav-items";
import { CONSULT_TEXT, PUBLIC_SHELL_TEXT } from "./public-shell-text";

/**
 * What 在线咨询 opens: where help actually is (the help centre, the hotline). There is no chat
 * service behind this platform, and the panel says so instead of imitating one.
 */
export function ConsultPanel() {
  return (
    <div style={{ width: 240 }}>
      <Typography.Text strong>{CONSULT_TEXT.title}</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: "6px 0 12px" }}>
        {CONSULT_TEXT.noChat}
      </Typography.Paragraph>
      <Space direction="vertical" size={12} style={{ width: "100%" }}>
        <div>
          <Space size={6}>
            <QuestionCircleOutlined style={{ color: "#1677ff" }} />
            <Typography.Text>{CONSULT_TEXT.helpCentre}</Typography.Text>
          </Space>
          <div style={{ paddingLeft: 20 }}>
            <Link to={navItem("helpCenter").path}>{CONSULT_TEXT.goHelpCentre}</Link>
          </div>
        </div>
        <div>
          <Space size={6}>
            <PhoneOutlined style={{ color: "#1677ff" }} />
            <Typography.Text>{CONSULT_TEXT.hotline}</Typography.Text>
          </Space>
          <div style={{ paddingLeft: 20 }}>
            <HotlineNumber />
          </div>
        </div>
      </Space>
    </div>
  );
}

/** The placeholder hotline, always with its 示例 mark (spec §9 does not give the number). */
export function HotlineNumber({ tone = "light" }: { tone?: "light" | "dark" }) {
  return (
    <span title={PUBLIC_SHELL_TEXT.hotlineNote}>
      <span style={{ fontWeight: 600, fontVariantNumeric: "tabular-nums", color: tone === "dark" ? "#fff" : "#0b1a33" }}>
        {PUBLIC_SHELL_TEXT.hotlineNumber}
      </span>
      <Tag color="orange" bordered={false} style={{ marginInlineStart: 6, marginInlineEnd: 0 }}>
        {PUBLIC_SHELL_TEXT.hotlineSample}
      </Tag>
    </span>
  );
}
