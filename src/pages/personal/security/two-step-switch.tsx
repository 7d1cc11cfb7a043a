import { App, Space, Switch, Typography } from "antd";
import { useState } from "react";
import { usePersonalServices } from "../../../providers/personal-context";
import { ResultCode } from "../../../schema/envelope";
import { useProfile } from "../use-profile";

export const TWO_STEP_TEXT = {
  label: "登录二次验证",
  hint: "开启后，每次登录除密码外还需输入发送到绑定手机（无手机时为邮箱）的验证码。",
  on: "已开启登录二次验证",
  off: "已关闭登录二次验证",
} as const;

/** The two-step login switch (users.two_step_enabled; the login answers 3012 while it is on). */
export function TwoStepSwitch() {
  const { personal } = usePersonalServices();
  const { message } = App.useApp();
  const profile = useProfile();
  const [isSaving, setSaving] = useState(false);

  async function change(enabled: boolean) {
    if (!profile.data) return;
    setSaving(true);
    const envelope = await personal.setTwoStep(enabled).finally(() => setSaving(false));
    if (envelope.code === ResultCode.success && envelope.datas) {
      profile.setData({ ...profile.data, twoStepEnabled: envelope.datas.twoStepEnabled });
      message.success(enabled ? TWO_STEP_TEXT.on : TWO_STEP_TEXT.off);
    } else {
      message.error(envelope.message);
    }
  }

  return (
    <Space align="start" style={{ marginBottom: 16, padding: "12px 16px", background: "#fafafa", borderRadius: 6, width: "100%" }}>
      <Switch
        checked={profile.data?.twoStepEnabled ?? false}
        loading={profile.isLoading || isSaving}
        disabled={!profile.data}
        onChange={change}
        aria-label={TWO_STEP_TEXT.label}
      />
      <div>
        <Typography.Text strong>{TWO_STEP_TEXT.label}</Typography.Text>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {TWO_STEP_TEXT.hint}
        </Typography.Paragraph>
      </div>
    </Space>
  );
}
