import { Alert, App, Button, Drawer, Form, Skeleton, Space } from "antd";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useUserSession } from "../../providers/session-context";
import { useEndpointMutation, useEndpointQuery } from "../../providers/use-endpoint";
import type { SectionRoute } from "../../resources/derive";
import type { EndpointInput } from "../../schema/contract";
import { NOTARIZATION_ENDPOINTS, NotarizationFormSchema, type NotarizationDetail } from "../../schema/notarization";
import { PURCHASE_ENDPOINTS } from "../../schema/purchase";
import { readSelection } from "../evidences/evidence-selection";
import { useProfile } from "../personal/use-profile";
import { refusalOf, showOnFields } from "../kinds/server-refusal";
import { ApplicationForm, type ApplicationValues } from "./application-form";
import { chosenKinds, useChosenRecords, type ChosenEvidence } from "./evidence-picker";
import { identityProblem, IdentityMessage } from "./identity-prompt";
import { paymentProblem } from "./payment-fields";

export interface ApplicationDrawerProps {
  route: SectionRoute;
  /** The draft to go on with; null for a new application. */
  draftId: number | null;
  onClose: () => void;
  /** A draft was saved or an application submitted: the list reads itself again. */
  onChanged: () => void;
}

/**
 * The application form in a drawer over the list (the spec has no "new" page): a new application
 * (with the evidence library's selection, `?ids=`, already chosen) or a draft continued. 保存草稿
 * saves it; 提交申请 saves and submits it, after saying what happens to the payment.
 */
export default function ApplicationDrawer({ route, draftId, onClose, onChanged }: ApplicationDrawerProps) {
  const user = useUserSession();
  // A verification decided since the login shows here at once: the profile refreshes the stored session.
  useProfile();
  const offices = useEndpointQuery(NOTARIZATION_ENDPOINTS.offices, {});
  const owned = useEndpointQuery(PURCHASE_ENDPOINTS.myPackages, { uid: user?.id }, { enabled: user?.id !== undefined });
  const draft = useEndpointQuery(NOTARIZATION_ENDPOINTS.detail, { id: draftId ?? 0 }, { enabled: draftId !== null });
  const isLoading = offices.query.isLoading || owned.query.isLoading || (draftId !== null && draft.query.isLoading);
  const failure = offices.query.error ?? owned.query.error ?? (draftId !== null ? draft.query.error : null);
  const saved = draftId !== null && draft.query.isSuccess ? draft.datas : undefined;
  return (
    <Drawer open width={820} title={draftId === null ? "申请公证" : `继续填写公证申请${saved ? ` ${saved.applicationNo}` : ""}`} onClose={onClose} destroyOnHidden>
      {isLoading ? (
        <Skeleton active />
      ) : failure ? (
        <Alert type="error" showIcon message={failure.message} />
      ) : saved && saved.state !== "draft" ? (
        <Alert type="info" showIcon message="该申请已提交，不能再修改。" />
      ) : (
        <DrawerBody
          route={route}
          draft={saved ?? null}
          offices={offices.query.isSuccess ? offices.datas! : []}
          bundles={owned.query.isSuccess ? owned.datas!.bundles.filter((bundle) => bundle.status === "active") : []}
          onClose={onClose}
          onChanged={onChanged}
        />
      )}
    </Drawer>
  );
}

