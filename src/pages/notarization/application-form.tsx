import { Form, Input, Radio, Select, type FormInstance } from "antd";
import type { SectionRoute } from "../../resources/derive";
import type { UserSession } from "../../providers/session-store";
import { formatYuan } from "../../schema/money";
import {
  APPLICANT_TYPE_LABELS,
  APPLICANT_TYPES,
  NOTARIZATION_LIMITS,
  NOTARIZATION_PURPOSE_LABELS,
  NOTARIZATION_PURPOSES,
  NotarizationFormSchema,
  type NotaryOffice,
} from "../../schema/notarization";
import type { OwnedBundle } from "../../schema/purchase";
import { schemaRule } from "../kinds/schema-form";
import { chosenKinds, EvidencePicker, type ChosenRecords } from "./evidence-picker";
import { IdentityPrompt } from "./identity-prompt";
import { PaymentFields } from "./payment-fields";

/** The form's values as its fields hold them (the call's input before the schema's coercion). */
export interface ApplicationValues {
  evidenceIds: number[];
  purpose?: string;
  useDescription: string;
  applicantType?: "person" | "organisation";
  officeId?: number;
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  address: string;
  payment?: "bundle" | "fee";
  bundleId?: number;
}

const officeLabel = (office: NotaryOffice) =>
  [office.region ? `${office.name}（${office.region}）` : office.name, office.feeFen === null ? "仅受理公证套餐" : `公证费 ${formatYuan(office.feeFen)} 元/件`].join(" · ");

/** Where the chosen office is and how to reach it, as far as it says. */
const officeContact = (office: NotaryOffice) => [office.address, office.phone].filter(Boolean).join(" · ");

/**
 * The application (spec §2, issue 17): evidence, purpose, applicant, office, contact and payment.
 * Every field is checked by the call's own schema (NotarizationFormSchema) with its Chinese
 * message at the field; the payment's own checks (a bundle chosen, the bundle use rule, an office
 * without a fee) are the drawer's, on submit.
 */
export function ApplicationForm({ form, initialValues, route, user, offices, bundles, chosen }: { form: FormInstance<ApplicationValues>; initialValues: ApplicationValues; route: SectionRoute; user: UserSession | null; offices: readonly NotaryOffice[]; bundles: readonly OwnedBundle[]; chosen: ChosenRecords }) {
  const rule = (name: keyof ApplicationValues) => [schemaRule(NotarizationFormSchema, name, () => form.getFieldsValue(true))];
  const evidenceIds = Form.useWatch("evidenceIds", form) ?? [];
  const applicantType = Form.useWatch("applicantType", form);
  const officeId = Form.useWatch("officeId", form);
  const payment = Form.useWatch("payment", form);
  const bundleId = Form.useWatch("bundleId", form);
  const office = offices.find((candidate) => candidate.id === officeId);
  return (
    <Form form={form} initialValues={initialValues} layout="vertical" validateTrigger="onBlur" aria-label="公证申请">
      <Form.Item name="evidenceIds" label="公证证据" required rules={rule("evidenceIds")} validateTrigger="onChange">
        <EvidencePicker route={route} chosen={chosen} />
      </Form.Item>
      <Form.Item name="purpose" label="公证用途" required rules={rule("purpose")} validateTrigger="onChange">
        <Radio.Group options={NOTARIZATION_PURPOSES.map((value) => ({ value, label: NOTARIZATION_PURPOSE_LABELS[value] }))} />
      </Form.Item>
      <Form.Item name="useDescription" label="用途说明" rules={rule("useDescription")}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={NOTARIZATION_LIMITS.useDescriptionMax} showCount placeholder="例如：用于某某著作权侵权纠纷诉讼（选填）" />
      </Form.Item>
      <Form.Item name="applicantType" label="申请人类型" required rules={rule("applicantType")} validateTrigger="onChange" extra={<IdentityPrompt user={user} type={applicantType} />}>
        <Radio.Group options={APPLICANT_TYPES.map((value) => ({ value, label: APPLICANT_TYPE_LABELS[value] }))} />
      </Form.Item>
      <Form.Item name="officeId" label="公证处" required rules={rule("officeId")} validateTrigger="onChange" extra={office && officeContact(office)}>
        <Select placeholder="选择受理在线公证的公证处" options={offices.map((candidate) => ({ value: candidate.id, label: officeLabel(candidate) }))} />
      </Form.Item>
      <Form.Item name="contactName" label="联系人" required rules={rule("contactName")}>
        <Input maxLength={NOTARIZATION_LIMITS.contactNameMax} />
      </Form.Item>
      <Form.Item name="contactMobile" label="联系电话" required rules={rule("contactMobile")}>
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="contactEmail" label="联系邮箱" rules={rule("contactEmail")}>
        <Input placeholder="选填" />
      </Form.Item>
      <Form.Item name="address" label="通讯地址" rules={rule("address")}>
        <Input maxLength={NOTARIZATION_LIMITS.addressMax} placeholder="选填，用于邮寄纸质公证书" />
      </Form.Item>
      <PaymentFields context={{ payment, office, bundles, bundleId, kinds: chosenKinds(evidenceIds, chosen) }} rules={{ payment: rule("payment"), bundleId: rule("bundleId") }} />
    </Form>
  );
}
