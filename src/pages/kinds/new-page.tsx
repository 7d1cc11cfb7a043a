import { useCreate, useInvalidate } from "@refinedev/core";
import { App } from "antd";
import { useNavigate } from "react-router";
import { toHttpError } from "../../providers/data-provider";
import { isPageOpen } from "../../resources/availability";
import { pageData } from "../../resources/define";
import { pagePath } from "../../resources/derive";
import type { SectionPageProps } from "../../resources/derive";
import type { PageSlots } from "../../resources/types";
import { ResultCode } from "../../schema/envelope";
import { FeaturePending } from "./feature-pending";
import { usePageSlots } from "./page-slots";
import { SchemaForm } from "./schema-form";
import { refusalOf, type FormRefusal } from "./server-refusal";
import { SectionPageFrame } from "./section-page-frame";

/** The new kind: the section's form, generated from its zod schema; once saved, on to the section's list. */
export default function NewPage({ route }: SectionPageProps) {
  const isReady = isPageOpen(route.section, route.page);
  return <SectionPageFrame route={route}>{isReady ? <CreateForm route={route} /> : <FeaturePending route={route} />}</SectionPageFrame>;
}

type Send = (values: Record<string, unknown>) => Promise<FormRefusal | null>;

function CreateForm({ route }: SectionPageProps) {
  const { useCreate: useOwnCreate } = usePageSlots(route.page);
  return useOwnCreate ? <SentBySection route={route} useOwnCreate={useOwnCreate} /> : <SentByDataProvider route={route} />;
}

/** The section's create call through the data provider, with the form's values as they are. */
function SentByDataProvider({ route }: SectionPageProps) {
  const { mutateAsync } = useCreate();
  const { endpoints } = pageData(route.section, route.page);
  const send: Send = async (values) => {
    try {
      await mutateAsync({ resource: route.resource, values, meta: { endpoints }, successNotification: false, errorNotification: false });
      return null;
    } catch (error) {
      return refusalOf(error);
    }
  };
  return <SavingForm route={route} send={send} />;
}

/** The section makes the call itself (slots `useCreate`); its lists are read again afterwards. */
function SentBySection({ route, useOwnCreate }: SectionPageProps & { useOwnCreate: NonNullable<PageSlots["useCreate"]> }) {
  const create = useOwnCreate();
  const invalidate = useInvalidate();
  const send: Send = async (values) => {
    const envelope = await create(values);
    if (envelope.code !== ResultCode.success) return refusalOf(toHttpError(envelope));
    await invalidate({ resource: route.resource, invalidates: ["list", "many"] });
    return null;
  };
  return <SavingForm route={route} send={send} />;
}

function SavingForm({ route, send }: SectionPageProps & { send: Send }) {
  const { section, page } = route;
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = section.pages.find((candidate) => candidate.kind === "dataList");
  return (
    <SchemaForm
      schema={pageData(section, page).form!}
      submitLabel="提交"
      onSubmit={async (values) => {
        const refusal = await send(values);
        if (refusal) return refusal;
        message.success(`${page.title}已提交`);
        if (list) navigate(pagePath(route, list));
        return null;
      }}
    />
  );
}