function DrawerBody({ route, draft, offices, bundles, onClose, onChanged }: Omit<ApplicationDrawerProps, "draftId"> & { draft: NotarizationDetail | null; offices: Parameters<typeof ApplicationForm>[0]["offices"]; bundles: Parameters<typeof ApplicationForm>[0]["bundles"] }) {
  const user = useUserSession();
  const { modal, message } = App.useApp();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ApplicationValues>();
  const [initial] = useState(() => (draft ? valuesOfDraft(draft) : newValues(readSelection(params), user)));
  const chosen = useChosenRecords(Form.useWatch("evidenceIds", form) ?? initial.evidenceIds, draft ? draft.evidence.map(chosenOfCovered) : []);
  const [id, setId] = useState<number | null>(draft?.id ?? null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<"save" | "submit" | null>(null);
  const saveDraft = useEndpointMutation(NOTARIZATION_ENDPOINTS.saveDraft);
  const submit = useEndpointMutation(NOTARIZATION_ENDPOINTS.submit);

  /** A refusal on the fields it names, else above the buttons. */
  const showRefusal = (error: unknown) => {
    const answer = refusalOf(error);
    if (!showOnFields(form, Object.keys(NotarizationFormSchema.shape), answer)) setRefusal(answer.message);
  };

  async function save(): Promise<NotarizationDetail | null> {
    setRefusal(null);
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    const checked = NotarizationFormSchema.safeParse({ ...form.getFieldsValue(true), ...(id === null ? {} : { id }) });
    if (!checked.success) return setRefusal(checked.error.issues[0].message), null;
    try {
      const saved = await saveDraft.send(checked.data as EndpointInput<typeof NOTARIZATION_ENDPOINTS.saveDraft>);
      setId(saved.id);
      onChanged();
      return saved;
    } catch (error) {
      showRefusal(error);
      return null;
    }
  }

  async function saveOnly() {
    setBusy("save");
    const saved = await save();
    setBusy(null);
    if (saved) message.success(`草稿已保存（${saved.applicationNo}）`);
  }

  /** What stops submission before anything is sent: identity, then the payment's own rules. */
  function submissionProblem(): boolean {
    const values = form.getFieldsValue(true) as ApplicationValues;
    const identity = identityProblem(user, values.applicantType);
    if (identity) return form.setFields([{ name: "applicantType", errors: [identity] }]), true;
    const office = offices.find((candidate) => candidate.id === values.officeId);
    const payment = paymentProblem({ payment: values.payment, office, bundles, bundleId: values.bundleId, kinds: chosenKinds(values.evidenceIds, chosen) });
    if (payment) return form.setFields([{ name: payment.field, errors: [payment.message] }]), true;
    return false;
  }

  async function saveAndSubmit() {
    setRefusal(null);
    try {
      await form.validateFields();
    } catch {
      return;
    }
    if (submissionProblem()) return;
    const isBundle = form.getFieldValue("payment") === "bundle";
    modal.confirm({
      title: "提交公证申请",
      content: isBundle ? "提交后所选公证套餐将被冻结，审核通过后计为已使用；公证处受理前您可以撤回。" : "提交后将从账户余额预扣公证费，审核通过后结算；撤回或被驳回全额退回。",
      okText: "确认提交",
      cancelText: "取消",
      onOk: async () => {
        setBusy("submit");
        const saved = await save();
        if (saved) {
          try {
            const submitted = await submit.send({ id: saved.id });
            message.success(`公证申请已提交（${submitted.applicationNo}）`);
            onChanged();
            onClose();
          } catch (error) {
            showRefusal(error);
          }
        }
        setBusy(null);
      },
    });
  }

  return (
    <>
      <ApplicationForm form={form} initialValues={initial} route={route} user={user} offices={offices} bundles={bundles} chosen={chosen} />
      {refusal && <Alert type="error" showIcon style={{ marginBottom: 16 }} message={<IdentityMessage message={refusal} />} />}
      <Space>
        <Button onClick={onClose}>取消</Button>
        <Button onClick={() => void saveOnly()} loading={busy === "save"} disabled={busy === "submit"}>
          保存草稿
        </Button>
        <Button type="primary" onClick={() => void saveAndSubmit()} loading={busy === "submit"} disabled={busy === "save"}>
          提交申请
        </Button>
      </Space>
    </>
  );
}

function newValues(evidenceIds: number[], user: ReturnType<typeof useUserSession>): ApplicationValues {
  return { evidenceIds, useDescription: "", applicantType: "person", contactName: user?.userRealName ?? "", contactMobile: user?.mobile ?? "", contactEmail: user?.mail ?? "", address: "" };
}

function valuesOfDraft(draft: NotarizationDetail): ApplicationValues {
  return {
    evidenceIds: draft.evidence.map((item) => item.evidenceId),
    purpose: draft.purpose,
    useDescription: draft.useDescription,
    applicantType: draft.applicantType,
    officeId: draft.office.id,
    contactName: draft.contactName,
    contactMobile: draft.contactMobile,
    contactEmail: draft.contactEmail ?? "",
    address: draft.address ?? "",
    payment: draft.payment,
    ...(draft.bundleId === null ? {} : { bundleId: draft.bundleId }),
  };
}

function chosenOfCovered(item: NotarizationDetail["evidence"][number]): ChosenEvidence {
  return { id: item.evidenceId, name: item.name, kind: item.kind, certificateNo: item.certificateNo };
}
