import { App, Alert, Button, Card } from "antd";
import { FactList } from "../../../components/fact-list";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import { describeFields, recordRows } from "../../../resources/field-meta";
import { NOTARY_CONSOLE_ENDPOINTS, NOTARY_CONSOLE_MESSAGES, NotaryOfficeSettingSchema, type NotaryOfficeSetting } from "../../../schema/notary-console";
import { refusalOf } from "../../kinds/server-refusal";

const SEAL_FIELDS = describeFields(NotaryOfficeSettingSchema.shape.seal.unwrap());

/** The office's electronic seal (its certificate from the platform's seal CA): its facts, and 签发 / 更新 for the administrator. */
export function SealCard({ setting, onIssued }: { setting: NotaryOfficeSetting; onIssued: () => void }) {
  const { modal, message } = App.useApp();
  const issueSeal = useEndpointMutation(NOTARY_CONSOLE_ENDPOINTS.issueSeal);
  const { seal } = setting;
  const label = seal ? "更新印章证书" : "签发印章证书";
  const confirm = () =>
    modal.confirm({
      title: label,
      content: seal ? "将为本处签发新的印章证书，此后出具的公证书使用新证书盖章；已出具的公证书不受影响。" : "将由平台电子印章CA为本处签发印章证书，签发后即可出具公证书。",
      okText: `确认${seal ? "更新" : "签发"}`,
      cancelText: "取消",
      onOk: async () => {
        try {
          await issueSeal.send({});
          message.success("印章证书已签发");
          onIssued();
        } catch (error) {
          message.error(refusalOf(error).message);
        }
      },
    });
  return (
    <Card
      title="电子印章"
      type="inner"
      extra={
        setting.canEdit && (
          <Button onClick={confirm} loading={issueSeal.mutation.isPending}>
            {label}
          </Button>
        )
      }
    >
      {seal ? <FactList items={recordRows(SEAL_FIELDS, seal).map((row) => ({ key: row.name, label: row.label, children: row.value }))} /> : <Alert type="warning" showIcon message={NOTARY_CONSOLE_MESSAGES.sealNotReady} />}
    </Card>
  );
}
