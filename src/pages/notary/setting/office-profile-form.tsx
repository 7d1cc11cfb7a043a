import { App, Descriptions, Typography } from "antd";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { NOTARIAL_TEMPLATE_PLACEHOLDERS, NOTARY_CONSOLE_ENDPOINTS, OfficeProfileFormSchema, type NotaryOfficeSetting } from "../../../schema/notary-console";
import { SchemaForm } from "../../kinds/schema-form";
import { refusalOf } from "../../kinds/server-refusal";

const FEN_PER_YUAN = 100;

/**
 * The office's profile, fee and template as the generic schema form (OfficeProfileFormSchema),
 * with the placeholders the template may use listed beside it; read-only for staff who are not
 * the office's administrator.
 */
export function OfficeProfileForm({ setting, onSaved }: { setting: NotaryOfficeSetting; onSaved: () => void }) {
  const { message } = App.useApp();
  const save = useEndpointMutation(NOTARY_CONSOLE_ENDPOINTS.saveSetting);
  return (
    <div style={{ display: "flex", gap: 32, flexWrap: "wrap", alignItems: "flex-start" }}>
      <div style={{ flex: "1 1 480px", maxWidth: 560 }}>
        <SchemaForm
          schema={OfficeProfileFormSchema}
          submitLabel="保存设置"
          disabled={!setting.canEdit}
          initialValues={{
            region: setting.region,
            address: setting.address,
            phone: setting.phone,
            introduction: setting.introduction,
            feeYuan: setting.feeFen === null ? undefined : setting.feeFen / FEN_PER_YUAN,
            acceptsApplications: setting.acceptsApplications,
            templateTitle: setting.templateTitle,
            templateBody: setting.templateBody,
            templateFooter: setting.templateFooter,
          }}
          onSubmit={async (values) => {
            try {
              await save.send(values as never);
              message.success("本处设置已保存");
              onSaved();
              return null;
            } catch (error) {
              return refusalOf(error);
            }
          }}
        />
      </div>
      <div style={{ flex: "1 1 300px" }}>
        <Typography.Title level={5}>模板占位符</Typography.Title>
        <Typography.Paragraph type="secondary">正文与落款中以花括号写出的占位符，出证时按申请内容填入；所涉证据清单总是以表格附在正文之后。</Typography.Paragraph>
        <Descriptions
          bordered
          size="small"
          column={1}
          aria-label="模板占位符"
          items={Object.entries(NOTARIAL_TEMPLATE_PLACEHOLDERS).map(([name, meaning]) => ({ key: name, label: <code>{`{${name}}`}</code>, children: meaning }))}
        />
      </div>
    </div>
  );
}
