import { App, Button, Modal, Typography } from "antd";
import { useState } from "react";
import { useEndpointMutation } from "../../providers/use-endpoint";
import { LAWYER_SERVICE_ENDPOINTS, LawyerIntroductionFormSchema, type LawyerProfile } from "../../schema/lawyer-service";
import { SchemaForm } from "../kinds/schema-form";
import { refusalOf } from "../kinds/server-refusal";
import { LawyerCard } from "./lawyer-card";

/** A lawyer's own profile as users see it, and the introduction they write themselves (the rest is the platform's record). */
export function LawyerIntroductionButton({ profile }: { profile: LawyerProfile }) {
  const { send } = useEndpointMutation(LAWYER_SERVICE_ENDPOINTS.saveIntroduction);
  const { message } = App.useApp();
  const [shown, setShown] = useState<LawyerProfile | null>(null);

  async function submit(values: Record<string, unknown>) {
    try {
      setShown(await send({ introduction: String(values.introduction ?? "") }));
    } catch (error) {
      return refusalOf(error);
    }
    message.success("简介已保存");
    return null;
  }

  const current = shown ?? profile;
  return (
    <>
      <Button onClick={() => setShown(profile)}>我的律师资料</Button>
      <Modal open={shown !== null} title="我的律师资料" footer={null} onCancel={() => setShown(null)} destroyOnHidden>
        <LawyerCard lawyer={current} />
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          {current.isActive ? "姓名、执业机构、擅长领域与执业证号由平台登记，如需修改请联系平台。" : "平台已取消您的律师标记：您不会出现在律师列表中，已有咨询仍可处理。"}
        </Typography.Paragraph>
        <SchemaForm schema={LawyerIntroductionFormSchema} submitLabel="保存简介" initialValues={{ introduction: profile.introduction }} onSubmit={submit} />
      </Modal>
    </>
  );
}
