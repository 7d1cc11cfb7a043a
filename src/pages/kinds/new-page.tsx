import { useCreate } from "@refinedev/core";
import { App } from "antd";
import { useNavigate } from "react-router";
import { isPageOpen } from "../../resources/availability";
import { pageData } from "../../resources/define";
import { pagePath } from "../../resources/derive";
import type { SectionPageProps } from "../../resources/derive";
import { FeaturePending } from "./feature-pending";
import { SchemaForm } from "./schema-form";
import { refusalOf } from "./server-refusal";
import { SectionPageFrame } from "./section-page-frame";

/** The new kind: the section's form, generated from its zod schema; once saved, on to the section's list. */
export default function NewPage({ route }: SectionPageProps) {
  const isReady = isPageOpen(route.section, route.page);
  return <SectionPageFrame route={route}>{isReady ? <CreateForm route={route} /> : <FeaturePending route={route} />}</SectionPageFrame>;
}

function CreateForm({ route }: SectionPageProps) {
  const { section, page } = route;
  const data = pageData(section, page);
  const { mutateAsync } = useCreate();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = section.pages.find((candidate) => candidate.kind === "dataList");

  return (
    <SchemaForm
      schema={data.form!}
      submitLabel="提交"
      onSubmit={async (values) => {
        try {
          await mutateAsync({ resource: route.resource, values, meta: { endpoints: data.endpoints }, successNotification: false, errorNotification: false });
        } catch (error) {
          return refusalOf(error);
        }
        message.success(`${page.title}已提交`);
        if (list) navigate(pagePath(route, list));
        return null;
      }}
    />
  );
}
